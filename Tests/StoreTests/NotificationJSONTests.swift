import Foundation
import Notifications
@testable import Store
import XCTest

/// The hand-written codec of the outbox's `notification` column: the same text as `JSONEncoder`
/// (rows written by earlier versions read back), strict reading.
final class NotificationJSONTests: XCTestCase {
    private func sample(link: String? = "https://example.com/a?b=c&d=\"e\"", expiresAt: Int64? = 1_734_831_120) -> Notice {
        Notice(key: "commute/2024-12-22/10:33", rule: "commute", kind: .leaveNow, fireAt: 1_734_830_640,
                           expiresAt: expiresAt, channels: ["phone", "desktop"], urgency: .critical, language: .ja,
                           title: "調布 10:33 \u{1F683}", text: "改行\nと \"引用\" \\ tab\t ctrl\u{01} \u{2028}", link: link)
    }

    func testRoundTripsEveryField() throws {
        for notification in [sample(), sample(link: nil, expiresAt: nil), sample(expiresAt: -5)] {
            let text = NotificationJSON.encode(notification)
            XCTAssertEqual(try NotificationJSON.decode(text), notification, text)
        }
    }

    func testReadsWhatJSONEncoderWrote() throws {
        for notification in [sample(), sample(link: nil, expiresAt: nil)] {
            let foundation = String(decoding: try JSONEncoder().encode(notification), as: UTF8.self)
            XCTAssertEqual(try NotificationJSON.decode(foundation), notification, foundation)
            // And JSONDecoder reads what the codec writes (older versions can read newer rows).
            XCTAssertEqual(try JSONDecoder().decode(Notice.self, from: Data(NotificationJSON.encode(notification).utf8)),
                           notification)
        }
    }

    func testWritesTheKeysInDeclarationOrderAndLeavesNilOut() {
        let text = NotificationJSON.encode(sample(link: nil, expiresAt: nil))
        XCTAssertTrue(text.hasPrefix(#"{"key":"commute/2024-12-22/10:33","rule":"commute","kind":"leave_now","fireAt":1734830640,"channels":["phone","desktop"],"urgency":"critical","language":"ja","title":"#), text)
        XCTAssertFalse(text.contains("link"))
        XCTAssertFalse(text.contains("expiresAt"))
        XCTAssertTrue(text.contains(#"\n"#) && text.contains(#"\"引用\""#) && text.contains(#"\u0001"#), text)
    }

    func testAcceptsAnyOrderWhitespaceEscapesAndNull() throws {
        let text = #"""
             { "urgency" : "low", "language":"en", "title":"A\/B \u00e9\ud83d\ude83", "text":"", "channels":[ ],
               "link":null, "expiresAt":null, "fireAt":-12, "kind":"weather", "rule":"r", "key":"k" }
            """#
        let decoded = try NotificationJSON.decode(text)
        XCTAssertEqual(decoded, Notice(key: "k", rule: "r", kind: .weather, fireAt: -12, expiresAt: nil, channels: [],
                                                   urgency: .low, language: .en, title: "A/B é\u{1F683}", text: "", link: nil))
    }

    func testRejectsWhatIsNotAStoredNotification() {
        let valid = NotificationJSON.encode(sample())
        let cases: [(String, String)] = [
            ("", "must be a JSON object"),
            ("[]", "must be a JSON object"),
            (valid + "x", "unexpected text after the object"),
            (valid.replacingOccurrences(of: #""rule":"commute","#, with: ""), #"missing "rule""#),
            (valid.replacingOccurrences(of: #""kind":"leave_now""#, with: #""kind":"leave_now","kind":"x""#), #""kind" appears twice"#),
            (valid.replacingOccurrences(of: #""kind":"#, with: #""extra":1,"kind":"#), #"unknown key "extra""#),
            (valid.replacingOccurrences(of: "1734830640", with: "1734830640.5"), "whole number"),
            (valid.replacingOccurrences(of: "1734830640", with: "\"1734830640\""), #""fireAt" must be a whole number"#),
            (valid.replacingOccurrences(of: "1734830640", with: "99999999999999999999"), "out of range"),
            (valid.replacingOccurrences(of: "1734830640", with: "01"), "leading zero"),
            (valid.replacingOccurrences(of: #""critical""#, with: #""urgent""#), #"unknown urgency "urgent""#),
            (valid.replacingOccurrences(of: #""language":"ja""#, with: #""language":"fr""#), #"unknown language "fr""#),
            (valid.replacingOccurrences(of: #"["phone","desktop"]"#, with: #"["phone",2]"#), #""channels" must be a string"#),
            (valid.replacingOccurrences(of: #""commute","kind""#, with: "\"com\u{01}mute\",\"kind\""), "control character"),
            (valid.replacingOccurrences(of: #""commute","kind""#, with: #""comm\qute","kind""#), #"unknown escape \q"#),
            (String(valid.dropLast()), "expected ',' or '}'"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try NotificationJSON.decode(text), text) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error) — expected “\(expected)” for \(text)")
                XCTAssertTrue("\(error)".hasPrefix("byte "), "\(error)")
            }
        }
        // A lone surrogate is no error: it reads as U+FFFD, as JSONParser reads it (the one policy of
        // JSONReader; this row was rejected with "a lone high surrogate" before the codec shared it).
        let lone = valid.replacingOccurrences(of: #""commute","kind""#, with: #""\ud83d","kind""#)
        XCTAssertEqual(try NotificationJSON.decode(lone).rule, "\u{FFFD}")
    }

    func testRejectsInvalidUTF8() {
        var bytes = Array(NotificationJSON.encode(sample()).utf8)
        let index = bytes.firstIndex(of: UInt8(ascii: "c"))!  // inside "commute…"
        bytes[index] = 0xFF
        XCTAssertThrowsError(try bytes.withUnsafeBufferPointer { try NotificationJSON.decode($0) }) { error in
            XCTAssertTrue("\(error)".contains("not valid UTF-8"), "\(error)")
        }
    }

    func testACorruptRowIsAStoreErrorNamingTheEntry() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-json-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try SQLiteStore(path: directory + "/state.db")
        let entry = try XCTUnwrap(try store.enqueue([sample()], now: 0).first)
        try store.database.run("UPDATE outbox SET notification = '{\"key\": 1}' WHERE id = ?", [.integer(entry.id)])
        XCTAssertThrowsError(try store.list(statuses: nil, limit: 10)) { error in
            let error = error as? StoreError
            XCTAssertEqual(error?.code, .badValue)
            XCTAssertEqual(error?.operation, "decoding outbox entry \(entry.id)")
            XCTAssertTrue(error?.message.contains(#""key" must be a string"#) == true, "\(String(describing: error))")
        }
    }
}
