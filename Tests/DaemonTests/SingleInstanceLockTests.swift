import Daemon
import Foundation
import Glibc
import Messages
import XCTest

final class SingleInstanceLockTests: XCTestCase {
    /// `flock -n FILE true` from util-linux, in a child process: its exit status.
    private func flockInChild(_ path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = ["-n", path, "true"]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func testAnotherProcessCannotTakeTheLock() throws {
        let directory = try TemporaryDirectory("lock")
        defer { directory.remove() }
        let lock = try SingleInstanceLock(stateDirectory: directory.path)
        XCTAssertEqual(lock.path, directory.path + "/" + SingleInstanceLock.fileName)
        XCTAssertEqual(try String(contentsOfFile: lock.path, encoding: .utf8), "\(getpid())\n")
        XCTAssertEqual(try flockInChild(lock.path), 1, "flock -n must fail while the worker holds the lock")
        lock.release()
        XCTAssertFalse(lock.isHeld)
        XCTAssertEqual(try flockInChild(lock.path), 0, "free after release")
    }

    func testSecondWorkerIsRefusedNamingTheFileAndPid() throws {
        let directory = try TemporaryDirectory("lock")
        defer { directory.remove() }
        let first = try SingleInstanceLock(stateDirectory: directory.path, processID: 31337)
        XCTAssertThrowsError(try SingleInstanceLock(stateDirectory: directory.path)) { error in
            XCTAssertEqual(error as? DaemonError, .lockHeld(path: first.path, pid: 31337))
            XCTAssertEqual(String(describing: error),
                           "another leavenow worker (pid 31337) holds the lock \(first.path): two workers must not share "
                           + "one state directory; stop the other worker or give this one another --state")
            XCTAssertEqual(Language.japanese.speaking { String(describing: error) },
                           "別の leavenow ワーカー（pid 31337）がロック \(first.path) を持っています: 2 つのワーカーで 1 つの状態ディレクトリは"
                           + "共有できません。もう一方のワーカーを止めるか、このワーカーに別の --state を指定してください")
        }
        _ = first
    }

    func testLockIsFreedWhenTheValueGoes() throws {
        let directory = try TemporaryDirectory("lock")
        defer { directory.remove() }
        do {
            let lock = try SingleInstanceLock(stateDirectory: directory.path)
            XCTAssertTrue(lock.isHeld)
        }
        let again = try SingleInstanceLock(stateDirectory: directory.path)
        XCTAssertTrue(again.isHeld)
    }

    func testMissingStateDirectoryIsAnErrorNamingTheFile() throws {
        let path = NSTemporaryDirectory() + "leavenow-no-state-\(UUID().uuidString)"
        XCTAssertThrowsError(try SingleInstanceLock(stateDirectory: path)) { error in
            XCTAssertEqual(String(describing: error), "open(\(path)/\(SingleInstanceLock.fileName)) failed: No such file or directory (errno 2)")
        }
    }
}
