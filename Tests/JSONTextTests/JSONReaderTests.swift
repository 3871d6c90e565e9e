import JSONText
import XCTest

/// The reading primitives under `JSONParser` and the store's notification codec.
final class JSONReaderTests: XCTestCase {
    /// Runs `body` on a reader over `bytes`; the result or the reader's error, and where the reader stopped.
    private func read<T>(_ bytes: [UInt8], _ body: (inout JSONReader) throws(JSONReadError) -> T)
        -> (result: Result<T, JSONReadError>, index: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            do throws(JSONReadError) {
                let value = try body(&reader)
                return (.success(value), reader.index)
            } catch {
                return (.failure(error), reader.index)
            }
        }
    }

    private func string(_ text: String) -> Result<String, JSONReadError> {
        read(Array(text.utf8)) { (reader: inout JSONReader) throws(JSONReadError) in try reader.readString() }.result
    }

    private func integer(_ text: String) -> Result<Int64, JSONReadError> {
        read(Array(text.utf8)) { (reader: inout JSONReader) throws(JSONReadError) in try reader.readInteger() }.result
    }

    func testStringsWithEveryEscape() throws {
        XCTAssertEqual(try string(#""plain 調布""#).get(), "plain 調布")
        XCTAssertEqual(try string(#""\"\\\/\b\f\n\r\t""#).get(), "\"\\/\u{08}\u{0C}\n\r\t")
        XCTAssertEqual(try string(#""\u00e9\u3042\u0000\uFFFF""#).get(), "é\u{3042}\u{0}\u{FFFF}")
        XCTAssertEqual(try string(#""\ud83d\ude83 \uD83D\uDE83""#).get(), "🚃 🚃")
        // The reader stops right after the closing quote.
        let stopped = read(Array(#""ab" , 1"#.utf8)) { (reader: inout JSONReader) throws(JSONReadError) in try reader.readString() }
        XCTAssertEqual(stopped.index, 4)
    }

    /// The one lone-surrogate policy: U+FFFD, the next escape read on its own.
    func testLoneSurrogatesBecomeReplacementCharacters() throws {
        XCTAssertEqual(try string(#""\ud83d""#).get(), "\u{FFFD}")
        XCTAssertEqual(try string(#""\ud83dx""#).get(), "\u{FFFD}x")
        XCTAssertEqual(try string(#""\ude83""#).get(), "\u{FFFD}")
        XCTAssertEqual(try string(#""\ud83d\u0041""#).get(), "\u{FFFD}A")
        XCTAssertEqual(try string(#""\ud83d\ud83d\ude83""#).get(), "\u{FFFD}🚃")
        XCTAssertEqual(try string(#""\ude83\ud83d""#).get(), "\u{FFFD}\u{FFFD}")
    }

    func testStringProblemsAndTheirOffsets() {
        XCTAssertEqual(string("x"), .failure(JSONReadError(.notAString, at: 0, start: 0)))
        XCTAssertEqual(string(#""abc"#), .failure(JSONReadError(.unclosedString, at: 0, start: 0)))
        XCTAssertEqual(string(#""ab\"#), .failure(JSONReadError(.unfinishedEscape, at: 0, start: 0, escapeStart: 3)))
        XCTAssertEqual(string("\"a\tb\""), .failure(JSONReadError(.controlCharacter(0x09), at: 2, start: 0)))
        XCTAssertEqual(string(#""a\qb""#), .failure(JSONReadError(.invalidEscape(UInt8(ascii: "q")), at: 2, start: 0, escapeStart: 2)))
        XCTAssertEqual(string(#""a\u12"#), .failure(JSONReadError(.truncatedUnicodeEscape, at: 6, start: 0, escapeStart: 2)))
        XCTAssertEqual(string(#""a\u12G4""#),
                       .failure(JSONReadError(.invalidHexDigit(UInt8(ascii: "G")), at: 6, start: 0, escapeStart: 2)))
        XCTAssertEqual(string(#""\ud83d\uZ""#),
                       .failure(JSONReadError(.invalidHexDigit(UInt8(ascii: "Z")), at: 9, start: 0, escapeStart: 7)))
        let invalid = read([UInt8(ascii: "\""), 0x61, 0xFF, UInt8(ascii: "\"")]) { (reader: inout JSONReader) throws(JSONReadError) in
            try reader.readString()
        }
        XCTAssertEqual(invalid.result, .failure(JSONReadError(.invalidUTF8, at: 0, start: 0)))
        // Escapes must not make bad UTF-8 good: a raw continuation byte after an escape is still invalid.
        let afterEscape = read(Array(#""\n"#.utf8) + [0x80, UInt8(ascii: "\"")]) { (reader: inout JSONReader) throws(JSONReadError) in
            try reader.readString()
        }
        XCTAssertEqual(afterEscape.result, .failure(JSONReadError(.invalidUTF8, at: 0, start: 0)))
    }

    func testIntegersAreExact() throws {
        XCTAssertEqual(try integer("0").get(), 0)
        XCTAssertEqual(try integer("-0").get(), 0)
        XCTAssertEqual(try integer("1734830640,").get(), 1_734_830_640)
        XCTAssertEqual(try integer("9007199254740993").get(), 9_007_199_254_740_993)
        XCTAssertEqual(try integer("9223372036854775807").get(), Int64.max)
        XCTAssertEqual(try integer("-9223372036854775808").get(), Int64.min)
        XCTAssertEqual(integer("9223372036854775808"), .failure(JSONReadError(.numberOutOfRange("9223372036854775808"), at: 0, start: 0)))
        XCTAssertEqual(integer("1.5"), .failure(JSONReadError(.notAWholeNumber, at: 0, start: 0)))
        XCTAssertEqual(integer("1e3"), .failure(JSONReadError(.notAWholeNumber, at: 0, start: 0)))
        XCTAssertEqual(integer("01"), .failure(JSONReadError(.leadingZero("01"), at: 0, start: 0)))
        XCTAssertEqual(integer("-x"), .failure(JSONReadError(.missingDigit(.integer), at: 1, start: 0)))
        XCTAssertEqual(integer("\"1\""), .failure(JSONReadError(.missingDigit(.integer), at: 0, start: 0)))
        XCTAssertEqual(integer("1."), .failure(JSONReadError(.missingDigit(.fraction), at: 2, start: 0)))
        XCTAssertEqual(integer("1e+"), .failure(JSONReadError(.missingDigit(.exponent), at: 3, start: 0)))
    }

    func testNumbersAsDoublesAndAsText() throws {
        let double = read(Array("-12.5e-1]".utf8)) { (reader: inout JSONReader) throws(JSONReadError) in try reader.readDouble() }
        XCTAssertEqual(try double.result.get(), -1.25)
        XCTAssertEqual(double.index, 8)
        let tooLarge = read(Array("1e999".utf8)) { (reader: inout JSONReader) throws(JSONReadError) in try reader.readDouble() }
        XCTAssertEqual(tooLarge.result, .failure(JSONReadError(.numberOutOfRange("1e999"), at: 0, start: 0)))
        let text = read(Array(" 25,".utf8)) { (reader: inout JSONReader) throws(JSONReadError) in
            reader.skipWhitespace()
            return try reader.readNumberText()
        }
        XCTAssertEqual(try text.result.get(), JSONReader.NumberText(range: 1..<3, isWholeNumber: true))
    }

    func testWhitespacePunctuationLiteralsAndPositions() {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(" \t\r\n{ null nul".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer)
            reader.skipByteOrderMark()
            XCTAssertEqual(reader.index, 3)
            reader.skipWhitespace()
            XCTAssertEqual(reader.peek(), UInt8(ascii: "{"))
            XCTAssertFalse(reader.consume(UInt8(ascii: "[")))
            XCTAssertTrue(reader.consume(UInt8(ascii: "{")))
            reader.skipWhitespace()
            XCTAssertFalse(reader.consume(literal: "true"))
            XCTAssertTrue(reader.consume(literal: "null"))
            reader.skipWhitespace()
            XCTAssertFalse(reader.consume(literal: "null"), "a cut-off literal is not read")
            XCTAssertEqual(reader.index, bytes.count - 3)
            XCTAssertFalse(reader.isAtEnd)
            XCTAssertEqual(reader.lineAndColumn(at: reader.index).line, 2)
            XCTAssertEqual(reader.lineAndColumn(at: reader.index).column, 8)
            XCTAssertEqual(reader.lineAndColumn(at: 0).line, 1)
        }
        Array("調布\nx".utf8).withUnsafeBufferPointer { buffer in
            let reader = JSONReader(bytes: buffer)
            XCTAssertEqual(reader.lineAndColumn(at: 6).column, 3, "columns count characters, not bytes")
            XCTAssertEqual(reader.lineAndColumn(at: 7).line, 2)
        }
    }
}
