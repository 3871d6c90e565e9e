import Foundation
import Store
import XCTest

final class StatePathsTests: StoreTestCase {
    func testTheDefaultDatabasePathFollowsSystemdThenXDGThenHome() {
        XCTAssertEqual(StatePaths.defaultDatabase(environment: ["STATE_DIRECTORY": "/var/lib/leavenow:/var/lib/other",
                                                                "XDG_STATE_HOME": "/x", "HOME": "/home/u"]),
                       "/var/lib/leavenow/state.db")
        XCTAssertEqual(StatePaths.defaultDatabase(environment: ["XDG_STATE_HOME": "/x/state/", "HOME": "/home/u"]),
                       "/x/state/leavenow/state.db")
        XCTAssertEqual(StatePaths.defaultDatabase(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"]),
                       "/home/u/.local/state/leavenow/state.db")
        XCTAssertEqual(StatePaths.defaultDatabase(environment: ["HOME": "/home/u"]), "/home/u/.local/state/leavenow/state.db")
    }

    func testTheStoreCreatesMissingDirectoriesOwnerOnly() throws {
        let path = directory + "/state/leavenow/state.db"
        _ = try SQLiteStore(path: path)
        XCTAssertEqual(try mode(directory + "/state/leavenow"), 0o700)
        XCTAssertEqual(try mode(directory + "/state"), 0o700)
        XCTAssertEqual(try mode(path), 0o600)
    }

    func testAnExistingDirectoryKeepsItsMode() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
        _ = try openStore()
        XCTAssertEqual(try mode(directory), 0o755)
    }

    func testAFileInTheWayOfTheDirectoryIsAClearError() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/blocker", contents: Data()))
        XCTAssertThrowsError(try SQLiteStore(path: directory + "/blocker/state.db")) { error in
            XCTAssertTrue("\(error)".contains("blocker is not a directory"), "\(error)")
        }
    }
}
