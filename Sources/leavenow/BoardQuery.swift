import Config
import Facts
import LiveSources
import Timetable

/// A board loaded for `next` / `board`: the board, the sources it answers without, and where its
/// realtime comes from (the configuration and the state directory's source cache).
struct BoardQuery {
    /// The board.
    var board: Board
    /// Its sources that could not be loaded.
    var failures: [TimetableFailure]
    /// The configuration the board comes from (its boards and `odpt:` section).
    var configuration: Configuration
    /// The source cache of the state directory; nil when there is no state directory.
    var cache: SourceCache?

    /// The board's specification.
    var spec: BoardSpec? { configuration.boards.first { $0.id == board.id } }

    /// What realtime says about the board at `at`, from the cache's last good realtime data (the
    /// latest snapshot of each source, whenever it was fetched; its age is counted from `at`).
    /// A board without realtime sources reads nothing and is `.notConfigured`; cache entries that
    /// cannot be read or decoded are warnings on stderr and count as missing.
    func realtime(at: Int64, warn: (String) -> Void) -> BoardRealtime {
        guard let spec else { return BoardRealtime(predictions: BoardPredictions(observedAt: 0), sources: []) }
        let empty = FactSet(boards: [board.id: board])
        let unfetched = BoardRealtime.evaluate(board: board, spec: spec, facts: empty, odpt: configuration.odpt, now: at)
        guard unfetched.isConfigured, let cache else { return unfetched }
        let (facts, warnings) = CachedFacts.facts(configuration: configuration, cache: cache, boards: [board.id: board])
        for warning in warnings { warn(warning) }
        return BoardRealtime.evaluate(board: board, spec: spec, facts: facts, odpt: configuration.odpt, now: at)
    }
}
