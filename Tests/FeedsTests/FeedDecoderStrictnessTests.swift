import Foundation
import XCTest
@testable import Feeds

/// Issue 10: a document that is not well-formed XML is never a feed snapshot, and no byte sequence
/// takes the process down (FoundationXML trapped with SIGILL on invalid UTF-8 in a name).
final class FeedDecoderStrictnessTests: XCTestCase {
    private func atom(_ entry: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>\n".utf8)
            + Array(entry.utf8) + Array("\n</feed>\n".utf8)
    }

    private func malformed(_ bytes: [UInt8], _ source: String = "mutant.atom", file: StaticString = #filePath, line: UInt = #line) -> FeedDecodeError? {
        let error = FeedFixtures.failure(of: bytes, source: source, file: file, line: line)
        XCTAssertEqual(error?.code, .malformed, "\(error.map(String.init(describing:)) ?? "")", file: file, line: line)
        XCTAssertNotNil(error?.line, file: file, line: line)
        XCTAssertNotNil(error?.column, file: file, line: line)
        return error
    }

    func testInvalidUTF8InAnElementNameIsAnErrorWithItsPlace() throws {
        // The fuzzer's crash: `<entry\xff id="1">` killed dry-run, fetch and run with SIGILL.
        let bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>\n<entry".utf8)
            + [0xFF] + Array(" id=\"1\"><id>a</id><title>A</title></entry>\n</feed>\n".utf8)
        let error = try XCTUnwrap(malformed(bytes))
        XCTAssertEqual(error.line, 3)
        XCTAssertTrue(error.description.hasPrefix("mutant.atom:3:"), error.description)
        XCTAssertTrue(error.description.contains("invalid UTF-8"), error.description)
    }

    func testInvalidUTF8InAnAttributeNameValueOrTextIsAnError() {
        let head = Array("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry ".utf8)
        for (name, bytes) in [
            ("attribute name", head + Array("i".utf8) + [0xFF] + Array("d=\"1\"><id>a</id></entry></feed>".utf8)),
            ("attribute value", head + Array("id=\"".utf8) + [0xC3, 0x28] + Array("\"><id>a</id></entry></feed>".utf8)),
            ("text", head + Array("><id>a</id><title>A".utf8) + [0xE3, 0x81] + Array("</title></entry></feed>".utf8)),
            ("end tag", head + Array("><id>a</id></entry".utf8) + [0xFE] + Array("></feed>".utf8)),
            ("overlong", head + Array("><id>".utf8) + [0xC0, 0xAF] + Array("</id></entry></feed>".utf8)),
        ] {
            let error = malformed(bytes, name)
            XCTAssertEqual(error?.line, 2, name)
            XCTAssertTrue(error?.message.contains("invalid UTF-8") == true, "\(name): \(String(describing: error))")
        }
    }

    func testMismatchedTagsAreAnError() throws {
        let error = try XCTUnwrap(malformed(atom("<entry><id>a</id><title>A</entry></title>")))
        XCTAssertEqual(error.line, 3)
        XCTAssertTrue(error.message.contains("closing tag does not match"), error.message)
    }

    func testAnUnclosedInlineTagInATitleIsAnErrorNotAMangledTitle() throws {
        // Was accepted as the title "Item 4 b".
        let document = "<rss version=\"2.0\"><channel><title>c</title>\n<item><title>Item 4 <b></title><guid>4</guid></item>\n</channel></rss>"
        let error = try XCTUnwrap(malformed(Array(document.utf8), "items.rss"))
        XCTAssertEqual(error.line, 2)
        XCTAssertTrue(error.description.hasPrefix("items.rss:2:"), error.description)
    }

    func testUndefinedEntitiesAreAnError() throws {
        for (reference, name) in [("&unknown;", "unknown"), ("&amq;", "amq"), ("&AMP ;", nil), ("&#xZZ;", nil), ("&#0;", nil), ("&#;", nil)] {
            let document = "<rss version=\"2.0\"><channel><title>c</title>\n<item><title>A \(reference) B</title></item></channel></rss>"
            if let name {
                let error = try XCTUnwrap(malformed(Array(document.utf8), reference))
                XCTAssertEqual(error.line, 2)
                XCTAssertTrue(error.message.contains("undefined entity") && error.message.contains("'\(name)'"), error.message)
            } else if reference.hasPrefix("&#") {
                XCTAssertEqual(malformed(Array(document.utf8), reference)?.line, 2, reference)
            } else {
                // `&AMP ;` starts no reference: a bare ampersand, kept as text as before.
                XCTAssertEqual(try FeedDecoder.decode(Array(document.utf8), source: reference).entries.first?.title, "A &AMP ; B")
            }
        }
    }

