import XCTest
@testable import Timetable

/// `TextDecoding`, the bytes → text step of the bus CSV reader.
final class BusCSVTextDecodingTests: XCTestCase {
    func testUTF8WithAndWithoutBOM() throws {
        XCTAssertEqual(try TextDecoding.string(Array("鷹56,5".utf8), file: "f"), "鷹56,5")
        XCTAssertEqual(try TextDecoding.string([0xEF, 0xBB, 0xBF] + Array("鷹56".utf8), file: "f"), "鷹56")
        XCTAssertEqual(try TextDecoding.string([], file: "f"), "")
    }

    func testShiftJIS() throws {
        // "調布駅北口" in Shift_JIS (as Python's "調布駅北口".encode("shift_jis")).
        let bytes: [UInt8] = [0x92, 0xB2, 0x95, 0x7A, 0x89, 0x77, 0x96, 0x6B, 0x8C, 0xFB]
        XCTAssertEqual(try TextDecoding.string(bytes, file: "f"), "調布駅北口")
    }

    func testNeitherEncoding() {
        XCTAssertThrowsError(try TextDecoding.string([0x41, 0x42, 0xFF, 0x43], file: "bad.csv")) { error in
            XCTAssertEqual((error as? DecodeError)?.place, "byte 2")
            XCTAssertTrue("\(error)".hasPrefix("bad.csv: byte 2: the text is neither UTF-8 nor Shift_JIS"), "\(error)")
        }
        XCTAssertThrowsError(try TextDecoding.string([0xEF, 0xBB, 0xBF, 0x41, 0x80], file: "bom.csv")) { error in
            XCTAssertEqual((error as? DecodeError)?.place, "byte 4", "offsets count the byte-order mark")
        }
        XCTAssertThrowsError(try TextDecoding.string([0x36, 0x00, 0x35], file: "nul.csv")) { error in
            XCTAssertEqual("\(error)", "nul.csv: byte 1: a NUL byte: this is a binary file, not text (UTF-8 or Shift_JIS)")
        }
    }

    func testUTF8Validation() {
        XCTAssertNil(TextDecoding.firstInvalidUTF8Offset(Array("aé鷹🚃".utf8)[...]))
        XCTAssertEqual(TextDecoding.firstInvalidUTF8Offset([0x61, 0xC0, 0x80][...]), 1, "overlong")
        XCTAssertEqual(TextDecoding.firstInvalidUTF8Offset([0x61, 0xED, 0xA0, 0x80][...]), 1, "surrogate")
        XCTAssertEqual(TextDecoding.firstInvalidUTF8Offset([0x61, 0x62, 0xE9, 0xB7][...]), 2, "truncated sequence")
    }
}
