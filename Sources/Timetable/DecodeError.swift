/// A problem found while reading a timetable, a feed or a configuration file, with its place.
///
/// The description reads `file:line:col: message` when a line is known, otherwise
/// `file: where: message` (for example `stop_times.txt: row 12: …`).
public struct DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or URL) that was being read.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// A place that is not a line: "row 12", "record 3 (odpt.StationTimetable:…)".
    public var place: String?
    /// What is wrong, quoting the bad value.
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, place: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.place = place
        self.message = message
    }

    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        if let place { text += ": \(place)" }
        return text + ": " + message
    }
}
