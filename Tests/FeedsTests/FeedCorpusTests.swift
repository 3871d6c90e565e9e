import Foundation
import XCTest
@testable import Feeds

/// Decodes every file of `Tests/Fixtures/feeds-broken` (outcomes in its `EXPECTED`) and every crash
/// the fuzzer ever found (`Fuzz/regressions/feeds`): the right outcome, and nothing traps.
final class FeedCorpusTests: XCTestCase {
    static let broken = FeedFixtures.directory.deletingLastPathComponent().appendingPathComponent("feeds-broken")
    static let regressions = FeedFixtures.directory
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/regressions/feeds")

    func testEveryBrokenFileHasItsExpectedOutcome() throws {
        let manifest = try String(contentsOf: Self.broken.appendingPathComponent("EXPECTED"), encoding: .utf8)
        var expected: [String: String] = [:]
        for line in manifest.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            XCTAssertEqual(fields.count, 2, "EXPECTED: \(line)")
            if fields.count == 2 { expected[fields[0]] = fields[1] }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.broken.path).filter { $0 != "EXPECTED" }.sorted()
        XCTAssertEqual(Set(names), Set(expected.keys), "every file has one line in EXPECTED and every line a file")
        XCTAssertGreaterThanOrEqual(names.count, 20)
        for name in names {
            guard let outcome = expected[name] else { continue }
            let bytes = [UInt8](try Data(contentsOf: Self.broken.appendingPathComponent(name)))
            do {
                let feed = try FeedDecoder.decode(bytes, source: name)
                XCTAssertEqual(outcome, "ok \(feed.entries.count)", name)
            } catch let error as FeedDecodeError {
                let parts = outcome.split(separator: " ", maxSplits: 2).map(String.init)
                XCTAssertEqual(parts.count, 3, "\(name): \(outcome) is not `code place words`")
                guard parts.count == 3 else { continue }
                XCTAssertEqual(error.code.rawValue, parts[0], "\(name): \(error)")
                let place = error.column.map { "\(error.line ?? 0):\($0)" } ?? "\(error.line ?? 0)"
                XCTAssertEqual(place, parts[1], "\(name): \(error)")
                XCTAssertTrue(error.description.hasPrefix("\(name):\(place): "), error.description)
                XCTAssertTrue(error.message.contains(parts[2]), "\(name): \(error)")
            }
        }
    }

    /// Inputs that once crashed or hung the fuzz target: each decodes or fails with a FeedDecodeError.
    func testFuzzRegressionsNeverTrap() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.regressions.path).filter { !$0.hasPrefix(".") && $0 != "README.md" }
        for name in names.sorted() {
            let bytes = [UInt8](try Data(contentsOf: Self.regressions.appendingPathComponent(name)))
            do {
                _ = try FeedDecoder.decode(bytes, source: name)
            } catch let error as FeedDecodeError {
                XCTAssertTrue(error.description.hasPrefix(name + ":"), error.description)
            }
        }
    }
}
