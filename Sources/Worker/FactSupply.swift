import Facts
import Timetable

/// Where the worker's facts come from: the network through the source cache, or recorded
/// snapshots (a demo, an offline test). Not `Sendable`: owned by the worker's loop.
public protocol FactSupply: AnyObject {
    /// Brings the facts up to date at `now`, fetching what is due; returns the ids of the sources
    /// that have new data (the rules reading them run).
    func refresh(now: Int64) -> Set<String>
    /// The facts at `now`: boards and the latest good snapshot of every source.
    func facts(at now: Int64) -> FactSet
    /// When the next source is due, after `now`; nil when nothing will ever be.
    func nextRefresh(after now: Int64) -> Int64?
    /// The boards lacking sources as rebuilt since the start (a timetable fetched anew); nil: the
    /// boards are still those loaded with the rules, which say what they lack.
    var impairedBoards: [(board: String, completeness: BoardCompleteness)]? { get }
}

extension FactSupply {
    /// Recorded boards never change: the loaded rules say what they lack.
    public var impairedBoards: [(board: String, completeness: BoardCompleteness)]? { nil }
}

/// Recorded snapshots (`--fixtures DIR`): each appears at its fetch time, as if just fetched.
public final class RecordedFacts: FactSupply {
    private let timeline: FactTimeline
    private let boards: [String: Board]
    private var lastRefresh: Int64?

    /// Facts from `timeline` over `boards`.
    public init(timeline: FactTimeline, boards: [String: Board]) {
        self.timeline = timeline
        self.boards = boards
    }

    public func refresh(now: Int64) -> Set<String> {
        defer { lastRefresh = now }
        // The first refresh sees everything recorded so far as new.
        return timeline.sourcesUpdated(after: lastRefresh ?? Int64.min, through: now)
    }

    public func facts(at now: Int64) -> FactSet { timeline.facts(at: now, boards: boards) }

    public func nextRefresh(after now: Int64) -> Int64? { timeline.nextSnapshot(after: now) }
}
