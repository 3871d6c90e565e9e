import XCTest
@testable import Timetable

/// The byte-level CSV reader under GTFSFeed: cells, quoting, line numbers and encoding checks.
final class GTFSCSVTableTests: XCTestCase {
    private func rows(_ bytes: [UInt8]) throws -> [[String]] {
        var table = try CSVTable(bytes: bytes, file: "t.txt")
        let columns = table.columns
        var result: [[String]] = [columns]
        try table.forEachRow { row in
            result.append((0..<columns.count).map { row.string($0) + "@\(row.line)" })
        }
        return result
    }

    private func rows(_ text: String) throws -> [[String]] { try rows(Array(text.utf8)) }

    private func failure(_ bytes: [UInt8]) -> String {
        do {
            _ = try rows(bytes)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testCellsQuotesAndLineNumbers() throws {
        let text = "\u{FEFF} a ,b\u{0C}\r\n1,\"x,\"\"y\"\"\r\nz\"\r\n\n\"\",2\r\r\nlong-cell-without-quotes-past-eight-bytes,\"\""
        XCTAssertEqual(try rows(text), [
            ["a", "b"],
            ["1@2", "x,\"y\"\r\nz@2"],
            ["@5", "2@5"],
            ["long-cell-without-quotes-past-eight-bytes@6", "@6"],
        ])
    }

    func testEncodingProblemsAreFoundInAnyCellAndRow() {
        let header = Array("a,b\n".utf8)
        // Invalid UTF-8 in an unquoted cell after valid multi-byte text.
        XCTAssertEqual(failure(header + Array("1,日本\n2,日".utf8) + [0xE6, 0x9C] + Array(",\n".utf8)),
                       "t.txt: row 3: invalid UTF-8 (bytes 0xE6 0x9C 0x2C 0xA) at column 6; re-save the file as UTF-8")
        // A NUL byte within the first eight bytes of a long cell.
        XCTAssertEqual(failure(header + Array("1,abc".utf8) + [0] + Array("defghijkl\n".utf8)),
                       "t.txt: row 2: NUL byte (0x00) at column 6; GTFS files are UTF-8 text without NUL bytes")
        // In a quoted cell, after an escaped quote.
        XCTAssertEqual(failure(header + Array("1,\"q\"\"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)),
                       "t.txt: row 2: invalid UTF-8 (bytes 0xC3 0x28 0x22 0xA) at column 7; re-save the file as UTF-8")
        // Surrogates and overlong forms.
        XCTAssertTrue(failure(header + [0x31, 0x2C, 0xED, 0xA0, 0x80, 0x0A]).hasPrefix("t.txt: row 2: invalid UTF-8 (bytes 0xED"))
        XCTAssertTrue(failure(header + [0x31, 0x2C, 0xE0, 0x80, 0x80, 0x0A]).hasPrefix("t.txt: row 2: invalid UTF-8 (bytes 0xE0"))
        // An encoding problem later in the file is reported before the cell-count error it follows.
        XCTAssertEqual(failure(header + Array("1\n2,x\n3,".utf8) + [0xFF] + [0x0A]),
                       "t.txt: row 4: invalid UTF-8 (bytes 0xFF 0xA) at column 3; re-save the file as UTF-8")
    }

    func testUnescapedQuotesLeaveNoFalseEncodingError() {
        // The escaped quotes shift "日" left in place; the cell-count error must still be the one reported.
        XCTAssertEqual(failure(Array("a,b\n\"\"\"\"\"日\",2,3\n".utf8)), "t.txt: row 2: expected 2 cells, found 3")
    }

    func testUTF16LittleEndianWithoutBOM() {
        XCTAssertEqual(failure([0x61, 0x00, 0x2C, 0x00, 0x62, 0x00]),
                       "t.txt: the file is UTF-16 (little-endian) text; GTFS files must be UTF-8: re-save it as UTF-8")
    }
}
