@testable import Channels
@testable import Delivery
import Foundation
import JSONText
import Timetable
import XCTest

/// The byte-level JSON writer and UTC timestamps of the payloads, against the slower reference
/// implementations they replaced.
final class PayloadEncodingTests: XCTestCase {
    func testUTCTimestampsMatchZoneClock() {
        let utc = ZoneClock(timeZone: TimeZone(secondsFromGMT: 0)!)
        var instants: [Int64] = [0, -1, -86_400, 951_782_400, 1_734_831_120, 4_107_542_399, 253_402_300_799, -62_135_596_800]
        var seed: UInt64 = 42
        for _ in 0..<2_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(Int64(seed >> 30) % 8_000_000_000 - 2_000_000_000)
        }
        for instant in instants {
            let reference = utc.iso8601(instant)
            XCTAssertEqual(WebhookPayload.utcTimestamp(instant), String(reference.dropLast(6)) + "Z", "\(instant)")
        }
        XCTAssertEqual(WebhookPayload.timestamp(1_734_831_120, zone: nil), "2024-12-22T01:32:00Z")
    }

    func testTheWriterEscapesLikeRFC8259AndForJavaScript() throws {
        var writer = JSONWriter(style: .compact)
        let nasty = "\"\\/\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F} é 日本 \u{1F683} \u{2028}\u{2029} \u{2027}"
        writer.beginObject()
        writer.member("text", nasty)
        writer.member("none", nil as String?)
        writer.member("n", Int64(-5))
        writer.member("raw", raw: "[1]")
        writer.endObject()
        XCTAssertEqual(writer.text, #"{"text":"\"\\/\n\r\t\b\f\u0001\u001f"# + "\u{7F} é 日本 \u{1F683} " + #"\u2028\u2029 "# + "\u{2027}"
                       + #"","none":null,"n":-5,"raw":[1]}"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any]
        XCTAssertEqual(decoded?["text"] as? String, nasty)
        var empty = JSONWriter(style: .compact)
        empty.beginObject()
        empty.endObject()
        XCTAssertEqual(empty.text, "{}")
        XCTAssertEqual(JSONStringEscaping.quoted("a\"b"), #""a\"b""#)
    }

    func testHeaderValuesAreSanitized() {
        XCTAssertEqual(HeaderValue.sanitized("commute/2024-12-22"), "commute/2024-12-22")
        XCTAssertEqual(HeaderValue.sanitized(" a\r\nb\u{7F} "), "a  b")
        XCTAssertEqual(HeaderValue.sanitized("\u{3000}鍵\u{3000}"), "鍵")
        XCTAssertEqual(HeaderValue.sanitized(""), "")
    }
}
