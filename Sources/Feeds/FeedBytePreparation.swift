import Foundation
import Messages

/// Turns the bytes of a real-world feed into UTF-8 XML for ``XMLEventReader``, or refuses them.
///
/// Each leniency is one that real feeds need and whose meaning is unambiguous; anything else is left
/// for the parser, which refuses a document that is not well-formed.
///
/// - A UTF-8 byte order mark is dropped; a UTF-16 one is honoured (the text is transcoded).
/// - The XML declaration's declared encoding (ISO-8859-1 / windows-1252, US-ASCII, Shift_JIS, EUC-JP) is
///   transcoded to UTF-8; the declaration itself stays for the parser to check (a broken one is an
///   error) and is moved in front of any blanks before it, which follow it instead (lines stay true).
/// - The prolog is scanned: a DOCTYPE is refused (no entity expansion, "billion laughs", or
///   external entities such as `file:///etc/passwd`); an HTML page is named as such.
/// - A bare `&` that starts no reference (`?page=1&copy=2`, `Tom & Jerry`) becomes `&amp;`, and the
///   HTML5 named character references (`&nbsp;`, `&rarr;`, ... see ``HTMLEntities``) become numeric
///   references. Any other complete reference `&name;` is left as written, so the parser refuses it as
///   an undefined entity, and so is every `&#...`: a bad character reference is an error too.
///   CDATA sections, comments and processing instructions are left untouched.
enum FeedBytePreparation {
    static func prepare(_ input: [UInt8], source: String) throws -> [UInt8] {
        var bytes = try unicodeBytes(input)
        guard bytes.contains(where: { !isBlank($0) }) else {
            throw FeedDecodeError(code: .empty, source: source, text: Message(.feedXMLEmpty))
        }
        bytes = try replacingDeclaration(bytes, source: source)
        try checkProlog(bytes, source: source)
        return repairingReferences(bytes)
    }

    // MARK: Encodings

    private static func unicodeBytes(_ bytes: [UInt8]) throws -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let littleEndian: Bool
        if bytes.starts(with: [0xFF, 0xFE]) {
            littleEndian = true
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            littleEndian = false
        } else {
            return bytes
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Finds `<?xml ... ?>` after optional blanks, transcodes the rest, and moves the declaration in
    /// front of the blanks (the parser allows nothing before it).
    private static func replacingDeclaration(_ bytes: [UInt8], source: String) throws -> [UInt8] {
        var start = 0
        while start < bytes.count, isBlank(bytes[start]) { start += 1 }
        let opener = Array("<?xml".utf8)
        guard bytes.count > start + opener.count, Array(bytes[start..<start + opener.count]) == opener,
              isBlank(bytes[start + opener.count]) || bytes[start + opener.count] == UInt8(ascii: "?"),
              let end = find(Array("?>".utf8), in: bytes, from: start) else { return bytes }
        let declarationEnd = end + 2
        let declaration = String(decoding: bytes[start..<declarationEnd], as: UTF8.self)
        var output = Array(bytes[start..<declarationEnd])
        output += bytes[0..<start]
        let rest = Array(bytes[declarationEnd...])
        guard let encoding = attribute("encoding", in: declaration) else { return output + rest }
        output += try transcode(rest, from: encoding, source: source)
        return output
    }

    private static func transcode(_ bytes: [UInt8], from label: String, source: String) throws -> [UInt8] {
        switch label.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii":
            return bytes
        case "utf-16", "utf16", "utf-16le", "utf-16be":
            // Only reachable after a UTF-16 byte order mark, which ``unicodeBytes(_:)`` already honoured.
            return bytes
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "windows-1252", "cp1252":
            // As browsers do, ISO-8859-1 is read as windows-1252 (its superset for 0x80-0x9F).
            if let text = String(data: Data(bytes), encoding: .windowsCP1252) { return Array(text.utf8) }
            return Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
        case "shift_jis", "shift-jis", "sjis", "windows-31j", "cp932", "ms_kanji":
            return try decoded(bytes, .shiftJIS, label: label, source: source)
        case "euc-jp", "eucjp":
            return try decoded(bytes, .japaneseEUC, label: label, source: source)
        default:
            throw FeedDecodeError(
                code: .unsupportedEncoding, source: source, line: 1,
                text: Message(.feedUnsupportedEncoding, ["label": .text("\"\(label)\"")]))
        }
    }

    private static func decoded(_ bytes: [UInt8], _ encoding: String.Encoding, label: String, source: String) throws -> [UInt8] {
        guard let text = String(data: Data(bytes), encoding: encoding) else {
            throw FeedDecodeError(
                code: .unsupportedEncoding, source: source,
                text: Message(.feedBytesNotEncoding, ["label": .text("\"\(label)\"")]))
        }
        return Array(text.utf8)
    }

