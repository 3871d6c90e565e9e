import Foundation
import XCTest

/// `deploy/leavenow@.service`, the template for several workers on one PostgreSQL state, checked by
/// `systemd-analyze verify` as an instance, and what it must say to the worker.
final class DeployTemplateUnitTests: XCTestCase {
    private func template() throws -> String {
        try String(contentsOf: DeployUnitTests.deploy.appendingPathComponent("leavenow@.service"), encoding: .utf8)
    }

    func testTheTemplateVerifiesAsAnInstance() throws {
        guard let analyze = CommandRun.which("systemd-analyze") else {
            XCTFail("systemd-analyze is missing: apt-get install -y systemd")
            return
        }
        let directory = try TemporaryDirectory("template")
        defer { directory.remove() }
        let text = try template().replacingOccurrences(of: "/usr/local/bin/leavenow", with: "/bin/true")
        try text.write(toFile: directory.path + "/leavenow@.service", atomically: true, encoding: .utf8)
        try text.write(toFile: directory.path + "/leavenow@2.service", atomically: true, encoding: .utf8)
        let run = try CommandRun(analyze, ["verify", "--recursive-errors=no", directory.path + "/leavenow@2.service"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.errors, "", "verify warns")
    }

    func testTheTemplateRunsOnTheSharedStateWithItsOwnCacheAndNoPasswordInTheUnit() throws {
        let text = try template()
        XCTAssertTrue(text.contains("--state ${LEAVENOW_STATE_URL} --cache-dir ${STATE_DIRECTORY}"), text)
        XCTAssertTrue(text.contains("StateDirectory=leavenow-%i\n"), "one cache per worker")
        XCTAssertTrue(text.contains("Environment=PGPASSFILE=%d/pgpass"), "the password comes from a credential")
        XCTAssertTrue(text.contains("Type=notify") && text.contains("WatchdogSec="), "supervised like the single worker")
    }
}
