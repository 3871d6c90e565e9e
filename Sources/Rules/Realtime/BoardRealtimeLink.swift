import Messages
import Config
import Facts
import Timetable

/// A leave-now rule's board as realtime sees it: the board's configuration (which of its sources
/// have `realtime:`) and the `odpt:` section (its `trains:` entries), worked out once per engine.
final class BoardRealtimeLink: Sendable {
    /// The board's configuration.
    let board: BoardSpec
    /// The configuration's `odpt:` section.
    let odpt: ODPTSpec?
    /// The ids of the board's realtime sources (``BoardRealtime/sourceIDs(spec:odpt:)``): new data
    /// there wakes the rule.
    let sourceIDs: [String]
    /// The indices of the board's sources with `realtime:`, and the `odpt: trains:` entries of its railways.
    private let feedIndices: [Int]
    private let trainIDs: [String]

    /// The link of a board with at least one realtime source; nil for a timetable-only board.
    init?(board: BoardSpec, odpt: ODPTSpec?) {
        let ids = BoardRealtime.sourceIDs(spec: board, odpt: odpt)
        guard !ids.isEmpty else { return nil }
        self.board = board
        self.odpt = odpt
        self.sourceIDs = ids
        feedIndices = board.realtimeFeeds.map(\.index)
        trainIDs = Array(ids.dropFirst(feedIndices.count))
    }

    /// What realtime says about `board` at `now`, from the latest snapshots of `facts`.
    func view(board loaded: Board, facts: FactSet, now: Int64) -> RealtimeView {
        RealtimeView(BoardRealtime.evaluate(board: loaded, spec: board, facts: facts, odpt: odpt, now: now), now: now,
                     signature: signature(facts))
    }

    /// The fetch times of the snapshots a view of the board reads (-1 for none): equal signatures,
    /// equal inputs.
    func signature(_ facts: FactSet) -> [Int64] {
        var signature: [Int64] = []
        signature.reserveCapacity(feedIndices.count + trainIDs.count + 1)
        let feeds = facts.realtime[board.id]
        for index in feedIndices { signature.append(feeds?[index]?.fetchedAt ?? -1) }
        for id in trainIDs { signature.append(facts.trains[id]?.fetchedAt ?? -1) }
        if let status = board.status { signature.append(facts.serviceStatus[status]?.fetchedAt ?? -1) }
        return signature
    }
}

/// A board's realtime at one instant, with what the departure scan of a leave-now rule needs to
/// know of it in advance: how far the latest and the earliest prediction move a departure.
struct RealtimeView: Sendable {
    /// The board's realtime.
    let realtime: BoardRealtime
    /// The largest delay of any live prediction (0 when none is late), capped at
    /// ``RealtimeView/lookbackSeconds``: the scan starts this far before "now" so that a late
    /// departure whose timetable time has passed is still seen.
    let latestSeconds: Int64
    /// The largest advance of any live prediction (0 when none is early).
    let earliestSeconds: Int64
    /// Until when the view may be reused for later instants: the first moment a live source turns
    /// stale, and at most a minute.
    let validUntil: Int64
    /// The first instant a live source is too old to use (its observation + `max_age` + 1 s); nil
    /// when none is live. A rule that planned with predictions looks again then.
    let staleAt: Int64?
    /// Facts it was built from, to tell when a cached view no longer applies.
    let signature: [Int64]
    /// The instant it was built for.
    let builtAt: Int64

    /// A departure more than this late by its timetable time is no longer looked at (2 h).
    static let lookbackSeconds: Int64 = 2 * 3600

    init(_ realtime: BoardRealtime, now: Int64, signature: [Int64] = []) {
        self.realtime = realtime
        var latest: Int64 = 0, earliest: Int64 = 0
        for prediction in realtime.predictions.byDeparture.values {
            guard let delay = prediction.delaySeconds else { continue }
            latest = max(latest, Int64(delay))
            earliest = max(earliest, -Int64(delay))
        }
        latestSeconds = min(latest, Self.lookbackSeconds)
        earliestSeconds = min(earliest, Self.lookbackSeconds)
        var stale: Int64?
        for source in realtime.sources {
            if case .live = source.status, let observed = source.observedAt {
                stale = min(stale ?? .max, observed + source.maxAgeSeconds + 1)
            }
        }
        staleAt = stale
        validUntil = min(now + 60, stale ?? .max)
        self.signature = signature
        builtAt = now
    }

    /// Whether this view answers for `now` given facts with `signature`.
    func answers(now: Int64, signature: [Int64]) -> Bool {
        now >= builtAt && now < validUntil && self.signature == signature
    }

    /// The live prediction of a departure, if any.
    func prediction(for departure: BoardDeparture) -> DeparturePrediction? {
        realtime.predictions.byDeparture.isEmpty ? nil : realtime.prediction(for: departure)
    }

    /// One line per realtime source for `explain`: live and how old, or why the timetable applies.
    func describeSources() -> [Message] {
        realtime.sources.map { source in
            let id = MessageArgument.text(source.id), maximum = MessageArgument.number(Int(source.maxAgeSeconds))
            switch source.status {
            case .live(let age):
                return Message(.explainRealtimeLive, ["source": id, "age": .number(Int(age)), "maximum": maximum])
            case .stale(let age):
                return Message(.explainRealtimeStale, ["source": id, "age": .number(Int(age)), "maximum": maximum])
            case .missing:
                return Message(.explainRealtimeMissing, ["source": id])
            case .notConfigured:
                return Message(.explainRealtimeNotConfigured, ["source": id])
            }
        }
    }
}