    func testBrokenXMLDeclarationsAreAnError() {
        for declaration in [
            "<?xml version=\"1.0\" encoding=\"UTF-8\">",       // no `?>`
            "<?xml versio=\"1.0\"?>",                         // no version
            "<?xml version=\"1.0' encoding=\"UTF-8\"?>",       // mismatched quotes
            "<?xml version=\"1.0\" standalone=\"maybe\"?>",    // bad standalone
            "<?xml version=\"1.0\"encoding=\"UTF-8\"?>",       // no blank between pseudo-attributes
            "<?xml encoding=\"UTF-8\" version=\"1.0\"?>",      // wrong order
        ] {
            let document = declaration + "\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title></feed>"
            let error = malformed(Array(document.utf8), declaration)
            XCTAssertEqual(error?.line, 1, declaration)
        }
        // A declaration after other content is not a declaration at all.
        XCTAssertNotNil(malformed(Array("<!-- c -->\n<?xml version=\"1.0\"?><feed/>".utf8)))
    }

    func testCDATAAndCharacterReferencesStillDecode() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title><![CDATA[a < b & <c>]]> &#x3042;&#12354; &amp;&lt;&gt;&quot;&apos;</title>
            <entry><id>1</id><title>x &hellip; y&nbsp;z &rarr; &#128640;</title><link href="https://e.x/?a=1&amp;b=2"/></entry></feed>
            """
        let feed = try FeedDecoder.decode(Array(document.utf8), source: "cdata.atom")
        XCTAssertEqual(feed.title, "a < b & <c> ああ &<>\"'")
        XCTAssertEqual(feed.entries.first?.title, "x … y\u{A0}z → 🚀")
        XCTAssertEqual(feed.entries.first?.link, "https://e.x/?a=1&b=2")
    }

    func testNamespacePrefixesNeedNoDeclaration() throws {
        // Not a well-formedness error (xmllint agrees): real feeds use `dc:` without declaring it.
        let document = "<rss version=\"2.0\"><channel><title>c</title><item><guid>1</guid><dc:creator>Keio</dc:creator></item></channel></rss>"
        XCTAssertEqual(try FeedDecoder.decode(Array(document.utf8), source: "ns.rss").entries.first?.authors, ["Keio"])
    }

    func testDepthAndSizeLimits() throws {
        let deep = "<feed>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300) + "</feed>"
        let error = try XCTUnwrap(FeedFixtures.failure(of: Array(deep.utf8), source: "deep.atom"))
        XCTAssertEqual(error.code, .malformed)
        XCTAssertTrue(error.description.contains("256"), error.description)
        let fine = "<feed>" + String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200) + "</feed>"
        XCTAssertNoThrow(try FeedDecoder.decode(Array(fine.utf8), source: "fine.atom"))

        var huge = Array("<feed><title>".utf8)
        huge += [UInt8](repeating: UInt8(ascii: "x"), count: FeedDecoder.maximumDocumentBytes)
        huge += Array("</title></feed>".utf8)
        let large = try XCTUnwrap(FeedFixtures.failure(of: huge, source: "huge.atom"))
        XCTAssertTrue(large.description.hasPrefix("huge.atom: the document is \(huge.count) bytes"), large.description)
    }

    func testADoctypeAfterTheRootIsStillAnError() {
        let document = "<feed><title>t</title></feed>\n<!DOCTYPE feed [<!ENTITY x \"y\">]>"
        XCTAssertNotNil(FeedFixtures.failure(of: Array(document.utf8), source: "late.atom"))
    }

    func testLeadingBlanksBeforeTheDeclarationKeepLines() throws {
        let document = "\n \n\t<?xml version=\"1.0\"?>\n<feed><title>t</titel></feed>"
        let error = try XCTUnwrap(malformed(Array(document.utf8)))
        XCTAssertEqual(error.line, 4)
    }
}
