import Foundation
import XCTest
@testable import Feeds

final class NewEntryDetectorTests: XCTestCase {
    private func entry(_ number: Int, title: String? = nil) -> FeedEntry {
        FeedEntry(
            id: "tag:qiita.com,2005:PublicArticle/\(number)", title: title ?? "Day \(number)",
            link: "https://qiita.com/u/items/\(number)",
            published: FeedDateParser.parse(String(format: "2024-12-%02dT00:00:00+09:00", number)), authors: ["u\(number)"])
    }

    /// Feeds list newest first.
    private func feed(_ entries: [FeedEntry]) -> Feed {
        Feed(kind: .atom, title: "iOS Advent Calendar 2024", entries: entries.reversed())
    }

    func testFirstRunIsSilentThenNewThenEditThenRestart() throws {
        let first = NewEntryDetector.detect(feed: feed([entry(1), entry(2)]), seen: nil)
        XCTAssertEqual(first.new, [])
        XCTAssertEqual(first.seen.count, 2)

        let second = NewEntryDetector.detect(feed: feed([entry(1), entry(2), entry(3)]), seen: first.seen)
        XCTAssertEqual(second.new.map(\.title), ["Day 3"])

        let edited = NewEntryDetector.detect(feed: feed([entry(1), entry(2, title: "Day 2 (fixed typo)"), entry(3)]), seen: second.seen)
        XCTAssertEqual(edited.new, [])

        let json = try JSONEncoder().encode(edited.seen)
        let restored = try JSONDecoder().decode(SeenEntries.self, from: json)
        XCTAssertEqual(restored, edited.seen)
        let afterRestart = NewEntryDetector.detect(feed: feed([entry(1), entry(2), entry(3), entry(4), entry(5)]), seen: restored)
        XCTAssertEqual(afterRestart.new.map(\.title), ["Day 4", "Day 5"])  // oldest first
        XCTAssertEqual(NewEntryDetector.detect(feed: feed([entry(4), entry(5)]), seen: afterRestart.seen).new, [])
    }

    func testFirstRunCanAnnounceEverything() {
        let result = NewEntryDetector.detect(feed: feed([entry(1), entry(2), entry(2)]), seen: nil, firstRunSilent: false)
        XCTAssertEqual(result.new.map(\.title), ["Day 1", "Day 2"])
    }

    func testUndatedEntriesComeInReverseDocumentOrder() {
        let undated = Feed(kind: .rss, title: "t", entries: [FeedEntry(title: "newest", link: "b"), FeedEntry(title: "older", link: "a")])
        let result = NewEntryDetector.detect(feed: undated, seen: SeenEntries())
        XCTAssertEqual(result.new.map(\.title), ["older", "newest"])
    }

    func testSeenSetIsBoundedButKeepsTheCurrentFeed() {
        var seen = SeenEntries(capacity: 3)
        for number in 1...10 {
            seen = NewEntryDetector.detect(feed: feed([entry(number)]), seen: seen).seen
        }
        XCTAssertEqual(seen.count, 4)  // 3 out-of-feed + 1 in the feed
        XCTAssertEqual(seen.identities.last, "tag:qiita.com,2005:PublicArticle/10")
        XCTAssertFalse(seen.contains("tag:qiita.com,2005:PublicArticle/1"))

        let big = feed((1...8).map { entry($0) })
        let state = NewEntryDetector.detect(feed: big, seen: SeenEntries(capacity: 3)).seen
        XCTAssertEqual(state.count, 8)  // everything in the feed stays, whatever the capacity
        XCTAssertEqual(NewEntryDetector.detect(feed: big, seen: state).new, [])
    }

    func testDecodedQiitaFeedFlowsThrough() throws {
        let decoded = try FeedFixtures.decode("qiita/qiita-user-feed_ftnext_test-fixture.atom")
        let first = NewEntryDetector.detect(feed: decoded, seen: SeenEntries(), firstRunSilent: true)
        XCTAssertEqual(first.new.map(\.title), ["Sample Qiita Article 2", "Sample Qiita Article 1"])
        XCTAssertEqual(NewEntryDetector.detect(feed: decoded, seen: first.seen).new, [])
    }
}
