@testable import Config
import XCTest

final class YAMLDocumentReaderTests: XCTestCase {
    private func read(_ text: String, limits: YAMLLimits = YAMLLimits()) throws -> YAMLNode? {
        try YAMLDocumentReader(limits: limits).read(YAMLSource(name: "test.yaml", text: text))
    }

    private func readError(_ text: String, limits: YAMLLimits = YAMLLimits(),
                           file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        do {
            _ = try YAMLDocumentReader(limits: limits).read(YAMLSource(name: "test.yaml", text: text))
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func value(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
        node?.mappingPairs?.first { $0.key.scalarText == key }?.value
    }

    func testTreeHasOneBasedPositions() throws {
        let root = try XCTUnwrap(read("""
            boards:
              - id: chofu
                sources: [a, "b"]
            """))
        XCTAssertEqual(root.mark, YAMLMark(line: 1, column: 1))
        let boards = try XCTUnwrap(value(root, "boards"))
        XCTAssertEqual(boards.mark, YAMLMark(line: 2, column: 3))  // the "-"
        let board = try XCTUnwrap(boards.sequenceItems?.first)
        XCTAssertEqual(board.mark, YAMLMark(line: 2, column: 5))  // the first key
        let pairs = try XCTUnwrap(board.mappingPairs)
        XCTAssertEqual(pairs.map { $0.key.scalarText }, ["id", "sources"])
        XCTAssertEqual(pairs[0].key.mark, YAMLMark(line: 2, column: 5))
        XCTAssertEqual(pairs[0].value.mark, YAMLMark(line: 2, column: 9))
        XCTAssertEqual(pairs[0].value.scalarText, "chofu")
        let sources = try XCTUnwrap(pairs[1].value.sequenceItems)
        XCTAssertEqual(pairs[1].value.mark, YAMLMark(line: 3, column: 14))  // the "["
        XCTAssertEqual(sources.map(\.mark), [YAMLMark(line: 3, column: 15), YAMLMark(line: 3, column: 18)])
        XCTAssertEqual(sources.map(\.scalarText), ["a", "b"])
    }

    func testColumnsCountCharactersNotBytes() throws {
        // 調布 is 6 bytes in UTF-8 but 2 characters: the value starts at column 5, not 9.
        let root = try XCTUnwrap(read("調布: 三鷹\nx: [あい, う]\n"))
        let pairs = try XCTUnwrap(root.mappingPairs)
        XCTAssertEqual(pairs[0].key.scalarText, "調布")
        XCTAssertEqual(pairs[0].value.mark, YAMLMark(line: 1, column: 5))
        let items = try XCTUnwrap(pairs[1].value.sequenceItems)
        XCTAssertEqual(items.map(\.mark), [YAMLMark(line: 2, column: 5), YAMLMark(line: 2, column: 9)])
    }

    func testByteOrderMarkAndCRLFDoNotShiftPositions() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: 調布\r\n".utf8)
        let source = YAMLSource(name: "bom.yaml", bytes: bytes)
        let root = try XCTUnwrap(try YAMLDocumentReader().read(source))
        let pairs = try XCTUnwrap(root.mappingPairs)
        XCTAssertEqual(pairs[0].key.mark, YAMLMark(line: 1, column: 1))
        XCTAssertEqual(pairs[1].value.mark, YAMLMark(line: 2, column: 4))
        XCTAssertEqual(pairs[1].value.scalarText, "調布")
        XCTAssertEqual(source.line(2), "b: 調布")
    }

    func testScalarStylesAreKept() throws {
        let root = try XCTUnwrap(read("""
            plain: 12
            double: "12"
            single: '12'
            tagged: !!str 12
            literal: |
              12
            folded: >
              12
            tilde: ~
            empty:
            null: null
            quoted-null: "null"
            """))
        let pairs = try XCTUnwrap(root.mappingPairs)
        func node(_ key: String) throws -> YAMLNode { try XCTUnwrap(pairs.first { $0.key.scalarText == key }?.value) }
        XCTAssertEqual(try node("plain").content, .scalar("12", .plain))
        XCTAssertEqual(try node("double").content, .scalar("12", .doubleQuoted))
        XCTAssertEqual(try node("single").content, .scalar("12", .singleQuoted))
        XCTAssertEqual(try node("literal").content, .scalar("12\n", .literal))
        XCTAssertEqual(try node("folded").content, .scalar("12\n", .folded))
        XCTAssertTrue(try node("plain").isPlainScalar)
        XCTAssertFalse(try node("double").isPlainScalar)
        XCTAssertFalse(try node("tagged").isPlainScalar)
        XCTAssertEqual(try node("tagged").tag, YAMLNode.stringTag)
        XCTAssertTrue(try node("tilde").isNull)
        XCTAssertTrue(try node("empty").isNull)
        XCTAssertTrue(try node("null").isNull)
        XCTAssertFalse(try node("quoted-null").isNull)

        // The style decides typed reading: 12 is a number, "12" is not; both are strings.
        XCTAssertEqual(try node("plain").integer(), 12)
        XCTAssertThrowsError(try node("double").integer()) { error in
            XCTAssertEqual(error as? YAMLValueError,
                           YAMLValueError(mark: YAMLMark(line: 2, column: 9), message: "expected a whole number, found the quoted string \"12\""))
        }
        XCTAssertEqual(try node("plain").string(), "12")
        XCTAssertEqual(try node("double").string(), "12")
        XCTAssertThrowsError(try node("empty").string()) { error in
            XCTAssertEqual((error as? YAMLValueError)?.message, "expected a string, found nothing")
        }
    }

    func testEmptyFileAndCommentsOnlyHaveNoDocument() throws {
        XCTAssertNil(try read(""))
        XCTAssertNil(try read("# nothing here\n\n# still nothing\n"))
    }

    func testSecondDocumentIsAnError() {
        let error = readError("a: 1\n---\nb: 2\n")
        XCTAssertEqual(error?.description, "test.yaml:2:1: a second YAML document starts here; a file holds one document")
    }

    func testSyntaxErrorCarriesLibyamlsPlaceAndProblem() {
        let error = readError("boards:\n  - id: x\n    title: \"unclosed\n")
        XCTAssertEqual(error?.description,
                       "test.yaml:4:1: YAML syntax error: found unexpected end of stream (while scanning a quoted scalar at 3:12)")
        XCTAssertEqual(error?.sourceLine, "")

        let badIndent = readError("a:\n  b: 1\n c: 2\n")
        XCTAssertEqual(badIndent?.description,
                       "test.yaml:3:2: YAML syntax error: did not find expected key (while parsing a block mapping at 1:1)")
    }

    func testInvalidUTF8IsReportedWithItsPlace() {
        let source = YAMLSource(name: "bad.yaml", bytes: Array("a: ok\nb: x".utf8) + [0xFF] + Array("\n".utf8))
        XCTAssertThrowsError(try YAMLDocumentReader().read(source)) { error in
            XCTAssertEqual((error as? Diagnostic)?.description,
                           "bad.yaml:2:5: invalid text: invalid leading UTF-8 octet (byte 0xFF)")
        }
    }

    func testAliasesShareTheAnchoredNode() throws {
        let root = try XCTUnwrap(read("days: &weekend [saturday, sunday]\nagain: *weekend\n"))
        let pairs = try XCTUnwrap(root.mappingPairs)
        XCTAssertEqual(pairs[1].value.sequenceItems?.compactMap(\.scalarText), ["saturday", "sunday"])
        XCTAssertEqual(pairs[1].value.mark, YAMLMark(line: 2, column: 8))  // where the alias is written
    }

    func testUnknownAliasAndCycleAreErrors() {
        XCTAssertEqual(readError("a: *nowhere\n")?.description,
                       "test.yaml:1:4: alias \"*nowhere\" refers to no anchor defined before it")
        XCTAssertEqual(readError("a: &loop [1, *loop]\n")?.description,
                       "test.yaml:1:14: alias \"*loop\" refers to a node that contains it (a cycle)")
    }

    func testBillionLaughsIsRejectedFast() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        let start = Date()
        let error = readError(text)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.0)
        // 10 + 10×11 + 10×111 + 10×1111 + 10×11111 nodes: a4 crosses 100 000 at its 9th alias.
        XCTAssertEqual(error?.message, "the document has more than 100000 nodes (counting what aliases expand to)")
        XCTAssertEqual(error?.line, 5)
    }

    func testDeepNestingIsRejected() throws {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let error = readError(deep)
        XCTAssertEqual(error?.description, "test.yaml:1:65: nesting is deeper than 64 levels")

        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNotNil(try read(fine))

        // A file of nothing but brackets, near the size limit, still fails at depth 65 and fast.
        let start = Date()
        let huge = String(repeating: "[", count: 1_000_000)
        XCTAssertEqual(readError(huge)?.description, "test.yaml:1:65: nesting is deeper than 64 levels")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.0)

        let blockDeep = (0..<70).map { String(repeating: " ", count: $0 * 2) + "k:" }.joined(separator: "\n") + " v\n"
        XCTAssertEqual(readError(blockDeep)?.description, "test.yaml:65:129: nesting is deeper than 64 levels")
    }

    func testNodeCountAndSizeLimits() {
        let list = "[" + Array(repeating: "x", count: 50).joined(separator: ", ") + "]"
        XCTAssertEqual(readError(list, limits: YAMLLimits(maxNodes: 20))?.message,
                       "the document has more than 20 nodes (counting what aliases expand to)")
        XCTAssertEqual(readError("a: 1234567890\n", limits: YAMLLimits(maxBytes: 8))?.description,
                       "test.yaml: the file is larger than 8 bytes")
    }
}
