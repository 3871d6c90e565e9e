/// One problem in a configuration file, with its place: `file:line:col: message`.
///
/// `description` is the one-line form; `rendered` adds the source line and a caret under the
/// column, as clang and cel-go print:
///
/// ```
/// rules/boards.yaml:7:11: duration "4" needs a unit: write 4s, 4m or 4h
///         walk: 4
///               ^
/// ```
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as given (not made absolute).
    public var file: String
    /// 1-based line, nil for a problem with the whole file (cannot read it).
    public var line: Int?
    /// 1-based column in Unicode scalars (characters, not bytes), nil when unknown.
    public var column: Int?
    /// What is wrong, quoting the bad value.
    public var message: String
    /// The text of the line, for `rendered`; nil when unknown.
    public var sourceLine: String?

    /// Creates a diagnostic.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, sourceLine: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// The position as a mark, when both line and column are known.
    public var mark: YAMLMark? {
        guard let line, let column else { return nil }
        return YAMLMark(line: line, column: column)
    }

    /// `file:line:col: message` (or `file:line: message`, or `file: message`).
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text + ": " + message
    }

    /// `description`, then the source line and a caret line under the column when known.
    ///
    /// The caret is placed by display width: a wide (East Asian) character before the column
    /// takes two cells, and tabs are copied so the caret lines up in a terminal.
    public var rendered: String {
        guard let sourceLine else { return description }
        var text = description + "\n" + sourceLine
        guard let column else { return text }
        var caret = ""
        for scalar in sourceLine.unicodeScalars.prefix(max(0, column - 1)) {
            if scalar == "\t" {
                caret += "\t"
            } else {
                caret += String(repeating: " ", count: Diagnostic.displayWidth(of: scalar))
            }
        }
        text += "\n" + caret + "^"
        return text
    }

    /// Terminal cells a character takes: 2 for wide East Asian characters, 0 for combining marks.
    static func displayWidth(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0x3099...0x309A, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }
}
