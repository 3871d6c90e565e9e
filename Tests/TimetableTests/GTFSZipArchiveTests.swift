import XCTest
@testable import Timetable

/// The zip reader on the fixture archives and on archives built byte by byte here.
final class GTFSZipArchiveTests: XCTestCase {
    /// A stored (uncompressed) archive; `flags`, `method` and `zip64` make broken variants.
    private func zip(_ members: [(String, String)], flags: UInt16 = 0, method: UInt16 = 0,
                     corruptCRC: Bool = false, zip64: Bool = false) -> [UInt8] {
        var out: [UInt8] = [], directory: [UInt8] = []
        func u16(_ v: UInt16, _ a: inout [UInt8]) { a += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32, _ a: inout [UInt8]) { u16(UInt16(v & 0xFFFF), &a); u16(UInt16(v >> 16), &a) }
        for (name, text) in members {
            let data = Array(text.utf8), nameBytes = Array(name.utf8)
            let crc = crc32(data) ^ (corruptCRC ? 1 : 0)
            let offset = UInt32(out.count)
            u32(0x0403_4B50, &out); u16(20, &out); u16(flags, &out); u16(method, &out); u32(0, &out)
            u32(crc, &out); u32(UInt32(data.count), &out); u32(UInt32(data.count), &out)
            u16(UInt16(nameBytes.count), &out); u16(0, &out); out += nameBytes; out += data
            u32(0x0201_4B50, &directory); u16(20, &directory); u16(20, &directory); u16(flags, &directory)
            u16(method, &directory); u32(0, &directory); u32(crc, &directory)
            u32(UInt32(data.count), &directory); u32(UInt32(data.count), &directory)
            u16(UInt16(nameBytes.count), &directory); u16(0, &directory); u16(0, &directory)
            u16(0, &directory); u16(0, &directory); u32(0, &directory); u32(offset, &directory)
            directory += nameBytes
        }
        let directoryOffset = UInt32(out.count)
        out += directory
        if zip64 {  // a zip64 end-of-central-directory locator (contents irrelevant to the check)
            u32(0x0706_4B50, &out); u32(0, &out); u32(0, &out); u32(0, &out); u32(1, &out)
        }
        u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out)
        u16(UInt16(members.count), &out); u16(UInt16(members.count), &out)
        u32(UInt32(directory.count), &out); u32(directoryOffset, &out); u16(0, &out)
        return out
    }

    private func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testDeflatedAndStoredFixtureMembers() throws {
        let path = GTFSFeedTests.path("transitfeed-tests/good_feed.zip")
        let archive = try ZipArchive(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
        XCTAssertEqual(archive.entries.count, 11)
        XCTAssertEqual(Set(archive.entries.map(\.method)), [0, 8])
        // The zip's calendar.txt ends in 2011, the directory's in 2025; the other files are equal.
        for entry in archive.entries where entry.name != "calendar.txt" {
            let unpacked = try Data(contentsOf: GTFSFeedTests.fixtures
                .appendingPathComponent("transitfeed-tests/good_feed").appendingPathComponent(entry.name))
            XCTAssertTrue(try archive.contents(of: entry) == Array(unpacked), entry.name)
        }
    }

    func testHandBuiltArchiveAndFolderInside() throws {
        let archive = try ZipArchive(bytes: zip([("feed/stops.txt", "stop_id\nS1\n"), ("__MACOSX/feed/stops.txt", "x")]), path: "a.zip")
        let entry = try XCTUnwrap(archive.entry(named: "stops.txt"))
        XCTAssertEqual(entry.name, "feed/stops.txt")
        XCTAssertEqual(String(decoding: try archive.contents(of: entry), as: UTF8.self), "stop_id\nS1\n")
        XCTAssertNil(archive.entry(named: "trips.txt"))
    }

    func testRejectedArchives() throws {
        let encrypted = try ZipArchive(bytes: zip([("stops.txt", "a")], flags: 1), path: "a.zip")
        XCTAssertEqual(message { _ = try encrypted.contents(of: encrypted.entries[0]) },
                       "a.zip/stops.txt: the member is encrypted; only unencrypted archives can be read")
        let bzip2 = try ZipArchive(bytes: zip([("stops.txt", "a")], method: 12), path: "a.zip")
        XCTAssertEqual(message { _ = try bzip2.contents(of: bzip2.entries[0]) },
                       "a.zip/stops.txt: compression method 12 is not supported (only stored and deflate); re-pack the archive with plain zip")
        let corrupt = try ZipArchive(bytes: zip([("stops.txt", "abc")], corruptCRC: true), path: "a.zip")
        XCTAssertTrue(message { _ = try corrupt.contents(of: corrupt.entries[0]) }.contains("CRC-32 mismatch"))
        XCTAssertEqual(message { _ = try ZipArchive(bytes: zip([("stops.txt", "a")], zip64: true), path: "a.zip") },
                       "a.zip: zip64 archives are not supported; re-pack the feed as a plain zip (under 4 GB)")
        // A deflated member whose data is not deflate: an error, not a double free (the gtfs-zip fuzz
        // target's first finding, issue 10).
        let notDeflate = try ZipArchive(bytes: zip([("stops.txt", "abc")], method: 8), path: "a.zip")
        XCTAssertTrue(message { _ = try notDeflate.contents(of: notDeflate.entries[0]) }
            .hasPrefix("a.zip/stops.txt: the deflated data is corrupt"))
        // A size deflate cannot reach from the compressed size is refused before the buffer is allocated.
        var inflated = zip([("stops.txt", "abc")], method: 8)
        inflated.replaceSubrange(66..<70, with: [0, 0, 0, 0x40])  // the central directory's size: 1 GiB
        let bomb = try ZipArchive(bytes: inflated, path: "a.zip")
        XCTAssertEqual(message { _ = try bomb.contents(of: bomb.entries[0]) },
                       "a.zip/stops.txt: the member says it inflates from 3 to 1073741824 bytes, more than deflate can: the archive is corrupt")
        let whole = zip([("stops.txt", "stop_id\nS1\n")])
        XCTAssertEqual(message { _ = try ZipArchive(bytes: Array(whole[20...]), path: "a.zip") },
                       "a.zip: the central directory points outside the archive (truncated download?)")
        XCTAssertEqual(message { _ = try ZipArchive(bytes: Array(whole.prefix(30)), path: "a.zip") },
                       "a.zip: not a zip archive (no end-of-central-directory record)")
    }
}
