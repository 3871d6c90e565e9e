import Messages

/// A problem found while reading a timetable, a feed or a configuration file, with its place.
///
/// The description reads `file:line:col: message` when a line is known, otherwise
/// `file: where: message` (for example `stop_times.txt: row 12: …`). What is wrong and the place
/// that is not a line are catalogue messages (``text``, ``placeText``), rendered when the error is
/// shown: in the reader's language on a terminal, in English in a log or a stored error.
public struct DecodeError: MessageError, Sendable, Equatable {
    /// The file (or URL) that was being read.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// A place that is not a line: "row 12", "record 3 (odpt.StationTimetable:…)".
    public var placeText: Message?
    /// What is wrong, quoting the bad value.
    public var text: Message

    /// An error saying `text` about `file`, at a line or at `placeText`.
    public init(file: String, line: Int? = nil, column: Int? = nil, placeText: Message? = nil, text: Message) {
        self.file = file
        self.line = line
        self.column = column
        self.placeText = placeText
        self.text = text
    }

    /// An error whose place and message are the same in every language.
    public init(file: String, line: Int? = nil, column: Int? = nil, place: String? = nil, message: String) {
        self.init(file: file, line: line, column: column, placeText: place.map(Message.verbatim), text: .verbatim(message))
    }

    /// What is wrong, in the reader's language.
    public var message: String { text.text }

    /// The place that is not a line, in the reader's language.
    public var place: String? { placeText?.text }

    /// `file:line:col: message` or `file: place: message`, kept for the reader's language.
    public var descriptionMessage: Message {
        var head = file
        if let line {
            head += ":\(line)"
            if let column { head += ":\(column)" }
        }
        var message = Message.verbatim(head + ": ")
        if let placeText { message = message + placeText + .verbatim(": ") }
        return message + text
    }

    /// Equal when they name the same place and say the same thing (in English).
    public static func == (a: DecodeError, b: DecodeError) -> Bool {
        a.file == b.file && a.line == b.line && a.column == b.column && a.placeText?.english == b.placeText?.english
            && a.text.english == b.text.english
    }
}
