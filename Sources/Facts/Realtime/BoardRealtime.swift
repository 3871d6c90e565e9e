import Timetable

/// What realtime says about one board at one instant: the predictions of every realtime source of
/// the board merged (GTFS-Realtime feeds of its `gtfs:` sources, `odpt:Train` data joined to its
/// ODPT sources), how each source stands (live, stale, missing), and the suspensions of the board's
/// railways (`odpt:TrainInformation` of its `status:` source). Built by
/// ``evaluate(board:spec:facts:trains:now:)``; read by `next`, `board` and (later) the rules.
public struct BoardRealtime: Sendable {
    /// The predictions of the live sources, merged (a stale or missing source contributes none).
    public var predictions: BoardPredictions
    /// One entry per realtime source configured for the board, GTFS-Realtime feeds first (in the
    /// order of the board's sources), then `odpt: trains:` entries (in their order).
    public var sources: [RealtimeSourceStatus]
    /// Suspensions (whole or partial) of the railways of the board's ODPT sources, from the
    /// board's `status:` source; empty without one.
    public var suspensions: [ODPTLineSuspension]
    /// `NO_SERVICE` / `REDUCED_SERVICE` alerts of the live GTFS-Realtime feeds that concern the
    /// board's departures.
    public var alerts: [GTFSServiceAlert]

    /// A board's realtime from its parts.
    public init(predictions: BoardPredictions, sources: [RealtimeSourceStatus], suspensions: [ODPTLineSuspension] = [],
                alerts: [GTFSServiceAlert] = []) {
        self.predictions = predictions
        self.sources = sources
        self.suspensions = suspensions
        self.alerts = alerts
    }

    /// The alert that concerns a departure, `NO_SERVICE` ones first; nil when none does.
    public func alert(for departure: BoardDeparture) -> GTFSServiceAlert? {
        guard !alerts.isEmpty else { return nil }
        return alerts.first { $0.extent == .whole && $0.applies(to: departure) } ?? alerts.first { $0.applies(to: departure) }
    }

    /// True when at least one realtime source is configured for the board.
    public var isConfigured: Bool { !sources.isEmpty }

    /// The board's realtime in one word: not configured without sources; live when any source is
    /// live (aged by the oldest live one); else stale when any has data (aged by the youngest);
    /// else missing.
    public var status: RealtimeStatus {
        deciding?.status ?? (sources.isEmpty ? .notConfigured : .missing)
    }

    /// The source whose status is the board's (see ``status``); nil when none has data.
    public var deciding: RealtimeSourceStatus? {
        let live = sources.filter(\.status.isLive)
        if !live.isEmpty { return live.max { ($0.status.age ?? 0) < ($1.status.age ?? 0) } }
        return sources.filter { $0.status.age != nil }.min { ($0.status.age ?? 0) < ($1.status.age ?? 0) }
    }

    /// The prediction for a departure of the board, when a live source has one.
    public func prediction(for departure: BoardDeparture) -> DeparturePrediction? {
        predictions.prediction(for: departure)
    }
}
