import Facts
import Realtime
import Timetable
import XCTest

/// A truncated or corrupt body is a `RealtimeDecodeError`; the caller keeps the last good feed, whose
/// predictions are unchanged.
final class RealtimeBrokenFeedTests: XCTestCase {
    func testTruncatedAndCorruptBodiesThrowAndTheLastGoodFeedStillPredicts() throws {
        let good = try RealtimeFixtures.bytes("transitland-caltrain/ct-trip-updates.pb")
        var lastGood = try RealtimeDecoder.decode(good, source: "ct-trip-updates.pb")
        var corrupt = good
        corrupt[0] = 0x0F  // field 1 with wire type 7, which protobuf does not have
        var errors: [String] = []
        for (name, body) in [("truncated.pb", Array(good.prefix(good.count / 2))), ("corrupt.pb", corrupt)] {
            do {
                lastGood = try RealtimeDecoder.decode(body, source: name)
                XCTFail("\(name) decoded")
            } catch {
                errors.append(error.description)
            }
        }
        XCTAssertEqual(errors.count, 2)
        XCTAssertTrue(errors[0].hasPrefix("truncated.pb: not a GTFS-Realtime FeedMessage"), errors[0])
        XCTAssertTrue(errors[1].hasPrefix("corrupt.pb: not a GTFS-Realtime FeedMessage"), errors[1])

        let board = try RealtimeFixtures.board(RealtimeFixtures.caltrainZip, stops: ["70112"])
        let result = GTFSRealtimeOverlay(maxAge: 90).apply(lastGood, fetchedAt: 1_699_405_534, now: 1_699_405_540, to: board,
                                                           sourceIndices: [0], name: "ct")
        XCTAssertEqual(try RealtimeFixtures.prediction(result, source: 0, date: "2023-11-07", trip: "310").delaySeconds, 878)
    }
}
