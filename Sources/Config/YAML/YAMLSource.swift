import Foundation
import Messages

/// The bytes of one YAML file and the name diagnostics show for it.
///
/// The name is shown as given (`rules/boards.yaml`), never made absolute. A UTF-8 byte order mark
/// is dropped; lines may end in LF or CRLF.
public struct YAMLSource: Sendable {
    /// The file name shown in diagnostics.
    public let name: String
    /// The content, without a UTF-8 byte order mark.
    public let bytes: [UInt8]
    /// The content split into lines (without line terminators), for quoting in diagnostics.
    public let lines: [String]

    /// Creates a source from bytes.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        self.bytes = content
        // Split the bytes, not the String: in a String "\r\n" is one Character.
        self.lines = content.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self)
        }
    }

    /// Creates a source from text.
    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// Reads a file, refusing one larger than `maxBytes`.
    ///
    /// - Parameters:
    ///   - path: where to read the file.
    ///   - name: the name diagnostics show; `path` when nil.
    /// - Throws: a `Diagnostic` without a position when the file cannot be read or is too large.
    public static func load(path: String, name: String? = nil, maxBytes: Int = YAMLLimits().maxBytes)
        throws(Diagnostic) -> YAMLSource
    {
        let shown = name ?? path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Diagnostic(file: shown, text: Message(.fileCannotOpen))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw Diagnostic(file: shown, text: Message(.fileCannotRead, ["reason": .text(error.localizedDescription)]))
        }
        guard data.count <= maxBytes else {
            throw Diagnostic(file: shown, text: Message(.fileTooLarge, ["max": .number(maxBytes)]))
        }
        return YAMLSource(name: shown, bytes: Array(data))
    }

    /// The text of a 1-based line, nil when out of range.
    public func line(_ number: Int) -> String? {
        lines.indices.contains(number - 1) ? lines[number - 1] : nil
    }

    /// A diagnostic at `mark` in this file, quoting the source line.
    public func diagnostic(at mark: YAMLMark, _ message: Message) -> Diagnostic {
        Diagnostic(file: name, line: mark.line, column: mark.column, text: message, sourceLine: line(mark.line))
    }

    /// A diagnostic at `mark` whose message is the same in every language.
    public func diagnostic(at mark: YAMLMark, _ message: String) -> Diagnostic {
        diagnostic(at: mark, .verbatim(message))
    }
}
