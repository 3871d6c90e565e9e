import Foundation
import XCTest
@testable import Feeds

final class AdventCalendarTests: XCTestCase {
    func testShorthandAndURLs() throws {
        let calendar = try XCTUnwrap(AdventCalendar(shorthand: "2024/ios"))
        XCTAssertEqual(calendar.year, 2024)
        XCTAssertEqual(calendar.slug, "ios")
        XCTAssertEqual(calendar.feedURL.absoluteString, "https://qiita.com/advent-calendar/2024/ios/feed")
        XCTAssertEqual(calendar.calendarURL.absoluteString, "https://qiita.com/advent-calendar/2024/ios")
        XCTAssertEqual(AdventCalendar(shorthand: "https://qiita.com/advent-calendar/2024/ios/feed"), calendar)
        XCTAssertEqual(AdventCalendar(shorthand: "2024/ios/"), calendar)
        for bad in ["ios", "24/ios", "2024/", "2024/io s", "2024/ios/extra", "abcd/ios", "2024/../etc"] {
            XCTAssertNil(AdventCalendar(shorthand: bad), bad)
        }
    }

    func testCalendarDayIsDerivedFromPublishedInTokyo() throws {
        let calendar = try XCTUnwrap(AdventCalendar(year: 2024, slug: "ios"))
        func day(_ published: String) -> Int? {
            calendar.calendarDay(of: FeedEntry(id: "x", title: "t", published: FeedDateParser.parse(published)))
        }
        XCTAssertEqual(day("2024-12-01T00:30:00+09:00"), 1)
        XCTAssertEqual(day("2024-11-30T23:30:00Z"), 1)  // 08:30 on 1 December in Tokyo
        XCTAssertNil(day("2024-11-30T14:59:59Z"))        // 23:59:59 on 30 November in Tokyo
        XCTAssertEqual(day("2024-12-25T23:59:00+09:00"), 25)
        XCTAssertNil(day("2024-12-26T00:00:00+09:00"))
        XCTAssertNil(day("2023-12-10T00:00:00+09:00"))
        XCTAssertNil(calendar.calendarDay(of: FeedEntry(id: "x", title: "no date")))
    }
}
