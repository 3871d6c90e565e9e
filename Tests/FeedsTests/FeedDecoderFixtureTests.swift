import Foundation
import XCTest
@testable import Feeds

final class FeedDecoderFixtureTests: XCTestCase {
    func testQiitaUserFeed() throws {
        let feed = try FeedFixtures.decode("qiita/qiita-user-feed_ftnext_test-fixture.atom")
        XCTAssertEqual(feed.kind, .atom)
        XCTAssertEqual(feed.title, "ftnextの記事 - Qiita")
        // The rel="alternate" href wins over Qiita's feed-level text `<link>https://qiita.com/ftnext</link>`.
        XCTAssertEqual(feed.link, "https://qiita.com")
        XCTAssertEqual(feed.updated, FeedFixtures.date("2022-10-01T10:34:17Z"))
        XCTAssertEqual(feed.entries.count, 2)
        let first = feed.entries[0]
        XCTAssertEqual(first.id, "tag:qiita.com,2005:PublicArticle/1627276")
        XCTAssertEqual(first.identity, "tag:qiita.com,2005:PublicArticle/1627276")
        XCTAssertEqual(first.title, "Sample Qiita Article 1")
        XCTAssertEqual(first.link, "https://qiita.com/ftnext/items/abc123")
        XCTAssertEqual(first.published, Date(timeIntervalSince1970: 1_736_848_800))  // 2025-01-14T10:00:00Z
        XCTAssertEqual(first.authors, ["ftnext"])
        XCTAssertEqual(first.summary, "1行目\n2行目...")
        let second = feed.entries[1]
        XCTAssertEqual(second.link, "https://qiita.com/ftnext/items/def456")
        XCTAssertEqual(second.published, FeedFixtures.date("2022-10-01T10:34:17Z"))
        XCTAssertEqual(second.updated, FeedFixtures.date("2022-10-08T08:23:09Z"))
        XCTAssertEqual(second.authors, [])
    }

    func testFeedKitAtom() throws {
        let feed = try FeedFixtures.decode("feedkit/Atom.xml")
        XCTAssertEqual(feed.kind, .atom)
        XCTAssertEqual(feed.title, "dive into mark")
        XCTAssertEqual(feed.link, "http://example.org/")
        XCTAssertEqual(feed.updated, Date(timeIntervalSince1970: 1_122_812_969))  // 2005-07-31T12:29:29Z
        XCTAssertEqual(feed.entries.count, 1)
        let entry = feed.entries[0]
        XCTAssertEqual(entry.id, "tag:example.org,2003:3.2397")
        XCTAssertEqual(entry.title, "Atom draft-07 snapshot")
        XCTAssertEqual(entry.link, "http://example.org/2005/04/02/atom")  // not the enclosure
        XCTAssertEqual(entry.published, FeedFixtures.date("2003-12-13T12:29:29Z"))  // -04:00 applied
        XCTAssertEqual(entry.authors, ["Mark Pilgrim"])  // contributors are not authors
        XCTAssertEqual(entry.summary, "An overview of Atom 1.0")
    }

    func testFeedKitRSS() throws {
        let feed = try FeedFixtures.decode("feedkit/RSS.xml")
        XCTAssertEqual(feed.kind, .rss)
        XCTAssertEqual(feed.title, "Iris")  // not the <image> or <textInput> title
        XCTAssertEqual(feed.link, "http://www.iris.news/")
        XCTAssertEqual(feed.updated, FeedFixtures.date("2015-08-16T18:18:55Z"))  // lastBuildDate
        XCTAssertEqual(feed.entries.count, 2)
        let first = feed.entries[0]
        XCTAssertEqual(first.title, "Seventh Heaven! Ryan Hurls Another No Hitter")
        XCTAssertEqual(first.id, "tag:dallas.example.com,4131:news")
        XCTAssertEqual(first.link, "http://dallas.example.com/1991/05/02/nolan.htm")
        XCTAssertEqual(first.published, FeedFixtures.date("2007-10-05T15:00:00Z"))  // 09:00 CST = UTC-6
        XCTAssertEqual(first.authors, ["Joe Bob Briggs"])
        XCTAssertEqual(feed.entries[1].id, "http://dallas.example.com/item/1234")
        XCTAssertTrue(feed.entries[1].summary?.contains("<a href=\"http://www.imdb.com/title/tt0086525/\">") == true)
        // Same title and link, different guids: two entries.
        XCTAssertNotEqual(feed.entries[0].identity, feed.entries[1].identity)
    }

