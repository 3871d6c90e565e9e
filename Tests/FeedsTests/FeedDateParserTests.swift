import Foundation
import XCTest
@testable import Feeds

final class FeedDateParserTests: XCTestCase {
    private let december1Tokyo = Date(timeIntervalSince1970: 1_733_009_400)  // 2024-11-30T23:30:00Z

    func testRFC3339() {
        XCTAssertEqual(FeedDateParser.parse("2024-12-01T08:30:00+09:00"), december1Tokyo)
        XCTAssertEqual(FeedDateParser.parse("2024-11-30T23:30:00Z"), december1Tokyo)
        XCTAssertEqual(FeedDateParser.parse("2024-11-30t23:30:00.123z"), december1Tokyo)
        XCTAssertEqual(FeedDateParser.parse(" 2024-12-01 08:30:00+0900 "), december1Tokyo)
        XCTAssertEqual(FeedDateParser.parse("2024-11-30T23:30Z"), december1Tokyo)
        XCTAssertNil(FeedDateParser.parse("2024-02-30T00:00:00Z"))
        XCTAssertNil(FeedDateParser.parse("2024-12-01T08:30:00+09:00 junk"))
    }

    func testRFC822() {
        XCTAssertEqual(FeedDateParser.parse("Sun, 01 Dec 2024 08:30:00 +0900"), december1Tokyo)
        XCTAssertEqual(FeedDateParser.parse("Sat, 30 Nov 2024 23:30:00 GMT"), december1Tokyo)
        XCTAssertEqual(FeedDateParser.parse("Sat, 30 Nov 2024 18:30:00 EST"), december1Tokyo)
        XCTAssertEqual(FeedDateParser.parse("1 Dec 24 08:30 JST"), december1Tokyo)
        XCTAssertEqual(FeedDateParser.parse("Sunday, 1 December 2024 08:30:00 +09:00"), december1Tokyo)
        XCTAssertNil(FeedDateParser.parse("Sat, 30 Nov 2024 23:30:00 XYZ"))
        XCTAssertNil(FeedDateParser.parse("yesterday"))
        XCTAssertNil(FeedDateParser.parse(""))
    }
}
