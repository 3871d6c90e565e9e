import Foundation
import XCTest
@testable import Feeds

final class FeedDecoderDialectTests: XCTestCase {
    func testRDFItemsWithDublinCore() throws {
        let document = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel rdf:about="https://example.jp/"><title>運行情報</title><link>https://example.jp/</link>
                <dc:date>2024-12-01T09:00:00+09:00</dc:date></channel>
              <item rdf:about="https://example.jp/1"><title>遅延</title><link>https://example.jp/1</link>
                <dc:date>2024-12-01T08:30:00+09:00</dc:date><dc:creator>Keio</dc:creator></item>
            </rdf:RDF>
            """
        let feed = try FeedDecoder.decode(Array(document.utf8), source: "rdf.xml")
        XCTAssertEqual(feed.kind, .rdf)
        XCTAssertEqual(feed.link, "https://example.jp/")
        XCTAssertEqual(feed.updated, FeedDateParser.parse("2024-12-01T00:00:00Z"))
        XCTAssertEqual(feed.entries.map(\.title), ["遅延"])
        XCTAssertEqual(feed.entries.first?.identity, "https://example.jp/1")
        XCTAssertEqual(feed.entries.first?.authors, ["Keio"])
        XCTAssertEqual(feed.entries.first?.published, FeedDateParser.parse("2024-11-30T23:30:00Z"))
    }

    func testAtom03DatesAndXHTMLTitle() throws {
        let document = """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title>
              <entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A <b>bold</b> move</div></title>
                <issued>2004-12-01T10:00:00+09:00</issued><modified>2004-12-02T10:00:00Z</modified>
                <link rel="alternate" type="text/html" href="http://example.org/1"/></entry>
            </feed>
            """
        let entry = try XCTUnwrap(try FeedDecoder.decode(Array(document.utf8), source: "atom03.xml").entries.first)
        XCTAssertEqual(entry.title, "A bold move")
        XCTAssertEqual(entry.published, FeedDateParser.parse("2004-12-01T01:00:00Z"))
        XCTAssertEqual(entry.updated, FeedDateParser.parse("2004-12-02T10:00:00Z"))
        XCTAssertEqual(entry.identity, "http://example.org/1")
    }
}
