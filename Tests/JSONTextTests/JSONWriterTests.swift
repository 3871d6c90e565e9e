import JSONText
import XCTest

/// The one JSON writer: escaping, both styles, nesting, members, and `JSONOutput` on top of it.
final class JSONWriterTests: XCTestCase {
    private func written(_ style: JSONWriter.Style, _ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(style: style)
        body(&writer)
        return writer.text
    }

    func testStringsAreEscapedPerRFC8259AndForJavaScript() {
        let text = written(.compact) { $0.string("\"\\/\n\r\t\u{08}\u{0C}\u{00}\u{01}\u{1F}\u{7F} \u{2028}\u{2029}\u{2027}") }
        XCTAssertEqual(text, #""\"\\/\n\r\t\b\f\u0000\u0001\u001f"# + "\u{7F} " + #"\u2028\u2029"# + "\u{2027}\"")
    }

    func testJapaneseAndEmojiStayRawUTF8() {
        XCTAssertEqual(written(.compact) { $0.string("調布 10:33 🚃 é") }, "\"調布 10:33 🚃 é\"")
        XCTAssertEqual(written(.spaced) { $0.beginObject(); $0.member("駅", "新宿"); $0.endObject() }, #"{"駅": "新宿"}"#)
    }

    func testScalars() {
        XCTAssertEqual(written(.compact) { writer in
            writer.beginArray()
            for value: Int64 in [0, 7, 10, -1, -5, Int64.max, Int64.min] { writer.integer(value) }
            writer.bool(true); writer.bool(false); writer.null(); writer.raw("{\"parse\":[]}"); writer.string("")
            writer.endArray()
        }, #"[0,7,10,-1,-5,9223372036854775807,-9223372036854775808,true,false,null,{"parse":[]},""]"#)
    }

    func testNestedCompactAndSpaced() {
        func document(_ writer: inout JSONWriter) {
            writer.beginObject()
            writer.member("a", Int64(1))
            writer.key("b")
            writer.beginArray()
            writer.integer(1)
            writer.beginObject(); writer.endObject()
            writer.beginArray(); writer.endArray()
            writer.beginObject(); writer.member("c", nil as String?); writer.member("d", true); writer.endObject()
            writer.endArray()
            writer.member("e", raw: "[1]")
            writer.member("f", nil as Int64?)
            writer.member("g", "x")
            writer.endObject()
        }
        XCTAssertEqual(written(.compact, document), #"{"a":1,"b":[1,{},[],{"c":null,"d":true}],"e":[1],"f":null,"g":"x"}"#)
        XCTAssertEqual(written(.spaced, document), #"{"a": 1, "b": [1, {}, [], {"c": null, "d": true}], "e": [1], "f": null, "g": "x"}"#)
    }

    func testKeysAreEscapedAndKeepTheirOrder() {
        XCTAssertEqual(written(.compact) { $0.beginObject(); $0.member("z\"", Int64(1)); $0.member("a\n", Int64(2)); $0.endObject() },
                       #"{"z\"":1,"a\n":2}"#)
    }

    func testReservedCapacityDoesNotChangeTheText() {
        var writer = JSONWriter(style: .compact, capacity: 512)
        writer.beginObject()
        writer.endObject()
        XCTAssertEqual(writer.text, "{}")
        XCTAssertEqual(writer.bytes, Array("{}".utf8))
    }

    /// The CLI's `--json` format, byte for byte as the enum it replaced wrote it.
    func testOutputValuesInBothStyles() {
        let value = JSONOutput.object([
            ("board", .string("調布")), ("count", .int(-2)), ("ok", .bool(true)), ("none", .null),
            ("items", .array([.object([("at", .int(0))]), .array([]), .object([])])), ("quote", .string("a\"b")),
        ])
        XCTAssertEqual(value.text, #"{"board": "調布", "count": -2, "ok": true, "none": null, "items": [{"at": 0}, [], {}], "quote": "a\"b"}"#)
        XCTAssertEqual(value.text(style: .compact), #"{"board":"調布","count":-2,"ok":true,"none":null,"items":[{"at":0},[],{}],"quote":"a\"b"}"#)
        XCTAssertEqual(JSONOutput.array([.int(1), .int(2)]).text, "[1, 2]")
        XCTAssertEqual(JSONOutput.string("x").text, #""x""#)
    }

    func testWhatIsWrittenParsesBack() throws {
        let nasty = "\"\\/\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F} é 日本 \u{1F683} \u{2028}\u{2029}"
        let value = JSONOutput.object([("text", .string(nasty)), ("n", .int(Int64(-(1 << 53)))), ("list", .array([.bool(false), .null]))])
        for style in [JSONWriter.Style.compact, .spaced] {
            let parsed = try JSONParser.parse(Array(value.text(style: style).utf8))
            XCTAssertEqual(parsed["text"]?.stringValue, nasty)
            XCTAssertEqual(parsed["n"]?.numberValue, -9_007_199_254_740_992)
            XCTAssertEqual(parsed["list"], .array([.bool(false), .null]))
            XCTAssertEqual(parsed.objectKeys, ["text", "n", "list"])
        }
        XCTAssertEqual(JSONStringEscaping.escaped("a\"b\n"), #"a\"b\n"#)
    }
}
