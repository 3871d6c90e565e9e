import Foundation
import XCTest
@testable import LiveSources

final class SourceCacheTests: XCTestCase {
    private var fixture: LiveSourcesFixture!

    override func setUpWithError() throws { fixture = try LiveSourcesFixture() }
    override func tearDown() { fixture.remove() }

    private func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private func metadata(at date: Date = Date(timeIntervalSince1970: 1_734_825_600)) -> SourceCacheMetadata {
        SourceCacheMetadata(fetchedAt: date, etag: "\"v1\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT",
                            url: "https://example.com/x?appid=REDACTED", bytes: 0, checksum: "")
    }

    func testRoundTripWithModesAndSidecar() throws {
        let source = try fixture.source("tokyo-jma")
        let cache = fixture.cache
        XCTAssertNil(try cache.load(source))
        let body = Data("{\"a\": 1}".utf8)
        let stored = try cache.store(body, metadata: metadata(), for: source)
        XCTAssertEqual(stored.bytes, body.count)

        let loaded = try XCTUnwrap(try cache.load(source))
        XCTAssertEqual(loaded.body, body)
        XCTAssertEqual(loaded.metadata, stored)
        XCTAssertEqual(loaded.metadata.validators.etag, "\"v1\"")
        XCTAssertEqual(cache.bodyPath(for: source), fixture.stateDirectory + "/sources/weather-tokyo-jma.body")

        XCTAssertEqual(try mode(cache.directory), 0o700)
        XCTAssertEqual(try mode(cache.bodyPath(for: source)), 0o600)
        XCTAssertEqual(try mode(cache.metadataPath(for: source)), 0o600)

        let sidecar = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cache.metadataPath(for: source)))) as? [String: Any])
        XCTAssertEqual(sidecar["fetched_at"] as? String, "2024-12-22T00:00:00Z")
        XCTAssertEqual(sidecar["etag"] as? String, "\"v1\"")
        XCTAssertEqual(sidecar["last_modified"] as? String, "Wed, 21 Oct 2015 07:28:00 GMT")
        XCTAssertEqual(sidecar["url"] as? String, "https://example.com/x?appid=REDACTED")
        XCTAssertEqual(sidecar["bytes"] as? Int, body.count)
        XCTAssertEqual(sidecar["status"] as? Int, 200)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.directory).sorted(),
                       ["weather-tokyo-jma.body", "weather-tokyo-jma.json"], "no temporary files left")
    }

    func testNotModifiedKeepsTheBodyAndCountsBytesSaved() throws {
        let source = try fixture.source("tokyo-jma")
        let cache = fixture.cache
        try cache.store(Data(repeating: 65, count: 1000), metadata: metadata(), for: source)
        let later = Date(timeIntervalSince1970: 1_734_829_200)
        let updated = try XCTUnwrap(try cache.recordNotModified(for: source, at: later))
        XCTAssertEqual(updated.bytesSaved, 1000)
        XCTAssertEqual(updated.checkedAt, later)
        XCTAssertEqual(updated.fetchedAt, Date(timeIntervalSince1970: 1_734_825_600))
        XCTAssertEqual(try cache.load(source)?.body.count, 1000)
    }

    func testFailedStoreLeavesThePreviousEntryAndNoPartialFile() throws {
        let source = try fixture.source("tokyo-jma")
        let cache = fixture.cache
        try cache.store(Data("old".utf8), metadata: metadata(), for: source)
        // The body path becomes a non-empty directory: the rename must fail.
        let bodyPath = cache.bodyPath(for: source)
        try FileManager.default.removeItem(atPath: bodyPath)
        try FileManager.default.createDirectory(atPath: bodyPath + "/blocker", withIntermediateDirectories: true)
        let sidecarBefore = try Data(contentsOf: URL(fileURLWithPath: cache.metadataPath(for: source)))
        XCTAssertThrowsError(try cache.store(Data("new".utf8), metadata: metadata(), for: source)) { error in
            XCTAssertTrue(String(describing: error).hasPrefix(bodyPath + ": cannot replace: "), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cache.metadataPath(for: source))), sidecarBefore)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.directory).sorted(),
                       ["weather-tokyo-jma.body", "weather-tokyo-jma.json"], "the temporary file was removed")
    }

    func testBodyNotMatchingItsSidecarIsRefused() throws {
        let source = try fixture.source("tokyo-jma")
        let cache = fixture.cache
        try cache.store(Data("good body".utf8), metadata: metadata(), for: source)
        try Data("evil body".utf8).write(to: URL(fileURLWithPath: cache.bodyPath(for: source)))
        XCTAssertThrowsError(try cache.load(source)) { error in
            XCTAssertTrue(String(describing: error).contains("does not match its sidecar"), "\(error)")
        }
    }

    func testIdsThatCannotNameAFileAreRefused() {
        let source = LiveSource(id: "../escape", origin: .odptTrainInformation(operator: "x"))
        XCTAssertThrowsError(try fixture.cache.store(Data(), metadata: metadata(), for: source))
    }
}
