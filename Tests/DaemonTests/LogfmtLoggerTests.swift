import Daemon
import Foundation
import Glibc
import XCTest

final class LogfmtLoggerTests: XCTestCase {
    /// 2026-11-29T16:05:00.123Z.
    private static let fixedTime = Date(timeIntervalSince1970: 1_795_968_300.123_4)

    private func logger(secrets: [String] = [], minimumLevel: LogLevel = .info, fileDescriptor: Int32 = -1) -> LogfmtLogger {
        LogfmtLogger(fileDescriptor: fileDescriptor, minimumLevel: minimumLevel, secrets: secrets, clock: { Self.fixedTime })
    }

    func testLineShape() {
        let line = logger().line(.info, "notification.sent",
                                 ["rule": "chofu-leave-now", "channel": "phone", "key": "chofu-leave-now@2026-11-29T10:33",
                                  "msg": "10:33 from platform 12"])
        XCTAssertEqual(line, "ts=2026-11-29T16:05:00.123Z level=info event=notification.sent rule=chofu-leave-now "
                       + "channel=phone key=chofu-leave-now@2026-11-29T10:33 msg=\"10:33 from platform 12\"")
    }

    func testValueQuoting() {
        XCTAssertEqual(LogfmtEncoding.value("plain"), "plain")
        XCTAssertEqual(LogfmtEncoding.value("鷹56"), "鷹56", "non-ASCII text stays bare")
        XCTAssertEqual(LogfmtEncoding.value(""), "\"\"")
        XCTAssertEqual(LogfmtEncoding.value("a b"), "\"a b\"")
        XCTAssertEqual(LogfmtEncoding.value("a=b"), "\"a=b\"")
        XCTAssertEqual(LogfmtEncoding.value("say \"hi\""), "\"say \\\"hi\\\"\"")
        XCTAssertEqual(LogfmtEncoding.value("C:\\path"), "C:\\path", "a backslash alone needs no quotes")
        XCTAssertEqual(LogfmtEncoding.value("a \\ b"), "\"a \\\\ b\"")
        XCTAssertEqual(LogfmtEncoding.value("line1\nline2"), "\"line1\\nline2\"")
        XCTAssertEqual(LogfmtEncoding.value("tab\there\r"), "\"tab\\there\\r\"")
        XCTAssertEqual(LogfmtEncoding.value("bell\u{07}esc\u{1B}"), "\"bell\\u0007esc\\u001b\"")
        XCTAssertEqual(LogfmtEncoding.value("del\u{7F}"), "\"del\\u007f\"")
        XCTAssertEqual(LogfmtEncoding.value("sep\u{2028}"), "\"sep\\u2028\"")
    }

    func testKeysAreSanitised() {
        XCTAssertEqual(LogfmtEncoding.key("http status"), "http_status")
        XCTAssertEqual(LogfmtEncoding.key("a=b\"c\n"), "a_b_c_")
        XCTAssertEqual(LogfmtEncoding.key(""), "_")
        XCTAssertEqual(logger().line(.warning, "odd event", ["": "x"]),
                       "ts=2026-11-29T16:05:00.123Z level=warning event=\"odd event\" _=x")
    }

    func testTimestamps() {
        XCTAssertEqual(LogfmtEncoding.timestamp(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(LogfmtEncoding.timestamp(Date(timeIntervalSince1970: -0.0004)), "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(LogfmtEncoding.timestamp(Date(timeIntervalSince1970: 1_735_689_599.999_9)), "2024-12-31T23:59:59.999Z")
    }

    func testSecretsAreRedactedEverywhere() {
        let key = "0123456789abcdef"
        let hook = "https://hooks.slack.com/services/T000/B000/XXXX"
        let log = logger(secrets: [key, hook, ""])
        let line = log.line(.error, "fetch.failed", [
            "url": "https://api.openweathermap.org/data/3.0/onecall?lat=35.6&appid=\(key)",
            "channel_url": hook,
            "msg": "slack said 404 for \(hook)/ with key \(key)",
            "encoded": "next=" + (hook.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
        ])
        XCTAssertFalse(line.contains(key), line)
        XCTAssertFalse(line.contains("B000"), line)
        XCTAssertEqual(line, "ts=2026-11-29T16:05:00.123Z level=error event=fetch.failed "
                       + "url=\"https://api.openweathermap.org/data/3.0/onecall?lat=35.6&appid=REDACTED\" channel_url=REDACTED "
                       + "msg=\"slack said 404 for REDACTED/ with key REDACTED\" encoded=\"next=REDACTED\"")
        let later = logger().redacting(["late-secret"])
        XCTAssertEqual(later.redact("a late-secret b"), "a REDACTED b")
    }

    /// Each line is one `write` of the whole line and its newline to the injected descriptor.
    func testManySecretsAreFoundAnywhereAndTextWithoutOneIsKept() {
        let many = (0..<300).map { "secret-form-\($0)-x" }
        let log = logger(secrets: many)
        let text = String(repeating: "calm words ", count: 50)
        XCTAssertEqual(log.redact(text), text)
        XCTAssertEqual(log.redact("a secret-form-299-x b secret-form-0-x"), "a REDACTED b REDACTED")
        XCTAssertEqual(log.redact("secret-form-7-x"), "REDACTED")
        // A secret shorter than four bytes is still found.
        XCTAssertEqual(logger(secrets: ["ab1", "longer-secret"]).redact("x ab1 y longer-secret"), "x REDACTED y REDACTED")
    }

    func testWritesWholeLinesAndFiltersLevels() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        let log = logger(minimumLevel: .info, fileDescriptor: ends[1])
        log.log(.debug, "dropped")
        log.log(.info, "worker.started", ["rules": "/etc/leavenow/rules"])
        DispatchQueue.concurrentPerform(iterations: 50) { index in
            log.log(.notice, "parallel", ["n": String(index), "msg": String(repeating: "x", count: 200)])
        }
        close(ends[1])
        let output = FileHandle(fileDescriptor: ends[0]).readDataToEndOfFile()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "ts=2026-11-29T16:05:00.123Z level=info event=worker.started rules=/etc/leavenow/rules")
        XCTAssertEqual(lines.count, 52, "51 lines and the empty piece after the last newline")
        XCTAssertEqual(lines.last, "")
        for line in lines.dropFirst().dropLast() {
            XCTAssertTrue(line.hasPrefix("ts=2026-11-29T16:05:00.123Z level=notice event=parallel n="), String(line))
            XCTAssertTrue(line.hasSuffix(" msg=" + String(repeating: "x", count: 200)), "interleaved: \(line)")
        }
    }

    func testFileHandleInitWrites() throws {
        let directory = try TemporaryDirectory("log")
        defer { directory.remove() }
        let path = directory.path + "/daemon.log"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        LogfmtLogger(fileHandle: handle, clock: { Self.fixedTime }).log(.error, "store.failed", ["path": "/var/lib/leavenow/state.db"])
        try handle.close()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       "ts=2026-11-29T16:05:00.123Z level=error event=store.failed path=/var/lib/leavenow/state.db\n")
    }

    func testWritingToAClosedDescriptorDoesNotCrash() {
        logger(fileDescriptor: -1).log(.error, "nowhere")
    }
}
