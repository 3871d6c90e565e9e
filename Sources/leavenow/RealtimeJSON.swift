import Facts
import JSONText
import Timetable

/// The JSON of realtime in `next` and `board` (only for boards with realtime sources, after the
/// keys the output has without them).
enum RealtimeJSON {
    /// A departure: its usual keys (`departure` and `leave_at` at the expected instant), then
    /// `scheduled`, `predicted` (or null), `delay` (seconds, or null), `realtime` (the time shown is
    /// live: a prediction, a cancellation or skipped stop, an extra trip — false at the timetable's
    /// time, even when realtime knows the trip), `canceled`, and `extra` (`duplicated` / `added`, or null).
    static func encode(_ departure: RealtimeDeparture, clock: ZoneClock) -> JSONOutput {
        let prediction = departure.prediction
        return .object(DepartureJSON.members(departure.shown, clock: clock) + [
            ("scheduled", .string(clock.iso8601(departure.scheduled))),
            ("predicted", prediction?.predicted.map { .string(clock.iso8601($0)) } ?? .null),
            ("delay", prediction?.delaySeconds.map { .int(Int64($0)) } ?? .null),
            ("realtime", .bool(departure.isLive)),
            ("canceled", .bool(departure.isCanceled)),
            ("extra", departure.extra.map { .string($0 == .duplicated ? "duplicated" : "added") } ?? .null),
        ])
    }

    /// `"realtime": {"status", "age_seconds", "max_age_seconds", "sources": […], "suspensions": […],
    /// "warnings": […]}`: the board's status (see `BoardRealtime.status`), one object per realtime
    /// source and per suspension of the board's railways, and what the sources' data had that could
    /// not be used (counted lines, or why a source is stale).
    static func member(_ realtime: BoardRealtime, clock: ZoneClock) -> (String, JSONOutput) {
        let sources: [JSONOutput] = realtime.sources.map { source in
            .object([
                ("source", .string(source.id)),
                ("kind", .string(source.kind.rawValue)),
                ("status", .string(source.status.word)),
                ("age_seconds", source.status.age.map { .int($0) } ?? .null),
                ("max_age_seconds", .int(source.maxAgeSeconds)),
                ("observed_at", source.observedAt.map { .string(clock.iso8601($0)) } ?? .null),
            ])
        }
        let suspensions: [JSONOutput] = realtime.suspensions.map { suspension in
            .object([
                ("railway", .string(suspension.railway)),
                ("title", .string(suspension.railwayTitle)),
                ("extent", .string(suspension.extent.rawValue)),
                ("since", suspension.since.map { .string(clock.iso8601($0)) } ?? .null),
                ("text", .string(suspension.text)),
            ])
        }
        return ("realtime", .object([
            ("status", .string(realtime.status.word)),
            ("age_seconds", realtime.status.age.map { .int($0) } ?? .null),
            ("max_age_seconds", realtime.deciding.map { .int($0.maxAgeSeconds) } ?? .null),
            ("sources", .array(sources)),
            ("suspensions", .array(suspensions)),
            ("warnings", .array(realtime.predictions.warnings.map { .string($0) })),
        ]))
    }
}
