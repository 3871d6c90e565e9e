import Foundation
import XCTest
@testable import Feeds

final class FeedDecoderSafetyTests: XCTestCase {
    func testBillionLaughsIsRefused() {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <rss version="2.0"><channel><title>&lol3;</title></channel></rss>
            """
        let error = FeedFixtures.failure(of: Array(document.utf8), source: "laughs.xml")
        XCTAssertEqual(error?.code, .doctype)
        XCTAssertEqual(error?.description, "laughs.xml:2: feed has a DOCTYPE; refusing to parse it (entity expansion)")
    }

    func testExternalEntityIsRefused() {
        let document = """
            <!-- leading comment --><!doctype feed [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>&secret;</title></feed>
            """
        let error = FeedFixtures.failure(of: Array(document.utf8), source: "xxe.xml")
        XCTAssertEqual(error?.code, .doctype)
        XCTAssertFalse(error?.description.contains("root:") ?? true)
    }

    func testHTMLPageIsNamed() {
        let page = "<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body>gone</body></html>"
        XCTAssertEqual(FeedFixtures.failure(of: Array(page.utf8), source: "page.html")?.description, "page.html:1: this is an HTML page, not a feed")
        let bare = "\n<HTML><body><p>Sign in<br></body></HTML>"
        XCTAssertEqual(FeedFixtures.failure(of: Array(bare.utf8), source: "bare.html")?.code, .html)
    }

    func testMalformedXMLNamesLineAndColumn() throws {
        let document = "<rss version=\"2.0\">\n<channel>\n<title>x</titel>\n</channel></rss>"
        let error = try XCTUnwrap(FeedFixtures.failure(of: Array(document.utf8), source: "bad.xml"))
        XCTAssertEqual(error.code, .malformed)
        XCTAssertEqual(error.line, 3)
        XCTAssertNotNil(error.column)
        XCTAssertTrue(error.description.hasPrefix("bad.xml:3:"), error.description)
        XCTAssertTrue(error.description.contains("closing tag"), error.description)

        let text = FeedFixtures.failure(of: Array("Service Unavailable".utf8), source: "503.txt")
        XCTAssertEqual(text?.description, "503.txt:1: not XML: the document starts with \"Service Unavailable\"")
    }

    func testTruncatedAndGarbageInputsNeverTrap() throws {
        let whole = try FeedFixtures.bytes("feedkit/RSS.xml")
        for length in stride(from: 0, to: whole.count, by: 97) {
            _ = try? FeedDecoder.decode(Array(whole.prefix(length)), source: "cut.xml")
        }
        for bytes: [UInt8] in [[0xFF, 0xFE], [0xEF, 0xBB, 0xBF], [0x3C], [0x26], Array("<?xml".utf8), Array("<![CDATA[".utf8)] {
            _ = try? FeedDecoder.decode(bytes, source: "garbage")
        }
    }

    func testISO88591IsTranscoded() throws {
        var bytes = Array("  <?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<rss version=\"2.0\"><channel><title>Caf".utf8)
        bytes += [0xE9, 0x20, 0xA9, 0x20, 0x96]  // é, ©, and windows-1252's en dash
        bytes += Array("</title><item><title>Cr&#232;me</title><guid>a</guid></item></channel></rss>".utf8)
        let feed = try FeedDecoder.decode(bytes, source: "latin1.xml")
        XCTAssertEqual(feed.title, "Café © –")
        XCTAssertEqual(feed.entries.map(\.title), ["Crème"])
    }

    func testUTF16WithByteOrderMark() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><feed><title>時刻表</title></feed>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(try FeedDecoder.decode(bytes, source: "utf16.xml").title, "時刻表")
    }

    func testUnsupportedEncodingIsNamed() {
        let document = "<?xml version=\"1.0\" encoding=\"KOI8-R\"?><rss/>"
        XCTAssertEqual(
            FeedFixtures.failure(of: Array(document.utf8), source: "koi.xml")?.description,
            "koi.xml:1: unsupported encoding \"KOI8-R\" in the XML declaration")
    }

    func testHTMLEntitiesAndCDATAAreLenient() throws {
        let document = """
            <rss version="2.0"><channel><title>A&nbsp;B &copy; C&rarr;</title>
            <item><title><![CDATA[Tom & Jerry &amp; <b>]]></title><link>https://e.x/?a=1&b=2</link></item>
            </channel></rss>
            """
        let feed = try FeedDecoder.decode(Array(document.utf8), source: "html-entities.xml")
        XCTAssertEqual(feed.title, "A\u{A0}B © C→")
        XCTAssertEqual(feed.entries.first?.title, "Tom & Jerry &amp; <b>")
        XCTAssertEqual(feed.entries.first?.link, "https://e.x/?a=1&b=2")
    }
}

final class FeedTruncationTests: XCTestCase {
    func testATruncatedFeedIsAnErrorNotAShorterFeed() throws {
        let whole = """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
        <entry><id>a</id><title>A</title></entry>
        <entry><id>b</id><title>B</title></entry>
        </feed>
        """
        XCTAssertEqual(try FeedDecoder.decode(Array(whole.utf8), source: "whole.xml").entries.count, 2)
        for cut in [120, 150, whole.utf8.count - 8] {
            let truncated = Array(whole.utf8.prefix(cut))
            XCTAssertThrowsError(try FeedDecoder.decode(truncated, source: "cut.xml"), "cut at \(cut)") { error in
                XCTAssertTrue("\(error)".hasPrefix("cut.xml"), "\(error)")
            }
        }
    }
}