    func testFeedKitRSSWithAtomSelfLinksOnly() throws {
        let feed = try FeedFixtures.decode("feedkit/RSSAtom.xml")
        XCTAssertEqual(feed.kind, .rss)
        XCTAssertEqual(feed.title, "")
        XCTAssertNil(feed.link)  // rel="self" and rel="hub" are not the site
        XCTAssertEqual(feed.entries, [])
    }

    func testGofeedLeniency() throws {
        let bom = try FeedFixtures.decode("gofeed/rss_feed_bom.xml")
        XCTAssertEqual(bom.kind, .rss)
        XCTAssertEqual(bom.title, "Feed Title")
        XCTAssertEqual(try FeedFixtures.decode("gofeed/rss_feed_leading_spaces.xml").title, "Feed Title")
        let atom03 = try FeedFixtures.decode("gofeed/atom03_feed.xml")
        XCTAssertEqual(atom03.kind, .atom)
        XCTAssertEqual(atom03.title, "Feed Title")
        let rdf = try FeedFixtures.decode("gofeed/rdf_feed.xml")
        XCTAssertEqual(rdf.kind, .rdf)
        XCTAssertEqual(rdf.title, "Feed Title")
        // A bare `&copy=2;` is text, not the © entity; `&amp;` still decodes.
        XCTAssertEqual(try FeedFixtures.decode("gofeed/issue_320_legacy_entity_prefix.xml").title, "?page=1&copy=2;mode=x & done")
        let spaced = try FeedFixtures.decode("gofeed/atom10_feed_entry_link_href_invalid_space_prefix.xml")
        XCTAssertEqual(spaced.entries.count, 1)
        XCTAssertEqual(spaced.entries[0].link, "http://example.org")
        XCTAssertEqual(spaced.entries[0].identity, "http://example.org")
    }

    func testBrokenFixturesFailCleanly() throws {
        let empty = try XCTUnwrap(try FeedFixtures.failure("gofeed/empty_feed.xml"))
        XCTAssertEqual(empty.code, .empty)
        XCTAssertEqual(empty.description, "gofeed/empty_feed.xml: the document is empty")

        let unknown = try XCTUnwrap(try FeedFixtures.failure("gofeed/unknown_feed.xml"))
        XCTAssertEqual(unknown.code, .notAFeed)
        XCTAssertEqual(
            unknown.description,
            "gofeed/unknown_feed.xml: not a feed: the root element is <note>; expected <feed> (Atom), <rss> (RSS 2.0) or <rdf:RDF> (RSS 1.0)")

        let element = try XCTUnwrap(try FeedFixtures.failure("feedkit/FeedNotFound.xml"))
        XCTAssertEqual(element.code, .notAFeed)
        XCTAssertTrue(element.description.hasPrefix("feedkit/FeedNotFound.xml: not a feed: the root element is <element>"))
    }

    /// Every fixture either decodes or fails with a FeedDecodeError; nothing else, nothing traps.
    func testEveryFixtureDecodesOrFailsCleanly() throws {
        let expectedFailures: Set<String> = ["gofeed/empty_feed.xml", "gofeed/unknown_feed.xml", "feedkit/FeedNotFound.xml"]
        var seen = 0
        for folder in ["gofeed", "feedkit", "qiita"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: FeedFixtures.directory.appendingPathComponent(folder).path)
            for name in names.sorted() {
                let path = folder + "/" + name
                seen += 1
                do {
                    _ = try FeedFixtures.decode(path)
                    XCTAssertFalse(expectedFailures.contains(path), "\(path) should fail")
                } catch let error as FeedDecodeError {
                    XCTAssertTrue(expectedFailures.contains(path), "\(path): \(error)")
                    XCTAssertTrue(error.description.hasPrefix(path + ":"))
                }
            }
        }
        XCTAssertEqual(seen, 13)
    }
}
