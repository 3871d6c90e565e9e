import Foundation
import XCTest
@testable import Feeds

/// Every real fixture decodes to exactly what the FoundationXML decoder produced before the move to
/// libxml2 (`Tests/Fixtures/feeds-golden.txt`, written by that decoder through ``FeedGolden``).
final class FeedGoldenTests: XCTestCase {
    static let golden = FeedFixtures.directory.deletingLastPathComponent().appendingPathComponent("feeds-golden.txt")

    func testFixturesDecodeAsBefore() throws {
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        XCTAssertEqual(try Self.dump(FeedFixtures.directory.path), expected)
    }

    /// The same fixtures as in `shared/` beside the checkout (on the development machines and in CI), when present.
    func testSharedFixturesDecodeAsBefore() throws {
        let shared = FeedFixtures.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/fixtures/feeds").path
        guard FileManager.default.fileExists(atPath: shared) else { throw XCTSkip("\(shared) is not on this machine") }
        XCTAssertEqual(try Self.dump(shared), try String(contentsOf: Self.golden, encoding: .utf8))
    }

    static func dump(_ root: String) throws -> String {
        var out = ""
        let names = try XCTUnwrap(FileManager.default.subpaths(atPath: root)).sorted()
        for name in names {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            out += FeedGolden.describe(name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + name))))
        }
        return out
    }
}
