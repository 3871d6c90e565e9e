import Foundation
import XCTest
@testable import Feeds

/// Reads fixtures from `Tests/Fixtures/feeds/`, located relative to this source file.
enum FeedFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("feeds")

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(path)))
    }

    static func decode(_ path: String) throws -> Feed {
        try FeedDecoder.decode(try bytes(path), source: path)
    }

    /// The error decoding `path` throws, failing the test when it decodes.
    static func failure(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> FeedDecodeError? {
        failure(of: try bytes(path), source: path, file: file, line: line)
    }

    static func failure(of bytes: [UInt8], source: String, file: StaticString = #filePath, line: UInt = #line) -> FeedDecodeError? {
        do {
            let feed = try FeedDecoder.decode(bytes, source: source)
            XCTFail("\(source) decoded to \(feed)", file: file, line: line)
            return nil
        } catch let error as FeedDecodeError {
            return error
        } catch {
            XCTFail("\(source) threw \(error), not a FeedDecodeError", file: file, line: line)
            return nil
        }
    }

    static func date(_ text: String) -> Date? { FeedDateParser.parse(text) }
}
