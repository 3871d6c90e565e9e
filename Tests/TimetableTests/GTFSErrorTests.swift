import XCTest
@testable import Timetable

/// Broken feeds fail with the file, the row and what is wrong.
final class GTFSErrorTests: XCTestCase {
    private func loadError(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> DecodeError? {
        do {
            _ = try GTFSFeed.load(path: path)
            XCTFail("\(path) loaded", file: file, line: line)
            return nil
        } catch let error as DecodeError {
            return error
        } catch {
            XCTFail("not a DecodeError: \(error)", file: file, line: line)
            return nil
        }
    }

    private func fixture(_ name: String) -> String { GTFSFeedTests.path("transitfeed-tests/" + name) }

    func testUTF16IsRejectedWithAdvice() throws {
        let path = fixture("utf16")
        let error = try XCTUnwrap(loadError(path))
        XCTAssertEqual(error.description,
                       "\(path)/agency.txt: the file is UTF-16 (big-endian) text; GTFS files must be UTF-8: re-save it as UTF-8")
    }

    func testInvalidUTF8NamesTheRowAndBytes() throws {
        let path = fixture("bad_utf8")
        let error = try XCTUnwrap(loadError(path))
        XCTAssertEqual(error.file, path + "/agency.txt")
        XCTAssertEqual(error.place, "row 1")
        XCTAssertTrue(error.message.hasPrefix("invalid UTF-8 (bytes 0xEC"), error.message)
        XCTAssertTrue(error.message.contains("at column 59"), error.message)
    }

    func testNULByteIsRejectedBeforeRowsAreRead() throws {
        let path = fixture("contains_null")
        let error = try XCTUnwrap(loadError(path))
        XCTAssertEqual(error.file, path + "/stops.txt")
        XCTAssertEqual(error.place, "row 9")
        XCTAssertTrue(error.message.hasPrefix("NUL byte (0x00) at column 25"), error.message)
    }

    func testExtraCellsAreRejected() throws {
        let path = fixture("extra_row_cells")
        let error = try XCTUnwrap(loadError(path))
        XCTAssertEqual(error.description, "\(path)/routes.txt: row 4: expected 6 cells, found 7")
    }

    func testMissingCellsAreRejected() throws {
        let path = fixture("missing_row_cells")
        let error = try XCTUnwrap(loadError(path))
        XCTAssertEqual(error.description, "\(path)/routes.txt: row 4: expected 7 cells, found 6")
    }

    func testMissingFeed() throws {
        let path = fixture("no_such_feed.zip")
        let error = try XCTUnwrap(loadError(path))
        XCTAssertEqual(error.file, path)
        XCTAssertTrue(error.message.hasPrefix("no such file or directory"), error.message)
    }

    func testNotAZipArchive() throws {
        let path = GTFSFeedTests.path("gtfs-jp-rinkobus/stops.txt")
        let error = try XCTUnwrap(loadError(path))
        XCTAssertEqual(error.description, "\(path): not a zip archive (no end-of-central-directory record)")
    }
}
