import Realtime
import Timetable

/// A GTFS-Realtime Alert with `NO_SERVICE` or `REDUCED_SERVICE` that is active now and concerns
/// departures of a board: the GTFS counterpart of ``ODPTLineSuspension``, read by leave-now rules
/// (said in the message; `when_suspended: hold` waits while a `NO_SERVICE` one applies).
public struct GTFSServiceAlert: Sendable, Equatable {
    /// The realtime source whose feed carried it (`hillsdale.0`).
    public var source: String
    /// `.whole` for `NO_SERVICE`, `.partial` for `REDUCED_SERVICE`.
    public var extent: ODPTLineSuspension.Extent
    /// The header text in English (else the feed's default or first translation), and in Japanese
    /// when the feed has one; empty when the alert has no header.
    public var header: String
    public var headerJapanese: String?
    /// What it concerns, each entry one informed entity resolved against one board source.
    public var targets: [Target]
    /// When the active period that contains "now" ends (seconds since the epoch); nil when open.
    public var until: Int64?

    /// The departures of one board source an informed entity selects.
    public struct Target: Sendable, Equatable {
        /// The board source.
        public var sourceIndex: Int
        /// Only this trip (`trip.trip_id`).
        public var trip: String?
        /// Only departures with this line label (the route's label, from `route_id`).
        public var line: String?
    }

    /// Whether the alert concerns `departure`.
    public func applies(to departure: BoardDeparture) -> Bool {
        targets.contains { target in
            target.sourceIndex == departure.sourceIndex
                && (target.trip == nil || target.trip == departure.info.trip)
                && (target.line == nil || target.line == departure.line)
        }
    }

    /// The header in a message language (`ja` or `en`).
    public func header(japanese: Bool) -> String { japanese ? (headerJapanese ?? header) : header }

    /// The alerts of `feed` active at `now` with `NO_SERVICE` / `REDUCED_SERVICE` that select
    /// departures of the GTFS board sources `sourceIndices` of `board`: an informed entity selects a
    /// source when its `stop_id` is one of the source's stops (or it names none), its `route_id` is a
    /// route of the source (its departures of that route), its `trip` is a trip of the source (that
    /// trip), or it names only the agency (every departure).
    public static func active(in feed: FeedMessage, board: Board, sourceIndices: [Int], now: Int64, source: String) -> [GTFSServiceAlert] {
        var result: [GTFSServiceAlert] = []
        for alert in feed.alerts {
            let extent: ODPTLineSuspension.Extent
            switch alert.effect {
            case .noService: extent = .whole
            case .reducedService: extent = .partial
            default: continue
            }
            guard let period = activePeriod(of: alert, at: now) else { continue }
            var targets: [Target] = []
            for index in sourceIndices where board.sources.indices.contains(index) {
                guard let schedules = (board.sources[index].timetable as? GTFSStopTimetable)?.tripSchedules else { continue }
                for entity in alert.informedEntities {
                    if let stop = entity.stopId, !schedules.isBoardStop(stop) { continue }
                    var target = Target(sourceIndex: index, trip: nil, line: nil)
                    if let trip = entity.trip?.tripId {
                        guard case .serves = schedules.lookup(trip) else { continue }
                        target.trip = trip
                    }
                    if let route = entity.routeId {
                        guard schedules.allowsRoute(route), let label = schedules.routeLabel(route) else { continue }
                        target.line = board.sources[index].line ?? label
                    }
                    if entity.stopId == nil, entity.trip?.tripId == nil, entity.routeId == nil, entity.agencyId == nil { continue }
                    if !targets.contains(target) { targets.append(target) }
                }
            }
            guard !targets.isEmpty else { continue }
            let header = alert.headerText.flatMap { $0.text(for: "en") } ?? ""
            let japanese = alert.headerText?.translations.first { $0.language?.lowercased().hasPrefix("ja") == true }?.text
            result.append(GTFSServiceAlert(source: source, extent: extent, header: header, headerJapanese: japanese, targets: targets,
                                           until: period.end.map { Int64(clamping: $0) }))
        }
        return result
    }

    /// The active period that contains `now` (no period: always active, an open period); nil when
    /// the alert is not active.
    static func activePeriod(of alert: Alert, at now: Int64) -> TimeRange? {
        guard !alert.activePeriods.isEmpty else { return TimeRange() }
        let instant = UInt64(max(0, now))
        return alert.activePeriods.first { period in
            (period.start.map { $0 <= instant } ?? true) && (period.end.map { instant < $0 } ?? true)
        }
    }
}
