import Config
import Messages
/// A timetable of a board (an item of its `sources:`), or one file of it, that could not be loaded:
/// the board answers without it.
public struct TimetableFailure: Sendable, Equatable, CustomStringConvertible {
    /// The board's id.
    public var board: String
    /// The source's label for people ("鷹66 (platform 11)"; "鷹56 (platform 12), weekday" for one
    /// day-type file of a CSV source), in the reader's language when shown ("鷹66 (11番のりば)").
    public var sourceText: Message
    /// Where the source is configured.
    public var location: ConfigLocation
    /// Why, naming the data's place (`…/鷹56_…_平日.csv:3:4: minute "x" is not a number`).
    public var text: Message
    /// True when the timetable is only waiting for data (a fetched one with nothing cached yet):
    /// not broken, but the board still answers without it.
    public var isPending: Bool

    /// Creates a failure of the source labelled `source`, saying why in `text`.
    public init(board: String, source: Message, location: ConfigLocation, text: Message, isPending: Bool = false) {
        self.board = board
        self.sourceText = source
        self.location = location
        self.text = text
        self.isPending = isPending
    }

    /// Creates a failure of the source labelled `source` in every language, saying why in `text`.
    public init(board: String, source: String, location: ConfigLocation, text: Message, isPending: Bool = false) {
        self.init(board: board, source: Message.verbatim(source), location: location, text: text, isPending: isPending)
    }

    /// The source's label in English (what JSON and the logs name it by).
    public var source: String { sourceText.english }

    /// Creates a failure whose reason is the same in every language (a decoder's message).
    public init(board: String, source: String, location: ConfigLocation, message: String, isPending: Bool = false) {
        self.init(board: board, source: source, location: location, text: .verbatim(message), isPending: isPending)
    }

    /// Why, in the reader's language.
    public var message: String { text.text }

    /// `rules/boards.yaml:12:9: board "chofu-to-mitaka": 鷹66 (platform 11) could not be loaded: <why>`, in the reader's language.
    public var description: String { descriptionMessage.text }

    /// ``description`` kept for the reader's language.
    public var descriptionMessage: Message {
        Message(.factsSourceFailure, ["location": .text("\(location)"), "board": .text("\"\(board)\""), "source": .message(sourceText),
                                      "message": .message(text)])
    }

    /// Equal when they name the same source and say the same thing (in English).
    public static func == (a: TimetableFailure, b: TimetableFailure) -> Bool {
        a.board == b.board && a.source == b.source && a.location == b.location && a.isPending == b.isPending && a.text.english == b.text.english
    }
}
