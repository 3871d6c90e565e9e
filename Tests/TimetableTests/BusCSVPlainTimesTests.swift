import Foundation
import XCTest
@testable import Timetable

/// `BusCSV.parse` reads plain files byte by byte (`plainTimes`) and everything else character by
/// character (`parse(text:file:)`): whatever the byte reader accepts, the character reader must
/// read to the same departures.
final class BusCSVPlainTimesTests: XCTestCase {
    /// The pieces files are made of here: what a person types, and what a byte reader could get wrong
    /// (line breaks beyond LF, spaces beyond ASCII, a BOM, digits too many, hours and minutes out of range).
    static let pieces = ["0", "5", "9", "05", "24", "29", "30", "59", "60", "123", ",", ",", ",", " ", "\t", "#", "# 鷹56 日祝",
                         "\n", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{FEFF}",
                         "鷹", "a", "\u{301}", "\n6,05,10", "\n25,59", "\n7,", "\n,8"]

    func testTheByteReaderReadsWhatItAcceptsAsTheCharacterReaderDoes() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
        var accepted = 0, compared = 0
        for _ in 0..<30_000 {
            let text = (0..<(1 + next(24))).map { _ in Self.pieces[next(Self.pieces.count)] }.joined()
            var bytes = text
            let plain = bytes.withUTF8 { BusCSV.plainTimes($0) }
            let characters = try? BusCSV.parse(text: text, file: "t.csv")
            if let plain {
                XCTAssertEqual(plain, characters, "the byte reader accepted \(text.debugDescription)")
                accepted += 1
            }
            compared += 1
        }
        XCTAssertGreaterThan(accepted, 1_000, "too few plain files generated to say anything")
        XCTAssertEqual(compared, 30_000)
    }

    func testTheExampleTimetablesAreReadByteByByte() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("rules/timetables")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".csv") }
        XCTAssertGreaterThan(files.count, 5)
        for file in files {
            var text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let plain = text.withUTF8 { BusCSV.plainTimes($0) }
            XCTAssertNotNil(plain, "\(file) (a comment in Japanese is plain)")
            XCTAssertEqual(plain, try BusCSV.parse(text: text, file: file), file)
        }
    }
}
