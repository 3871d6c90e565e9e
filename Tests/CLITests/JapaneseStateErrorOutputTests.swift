import Foundation
import XCTest

/// The PostgreSQL store's own errors in Japanese: a server that refuses the connection (nothing
/// listens on port 1 of 127.0.0.1), with libpq's words quoted as they are and our hint translated.
extension JapaneseOutputTests {
    func testAPostgreSQLServerThatCannotBeReachedInJapanese() throws {
        let url = "postgresql://leavenow@127.0.0.1:1/leavenow"
        let status = try both(["status", "--rules", CLIRunner.packageRoot.appendingPathComponent("rules").path, "--state", url])
        XCTAssertEqual(status.english.status, status.japanese.status)
        assertSameInformation(status, "status with an unreachable PostgreSQL state")
        assertContainsAll(status.japanese.stderr, [
            "leavenow: 状態を読めません: \(url): 接続: connection to server at \"127.0.0.1\", port 1 failed: Connection refused",
            "（サーバーは動いていますか。URL のホスト / ポート / ソケットは正しいですか）",
        ])
        XCTAssertTrue(status.english.stderr.contains(": connecting: connection to server at \"127.0.0.1\", port 1 failed: Connection refused"),
                      status.english.stderr)
        XCTAssertTrue(status.english.stderr.contains("(is the server running, and is the host / port / socket of the URL right?)"),
                      status.english.stderr)
    }
}
