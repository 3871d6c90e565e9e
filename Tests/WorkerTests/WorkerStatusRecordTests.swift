@testable import Worker
import XCTest

/// The worker's status record: written with `JSONWriter` in the format it always had, read with `JSONParser`.
final class WorkerStatusRecordTests: XCTestCase {
    /// What the worker wrote by string interpolation before `JSONWriter`, byte for byte.
    private let written = #"{"pid": 12, "at": 100, "next": null, "wakes": {"commute": 160, "rain": null}, "held": [{"channel": "hook", "secret": "HOOK_URL", "count": 2}]}"#

    func testWritesTheFormatItAlwaysHad() {
        let held = [WorkerStatusRecord.Held(channel: "hook", secret: "HOOK_URL", count: 2)]
        XCTAssertEqual(WorkerStatusRecord.json(pid: 12, at: 100, next: nil, wakes: [("commute", 160), ("rain", nil)], held: held), written)
        XCTAssertEqual(held[0].json, #"{"channel": "hook", "secret": "HOOK_URL", "count": 2}"#)
        XCTAssertEqual(WorkerStatusRecord.json(pid: 1, at: -5, next: 7, wakes: [], held: []),
                       #"{"pid": 1, "at": -5, "next": 7, "wakes": {}, "held": []}"#)
    }

    /// A desktop channel held for want of a session bus names its reason (a secret's hold keeps the old form).
    func testADesktopHoldNamesItsReason() throws {
        let held = WorkerStatusRecord.Held(channel: "desk", reason: .noSessionBus, count: 3)
        XCTAssertEqual(held.json, #"{"channel": "desk", "reason": "no_session_bus", "secret": "", "count": 3}"#)
        let text = WorkerStatusRecord.json(pid: 2, at: 10, next: nil, wakes: [], held: [held])
        XCTAssertEqual(try XCTUnwrap(WorkerStatusRecord(json: text)).held, [held])
        XCTAssertEqual(try XCTUnwrap(WorkerStatusRecord(json: written)).held.first?.reason, .secret)
    }

    func testReadsWhatItWroteAndOldRecords() throws {
        let record = try XCTUnwrap(WorkerStatusRecord(json: written))
        XCTAssertEqual(record.pid, 12)
        XCTAssertEqual(record.at, 100)
        XCTAssertNil(record.next)
        let wakes: [String: Int64?] = ["commute": 160, "rain": nil]
        XCTAssertEqual(record.wakes, wakes)
        XCTAssertEqual(record.held, [WorkerStatusRecord.Held(channel: "hook", secret: "HOOK_URL", count: 2)])
        let quoted = WorkerStatusRecord.json(pid: 3, at: 4, next: 5, wakes: [("a\"b", 6)],
                                             held: [WorkerStatusRecord.Held(channel: "c\\d", secret: "鍵", count: 0)])
        let back = try XCTUnwrap(WorkerStatusRecord(json: quoted))
        XCTAssertEqual(back.wakes, ["a\"b": 6])
        XCTAssertEqual(back.held.first?.channel, "c\\d")
        XCTAssertEqual(back.held.first?.secret, "鍵")
        XCTAssertEqual(back.next, 5)
    }

    func testWhatIsNotARecordIsNil() {
        for text in ["", "{}", "[]", "not json", #"{"pid": "1", "at": 2}"#, #"{"pid": 1.5, "at": 2}"#, #"{"pid": 1}"#,
                     #"{"pid": 99999999999, "at": 2}"#] {
            XCTAssertNil(WorkerStatusRecord(json: text), text)
        }
    }
}
