import Messages

/// One problem in a configuration file, with its place: `file:line:col: message`.
///
/// The message is kept as a catalogue ``Message`` (``text``) and rendered when the diagnostic is
/// shown, in the reader's language (`Language.current`): ``description`` and ``rendered`` speak it,
/// ``description(in:)`` and ``rendered(in:)`` speak the one asked for. The place stays as it is.
///
/// `description` is the one-line form; `rendered` adds the source line and a caret under the
/// column, as clang and cel-go print:
///
/// ```
/// rules/boards.yaml:7:11: duration "4" needs a unit: write 4s, 4m or 4h
///         walk: 4
///               ^
/// ```
public struct Diagnostic: MessageError, Sendable, Hashable {
    /// The file, as given (not made absolute).
    public var file: String
    /// 1-based line, nil for a problem with the whole file (cannot read it).
    public var line: Int?
    /// 1-based column in Unicode scalars (characters, not bytes), nil when unknown.
    public var column: Int?
    /// What is wrong, quoting the bad value: its key and arguments, rendered when shown.
    public var text: Message
    /// The text of the line, for `rendered`; nil when unknown.
    public var sourceLine: String?

    /// Creates a diagnostic saying `text`.
    public init(file: String, line: Int? = nil, column: Int? = nil, text: Message, sourceLine: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.text = text
        self.sourceLine = sourceLine
    }

    /// Creates a diagnostic whose message is the same in every language (not from the catalogue).
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, sourceLine: String? = nil) {
        self.init(file: file, line: line, column: column, text: .verbatim(message), sourceLine: sourceLine)
    }

    /// What is wrong, in the reader's language; setting it makes the message verbatim.
    public var message: String {
        get { text.text }
        set { text = .verbatim(newValue) }
    }

    /// The position as a mark, when both line and column are known.
    public var mark: YAMLMark? {
        guard let line, let column else { return nil }
        return YAMLMark(line: line, column: column)
    }

    /// `file:line:col: message` (or `file:line: message`, or `file: message`), in the reader's language.
    public var description: String { description(in: .current) }

    /// `file:line:col: message`, kept for the reader's language.
    public var descriptionMessage: Message {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return .verbatim(place + ": ") + text
    }

    /// `file:line:col: message` in `language`.
    public func description(in language: Language) -> String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return place + ": " + text.rendered(in: language)
    }

    /// `description`, then the source line and a caret line under the column when known.
    ///
    /// The caret is placed by display width: a wide (East Asian) character before the column
    /// takes two cells, and tabs are copied so the caret lines up in a terminal.
    public var rendered: String { rendered(in: .current) }

    /// ``rendered`` in `language`.
    public func rendered(in language: Language) -> String {
        let description = description(in: language)
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
    static func displayWidth(of scalar: Unicode.Scalar) -> Int { DisplayWidth.of(scalar) }

    /// Equal when they say the same thing (in English) at the same place.
    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.file == b.file && a.line == b.line && a.column == b.column && a.sourceLine == b.sourceLine && a.text.english == b.text.english
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(sourceLine)
        hasher.combine(text.english)
    }
}
