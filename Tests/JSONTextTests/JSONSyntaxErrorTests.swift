import XCTest
import JSONText

/// Every kind of `JSONSyntaxError`, with its exact message, offset, line and column.
final class JSONSyntaxErrorTests: XCTestCase {
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        error(Array(text.utf8), file: file, line: line)
    }

    private func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do {
            let value = try JSONParser.parse(bytes)
            XCTFail("parsed without an error: \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testEmpty() {
        let empty = error("")
        XCTAssertEqual(empty, JSONSyntaxError(kind: .empty, message: "the input is empty (no JSON value)", offset: 0, line: 1, column: 1))
        XCTAssertEqual(error(" \n\t ")?.kind, .empty)
        XCTAssertEqual(error([0xEF, 0xBB, 0xBF])?.kind, .empty)
    }

    func testHTMLPageQuotesItsStart() {
        let page = error("\n  <!DOCTYPE html>\n<html>\n<head><title>503 Service Temporarily Unavailable</title></head></html>")
        XCTAssertEqual(page?.kind, .html)
        XCTAssertEqual(page?.description,
                       #"2:3: expected JSON, got an HTML page ("<!DOCTYPE html> <html> <head><title>503 Service Temporarily …")"#)
        XCTAssertEqual(page?.offset, 3)
        XCTAssertEqual(error(#"<?xml version="1.0"?><error/>"#)?.message,
                       #"expected JSON, got an XML document ("<?xml version="1.0"?><error/>")"#)
    }

    func testPlainText() {
        XCTAssertEqual(error("Service Unavailable\n"),
                       JSONSyntaxError(kind: .notJSON, message: #"expected JSON, got plain text ("Service Unavailable")"#,
                                       offset: 0, line: 1, column: 1))
        XCTAssertEqual(error("トークンが無効です")?.kind, .notJSON)
        XCTAssertEqual(error("nothing")?.kind, .notJSON)
        // A literal that is cut off is truncated JSON, not text.
        XCTAssertEqual(error("fals")?.kind, .truncated)
    }

    func testTruncated() {
        XCTAssertEqual(error("[1, 2"),
                       JSONSyntaxError(kind: .truncated, message: "truncated JSON: the input ends inside an array",
                                       offset: 5, line: 1, column: 6))
        XCTAssertEqual(error("{\n  \"a\": \"銀座")?.description, "2:8: truncated JSON: the string starting here is never closed")
        XCTAssertEqual(error("{\"a\":")?.description, "1:6: truncated JSON: the input ends where a value was expected")
        XCTAssertEqual(error("{\"a\"")?.description, "1:5: truncated JSON: the input ends inside an object")
        XCTAssertEqual(error("[tr")?.description, "1:4: truncated JSON: the input ends inside 'true'")
        XCTAssertEqual(error(#"["\u12"#)?.description, "1:7: truncated JSON: the input ends inside a \\u escape")
        XCTAssertEqual(error("-")?.description, "1:2: truncated JSON: the input ends inside a number")
        XCTAssertEqual(error("[1.")?.description, "1:4: truncated JSON: the input ends inside a number")
    }

    func testSyntaxErrorsWithLineAndColumn() {
        func described(_ text: String) -> String? { error(text)?.description }
        XCTAssertEqual(error("[\n {\"a\": tru}]"),
                       JSONSyntaxError(kind: .syntax, message: "unexpected 't' where a JSON value was expected",
                                       offset: 9, line: 2, column: 8))
        XCTAssertEqual(described(#"{"hourly": {"time": [],}}"#), "1:24: unexpected '}' where an object key (a string) was expected")
        XCTAssertEqual(described("[1,]"), "1:4: unexpected ']' where a JSON value was expected")
        XCTAssertEqual(described("[1 2]"), "1:4: unexpected '2' in an array (expected ',' or ']')")
        XCTAssertEqual(described(#"{"a" 1}"#), "1:6: unexpected '1' after the key \"a\" (expected ':')")
        XCTAssertEqual(described(#"{"a":1 "b":2}"#), "1:8: unexpected '\"' in an object (expected ',' or '}')")
        XCTAssertEqual(described("{}\n x"), "2:2: unexpected 'x' after the end of the JSON document")
        XCTAssertEqual(described(#"["銀座\q"]"#), "1:5: invalid escape '\\q' in a string")
        XCTAssertEqual(described("[\"a\tb\"]"), "1:4: a control character (0x09) inside a string")
        XCTAssertEqual(described(#"["\u12G4"]"#), "1:7: invalid hex digit 'G' in a \\u escape")
        XCTAssertEqual(described("[01]"), "1:2: the number 01 has a leading zero")
        XCTAssertEqual(described("[-x]"), "1:3: unexpected 'x' after '-' (expected a digit)")
        XCTAssertEqual(described("[1.e5]"), "1:4: unexpected 'e' after '.' in a number (expected a digit)")
        XCTAssertEqual(described("[1e+]"), "1:5: unexpected ']' in the exponent of a number (expected a digit)")
        XCTAssertEqual(described("[1e999]"), "1:2: the number 1e999 is out of range")
        XCTAssertEqual(described("[+1]"), "1:2: unexpected '+' where a JSON value was expected")
        XCTAssertEqual(described("'a'"), "1:1: unexpected ''' where a JSON value was expected")
        XCTAssertEqual(error(Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8))?.description,
                       "1:2: the string starting here is not valid UTF-8")
        XCTAssertEqual(error("[\"a\\u00e9".utf8.map { $0 } + [0xC3] + Array("\"]".utf8))?.description,
                       "1:2: the string starting here is not valid UTF-8")
        XCTAssertEqual(error("[\"a\\\n\"]")?.description, "1:4: invalid escape: byte 0x0a after '\\' in a string")
    }

    func testNestingDeeperThanTheLimit() {
        let depth = JSONParser.maximumDepth + 1
        let tooDeep = error(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        XCTAssertEqual(tooDeep, JSONSyntaxError(kind: .tooDeep, message: "JSON nested deeper than 256 levels",
                                                offset: 256, line: 1, column: 257))
        XCTAssertEqual(error(String(repeating: "{\"k\":", count: 5000))?.kind, .tooDeep)
    }
}
