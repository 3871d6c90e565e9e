import Config
/// A source of a board, or one file of it, that could not be loaded: the board answers without it.
public struct SourceFailure: Sendable, Equatable, CustomStringConvertible {
    /// The board's id.
    public var board: String
    /// The source's label for people ("鷹66 (platform 11)"; "鷹56 (platform 12), weekday" for one
    /// day-type file of a CSV source).
    public var source: String
    /// Where the source is configured.
    public var location: ConfigLocation
    /// Why, naming the data's place (`…/鷹56_…_平日.csv:3:4: minute "x" is not a number`).
    public var message: String
    /// True when the source is only waiting for data (an ODPT API source with nothing cached yet):
    /// not broken, but the board still answers without it.
    public var isPending: Bool

    /// Creates a failure.
    public init(board: String, source: String, location: ConfigLocation, message: String, isPending: Bool = false) {
        self.board = board
        self.source = source
        self.location = location
        self.message = message
        self.isPending = isPending
    }

    /// `rules/boards.yaml:12:9: board "chofu-to-mitaka": 鷹66 (platform 11) could not be loaded: <why>`.
    public var description: String {
        "\(location): board \"\(board)\": \(source) could not be loaded: \(message)"
    }
}