    /// The value of `name="..."` (or single-quoted) in an XML declaration.
    private static func attribute(_ name: String, in declaration: String) -> String? {
        guard let nameRange = declaration.range(of: name) else { return nil }
        var rest = declaration[nameRange.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<close]).trimmingCharacters(in: .whitespaces)
    }

    // MARK: Prolog

    /// Walks blanks, comments and processing instructions up to the root element.
    private static func checkProlog(_ bytes: [UInt8], source: String) throws {
        var index = 0
        while index < bytes.count {
            if isBlank(bytes[index]) {
                index += 1
            } else if starts(bytes, at: index, with: "<!--") {
                guard let end = find(Array("-->".utf8), in: bytes, from: index + 4) else { return }
                index = end + 3
            } else if starts(bytes, at: index, with: "<?") {
                guard let end = find(Array("?>".utf8), in: bytes, from: index + 2) else { return }
                index = end + 2
            } else if starts(bytes, at: index, with: "<!doctype", caseInsensitive: true) {
                let line = lineNumber(of: index, in: bytes)
                let rest = bytes[(index + 9)...].drop(while: isBlank)
                if starts(Array(rest.prefix(4)), at: 0, with: "html", caseInsensitive: true) {
                    throw FeedDecodeError(code: .html, source: source, line: line, text: Message(.feedHTMLPage))
                }
                throw FeedDecodeError(
                    code: .doctype, source: source, line: line,
                    text: Message(.feedDoctype))
            } else if starts(bytes, at: index, with: "<html", caseInsensitive: true) {
                throw FeedDecodeError(
                    code: .html, source: source, line: lineNumber(of: index, in: bytes),
                    text: Message(.feedHTMLPage))
            } else if bytes[index] == UInt8(ascii: "<") {
                return
            } else {
                let text = String(decoding: bytes[index...].prefix(40), as: UTF8.self)
                    .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
                throw FeedDecodeError(
                    code: .malformed, source: source, line: lineNumber(of: index, in: bytes),
                    text: Message(.feedNotXML, ["text": .text("\"\(text)\"")]))
            }
        }
    }

    // MARK: References

    private static func repairingReferences(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                let skipTo: Int?
                if starts(bytes, at: index, with: "<!--") {
                    skipTo = find(Array("-->".utf8), in: bytes, from: index + 4).map { $0 + 3 }
                } else if starts(bytes, at: index, with: "<![CDATA[") {
                    skipTo = find(Array("]]>".utf8), in: bytes, from: index + 9).map { $0 + 3 }
                } else if starts(bytes, at: index, with: "<?") {
                    skipTo = find(Array("?>".utf8), in: bytes, from: index + 2).map { $0 + 2 }
                } else {
                    skipTo = nil
                }
                let end = skipTo ?? index + 1
                output += bytes[index..<end]
                index = end
                continue
            }
            if byte == UInt8(ascii: "&") {
                let (replacement, consumed) = reference(in: bytes, at: index)
                output += replacement
                index += consumed
                continue
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    /// The bytes to write for the `&` at `index`, and how many input bytes they stand for.
    private static func reference(in bytes: [UInt8], at index: Int) -> ([UInt8], Int) {
        let escapedAmpersand = Array("&amp;".utf8)
        var cursor = index + 1
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            // A character reference, good or bad, is the parser's to judge.
            return ([UInt8(ascii: "&")], 1)
        }
        let nameStart = cursor
        while cursor < bytes.count, cursor - nameStart < 32, isNameByte(bytes[cursor], first: cursor == nameStart) { cursor += 1 }
        guard cursor > nameStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else { return (escapedAmpersand, 1) }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        if let scalars = HTMLEntities.table[name] {
            return (Array(scalars.map { "&#\($0);" }.joined().utf8), cursor - index + 1)
        }
        // `&amp;` and the other predefined entities, or an undefined entity the parser refuses.
        return (Array(bytes[index...cursor]), cursor - index + 1)
    }

    // MARK: Bytes

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        let letter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
        if first { return letter }
        return letter || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with text: String, caseInsensitive: Bool = false) -> Bool {
        let pattern = Array(text.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count {
            var byte = bytes[index + offset]
            if caseInsensitive, (0x41...0x5A).contains(byte) { byte += 0x20 }
            if byte != pattern[offset] { return false }
        }
        return true
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private static func lineNumber(of index: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[0..<index].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
