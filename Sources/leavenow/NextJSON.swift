import JSONText
import Timetable

/// What `next` adds to each departure of its JSON after the keys it shares with `board`:
/// `reachable`, false when the walk can no longer reach the departure at `--at` (`leave_at` is
/// before `at`: the human answer says "too late to walk there") or when it is canceled.
enum NextJSON {
    /// A departure of a board without realtime: the contract's keys, `train_type`, then `reachable`.
    static func encode(_ departure: BoardDeparture, clock: ZoneClock, at: Int64) -> JSONOutput {
        .object(DepartureJSON.members(departure, clock: clock) + [reachable(leaveAt: departure.leaveAt, at: at, canceled: false)])
    }

    /// A departure of a board with realtime: its realtime keys, then `reachable` (from the expected
    /// `leave_at`).
    static func encode(_ departure: RealtimeDeparture, clock: ZoneClock, at: Int64) -> JSONOutput {
        guard case .object(let members) = RealtimeJSON.encode(departure, clock: clock) else { return RealtimeJSON.encode(departure, clock: clock) }
        return .object(members + [reachable(leaveAt: departure.shown.leaveAt, at: at, canceled: departure.isCanceled)])
    }

    /// `"reachable": true|false`.
    static func reachable(leaveAt: Int64, at: Int64, canceled: Bool) -> (String, JSONOutput) {
        ("reachable", .bool(!canceled && leaveAt >= at))
    }
}
