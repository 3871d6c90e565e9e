import Foundation
import XCTest
@testable import Feeds

final class EntryIdentityTests: XCTestCase {
    func testIdThenLinkThenHash() {
        XCTAssertEqual(EntryIdentity.identity(id: " tag:qiita.com,2005:PublicArticle/1 ", link: "https://q/1", title: "T"), "tag:qiita.com,2005:PublicArticle/1")
        XCTAssertEqual(EntryIdentity.identity(id: "  ", link: "https://q/1", title: "T"), "https://q/1")
        let hashed = EntryIdentity.identity(id: nil, link: nil, title: "Leave  now\n for the bus")
        XCTAssertTrue(hashed.hasPrefix("fnv1a64:"))
        XCTAssertEqual(hashed.count, 8 + 16)
        XCTAssertEqual(hashed, EntryIdentity.identity(id: nil, link: "", title: "leave now for THE bus"))
        XCTAssertNotEqual(hashed, EntryIdentity.identity(id: nil, link: nil, title: "leave later"))
    }

    func testFNV1aKnownValues() {
        // Reference values of FNV-1a 64 (http://www.isthe.com/chongo/tech/comp/fnv/).
        XCTAssertEqual(EntryIdentity.fnv1a64([]), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(EntryIdentity.fnv1a64(Array("a".utf8)), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(EntryIdentity.fnv1a64(Array("foobar".utf8)), 0x8594_4171_f739_67e8)
    }

    func testEditedEntryKeepsItsIdentity() {
        let original = FeedEntry(id: "tag:x,1", title: "Draft", link: "https://x/1", summary: "a")
        let edited = FeedEntry(id: "tag:x,1", title: "Final title", link: "https://x/1", updated: Date(), summary: "b")
        XCTAssertEqual(original.identity, edited.identity)
        let linkOnly = FeedEntry(title: "Draft", link: "https://x/2")
        XCTAssertEqual(linkOnly.identity, FeedEntry(title: "Final", link: "https://x/2").identity)
    }
}
