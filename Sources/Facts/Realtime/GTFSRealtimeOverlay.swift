import Realtime
import Timetable

/// Applies a GTFS-Realtime TripUpdates feed to the GTFS sources of a board.
///
/// Matching: a TripUpdate's `trip_id` is looked up in each given source's static feed; a trip that
/// departs from the source's stop gets its stop times predicted by `DelayPropagation.predict` on
/// its service date (`start_date`, else the date whose run is nearest the feed's time), and the
/// prediction at the board's stop becomes the departure's (key: source, service date, trip).
/// CANCELED (and DELETED) cancel the departure; a SKIPPED board stop cancels it at this stop;
/// NO_DATA keeps the timetable (a prediction without a time). DUPLICATED copies the trip to its
/// `start_time` as an extra departure; ADDED / NEW trips with a time at the board's stop are extra
/// departures. Trips of the feed that do not serve the board are skipped silently; everything else
/// that cannot be used is counted in `warnings`.
public struct GTFSRealtimeOverlay: Sendable {
    /// Older data than this (seconds, from the feed's observation time to `now`) is not used.
    public var maxAge: Int64

    /// An overlay that ignores feeds older than `maxAge` seconds.
    public init(maxAge: Int64) {
        self.maxAge = maxAge
    }

    /// The predictions `feed`, fetched at `fetchedAt`, makes for the board sources at `sourceIndices`
    /// of `board`, as of `now`; `name` is the realtime source's name (kept in each prediction).
    public func apply(_ feed: FeedMessage, fetchedAt: Int64, now: Int64, to board: Board, sourceIndices: [Int],
                      name: String) -> BoardPredictions {
        let stamped = feed.header.timestamp.flatMap { $0 > 0 ? Int64(clamping: $0) : nil }  // 0: not set
        let observedAt = min(stamped ?? fetchedAt, fetchedAt)
        let age = now - observedAt
        if age > maxAge {
            return BoardPredictions(warnings: ["\(name): the feed is \(age) s old (observed at \(observedAt)), older than the "
                                                + "\(maxAge) s allowed: no predictions, the timetable applies"],
                                    observedAt: observedAt, stale: true)
        }
        var tally = RealtimeWarningTally()
        var sources: [TripUpdateMatcher.Source] = []
        for index in sourceIndices {
            guard board.sources.indices.contains(index) else {
                tally.add("board source index out of range", example: "\(index)")
                continue
            }
            guard let timetable = board.sources[index].timetable as? GTFSStopTimetable else {
                tally.add("board source that is not a GTFS timetable: GTFS-Realtime does not apply to it",
                          example: board.sources[index].label)
                continue
            }
            sources.append(TripUpdateMatcher.Source(index: index, schedules: timetable.tripSchedules))
        }
        var matcher = TripUpdateMatcher(board: board, sources: sources, observedAt: observedAt, name: name)
        for entity in feed.entities {
            guard let update = entity.tripUpdate else { continue }
            if entity.isDeleted {
                tally.add("deleted entity (DIFFERENTIAL feeds are not merged)", example: "entity \"\(entity.id)\"")
                continue
            }
            matcher.apply(update, entity: entity.id, tally: &tally)
        }
        for warning in feed.warnings {
            tally.add("value the decoder did not know", example: warning.description)
        }
        var result = matcher.result
        result.extraDepartures.sort { $0.departure.departure < $1.departure.departure }
        result.warnings = tally.lines.map { "\(name): \($0)" }
        return result
    }
}
