import XCTest
import JSONText

/// What the parser produces from valid JSON: escapes, numbers, key order, nesting.
final class JSONParserValueTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    func testScalarsAndBooleansStayBooleans() throws {
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse(" false\n"), .bool(false))
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse("[true, 1]").arrayValue?.map(\.numberValue), [nil, 1])
        XCTAssertEqual(try parse(#""x""#), .string("x"))
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)), .array([]))
    }

    func testNumbers() throws {
        XCTAssertEqual(try parse("[0, -0, 7, -12, 1.5, 1.5e2, 2E-3, 1e+2, 123456789012]"),
                       .array([.number(0), .number(0), .number(7), .number(-12), .number(1.5), .number(150),
                               .number(0.002), .number(100), .number(123_456_789_012)]))
        XCTAssertEqual(try parse("-0.25").numberValue, -0.25)
    }

    func testEscapesAndUnicode() throws {
        let value = try parse(#"{"a":"\u9280\u5EA7 \"x\" \ud83d\ude83","b":"\\\/\b\f\n\r\t","c":"銀座🚃"}"#)
        XCTAssertEqual(value["a"]?.stringValue, "銀座 \"x\" 🚃")
        XCTAssertEqual(value["b"]?.stringValue, "\\/\u{08}\u{0C}\n\r\t")
        XCTAssertEqual(value["c"]?.stringValue, "銀座🚃")
    }

    func testLoneSurrogatesBecomeReplacementCharacters() throws {
        XCTAssertEqual(try parse(#""\ud83d""#).stringValue, "\u{FFFD}")
        XCTAssertEqual(try parse(#""\ude83x""#).stringValue, "\u{FFFD}x")
        // A high surrogate followed by an escape that is not a low surrogate: both are kept apart.
        XCTAssertEqual(try parse(#""\ud83d\u0041""#).stringValue, "\u{FFFD}A")
    }

    func testObjectsKeepKeyOrder() throws {
        let value = try parse(#"{"z": 1, "a": {"y": [], "b": null}, "m": "x", "z": 2}"#)
        XCTAssertEqual(value.objectKeys, ["z", "a", "m"])
        XCTAssertEqual(value["z"], .number(2), "a repeated key keeps its last value")
        XCTAssertEqual(value["a"]?.objectKeys, ["y", "b"])
        XCTAssertEqual(value["a"]?["b"]?.isNull, true)
        XCTAssertNil(value["missing"])
        XCTAssertNil(JSONValue.array([])["z"])
        XCTAssertEqual(value.kindDescription.english, "an object")
    }

    func testNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try parse(deepest)
        var levels = 0
        while let items = value.arrayValue {
            levels += 1
            value = items.first ?? .null
        }
        XCTAssertEqual(levels, depth)
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        XCTAssertNoThrow(try parse(objects))
    }
}
