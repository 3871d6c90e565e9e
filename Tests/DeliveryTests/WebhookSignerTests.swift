import Foundation
import XCTest
@testable import Channels
@testable import Delivery

final class WebhookSignerTests: XCTestCase {
    func testHMACMatchesTheRFC4231StyleKnownVector() {
        let code = HMACSHA256.authenticationCode(key: Data("key".utf8), message: Data("The quick brown fox jumps over the lazy dog".utf8))
        XCTAssertEqual(HMACSHA256.hex(code), "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
    }

    /// Vectors computed with Python: `hmac.new(secret, f"{t}.".encode() + body, hashlib.sha256).hexdigest()`.
    func testSignaturesMatchPythonsHMACModule() {
        let vectors: [(String, Int64, String, String)] = [
            ("whsec_test", 1_734_831_120, "{\"a\":1}", "40ca4e5c3d5daaf2c00b6b60de784479ac57890ecfdf1036cdaa6c3b4db1aeb6"),
            ("秘密-key", 0, "出発", "8b20c3949baba99c11fd8076ecdf914bc584691d8266110c1797a33badc8acda"),
            ("k", 1_700_000_000, "", "5c2999a43333a6877f49c8003f235c4f6de40f85b1b7414b70bd470a8db53d97"),
        ]
        for (secret, timestamp, body, expected) in vectors {
            let signer = WebhookSigner(secret: secret)
            XCTAssertEqual(signer.signature(body: Data(body.utf8), timestamp: timestamp), expected, secret)
            XCTAssertEqual(signer.headerValue(body: Data(body.utf8), timestamp: timestamp), "t=\(timestamp),v1=\(expected)")
        }
    }

    func testSignatureAgreesWithPythonRunNow() throws {
        let body = "{\"title\":\"出発\",\"n\":\(Int.random(in: 0..<1_000_000))}"
        let secret = "s3cr3t-\(Int.random(in: 0..<1_000_000))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import hashlib, hmac, sys
            secret, t, body = sys.argv[1].encode(), sys.argv[2], sys.argv[3].encode()
            print(hmac.new(secret, t.encode() + b"." + body, hashlib.sha256).hexdigest())
            """, secret, "1734831120", body]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let signer = WebhookSigner(secret: secret)
        XCTAssertEqual(signer.signature(body: Data(body.utf8), timestamp: 1_734_831_120),
                       printed.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testVerifyAcceptsOwnSignatureAndRejectsTamperingAndStaleTimestamps() {
        let signer = WebhookSigner(secret: "whsec_test")
        let body = Data("{\"a\":1}".utf8)
        let header = signer.headerValue(body: body, timestamp: 1000)
        XCTAssertTrue(signer.verify(headerValue: header, body: body, now: 1100))
        XCTAssertFalse(signer.verify(headerValue: header, body: Data("{\"a\":2}".utf8), now: 1100))
        XCTAssertFalse(signer.verify(headerValue: header, body: body, now: 1000 + 301), "older than the tolerance")
        XCTAssertFalse(WebhookSigner(secret: "other").verify(headerValue: header, body: body, now: 1000))
        XCTAssertFalse(signer.verify(headerValue: "v1=" + signer.signature(body: body, timestamp: 1000), body: body, now: 1000),
                       "no timestamp")
    }

    func testSignerNeverShowsItsSecret() {
        let signer = WebhookSigner(secret: "very-secret-value", header: "X-Sig")
        XCTAssertFalse(String(describing: signer).contains("very-secret-value"))
        var dumped = ""
        dump(signer, to: &dumped)
        XCTAssertFalse(dumped.contains("very-secret-value"), dumped)
    }
}
