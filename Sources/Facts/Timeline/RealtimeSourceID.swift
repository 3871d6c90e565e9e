/// Names a board source's realtime feed: the board's id and the source's 0-based index in its
/// `sources:`. Written `<board>.<index>` (`caltrain-sf.0`): board ids have no `.`, so the text is
/// unambiguous. It is the feed's source id in the cache, `leavenow sources` / `fetch`, and the
/// ``FactTimeline``; fixtures name the folder `realtime/<board>/<index>/`.
public struct RealtimeSourceID: Sendable, Hashable, CustomStringConvertible {
    /// The board's id.
    public var board: String
    /// The source's 0-based index in the board's `sources:`.
    public var index: Int

    /// The feed of source `index` of `board`.
    public init(board: String, index: Int) {
        self.board = board
        self.index = index
    }

    /// Parses `<board>.<index>`; nil for any other text.
    public init?(_ text: String) {
        guard let dot = text.lastIndex(of: "."), let index = Int(text[text.index(after: dot)...]), index >= 0,
              dot != text.startIndex else { return nil }
        self.init(board: String(text[..<dot]), index: index)
    }

    /// `<board>.<index>`.
    public var description: String { "\(board).\(index)" }
}
