import Foundation
import Rules
import XCTest

extension XCTestCase {
    /// A rules directory holding `yaml` as its `rules.yaml`, in a temporary folder removed after
    /// the test, loaded without fixtures (the test brings its own timeline) and without warnings.
    func temporaryWorkspace(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-rules-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try yaml.write(to: directory.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
        let workspace = try Workspace.load(directory: directory.path, readFixtures: false)
        XCTAssertEqual(workspace.warnings, [], file: file, line: line)
        return workspace
    }
}
