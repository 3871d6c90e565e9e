import Facts
import Timetable

/// What `next` and `board` say about realtime, in English and Japanese (the catalogue's
/// `realtime…` entries): the status line, the departure time with its prediction, canceled and
/// extra trips.
struct RealtimeWording {
    let language: Language
    let clock: ZoneClock

    /// `realtime 2 min old` / `timetable: realtime 12 min old (max 1 min 30 s)` / `timetable: no
    /// realtime yet`; nil for a board without realtime sources.
    func statusLine(_ realtime: BoardRealtime) -> String? {
        let status = realtime.status
        if case .live(let age) = status {
            return language.say(.realtimeLive, ["age": .message(duration(age, wholeMinutes: true))])
        }
        return reason(status, maxAge: realtime.deciding?.maxAgeSeconds ?? 0).map { language.say(.realtimeTimetable, ["reason": .message($0)]) }
    }

    /// The status line, then, when the board's realtime is live but some of its sources are not,
    /// one line per such source: `timetable for hillsdale.1: no realtime yet`.
    func statusLines(_ realtime: BoardRealtime) -> [String] {
        guard let line = statusLine(realtime) else { return [] }
        guard realtime.status.isLive else { return [line] }
        return [line] + realtime.sources.compactMap { source in
            reason(source.status, maxAge: source.maxAgeSeconds).map {
                language.say(.realtimeSourceTimetable, ["source": .text(source.id), "reason": .message($0)])
            }
        }
    }

    /// Why the timetable applies: `realtime 12 min old (max 1 min 30 s)`, `no realtime yet`; nil
    /// when realtime is live or not configured.
    func reason(_ status: RealtimeStatus, maxAge: Int64) -> Message? {
        switch status {
        case .live, .notConfigured:
            return nil
        case .stale(let age):
            return Message(.realtimeStale, ["age": .message(duration(age, wholeMinutes: true)), "max": .message(duration(maxAge, wholeMinutes: false))])
        case .missing:
            return Message(.realtimeMissing)
        }
    }

    /// One line per suspension of the board's railways (`suspended: 内房線 一部運休 since 23:02: …`).
    func suspensionLines(_ realtime: BoardRealtime) -> [String] {
        realtime.suspensions.map { language.say(.realtimeSuspended, ["summary": .message($0.summary(clock: clock))]) }
    }

    /// The departure's time with what realtime says: `16:55 → 17:09 (+14)`, `16:21 (on time)`, or
    /// the timetable's `16:55` (no prediction, no predicted time, or canceled) — `16:55 (timetable)`
    /// when `marksTimetable` (the board's realtime is live: the other lines are, this one is not). The
    /// delay is the difference of the two minutes shown (times are shown to the minute, seconds
    /// dropped, as everywhere), so the line adds up: 16:55:00 + 878 s = 17:09:38 is `16:55 → 17:09 (+14)`.
    func time(_ departure: RealtimeDeparture, day: String, marksTimetable: Bool = false) -> String {
        let scheduled = day + clock.clockText(departure.scheduled)
        guard let prediction = departure.prediction, !prediction.canceled, let predicted = prediction.predicted else {
            return marksTimetable && !departure.isLive ? language.say(.realtimeTimetableTime, ["time": .text(scheduled)]) : scheduled
        }
        let minutes = Int((floorMinute(predicted) - floorMinute(departure.scheduled)) / 60)
        if minutes == 0 { return language.say(.realtimeOnTime, ["time": .text(scheduled)]) }
        return language.say(.realtimeDelayed, ["time": .text(scheduled), "predicted": .text(clock.clockText(predicted)),
                                      "delay": .text(minutes > 0 ? "+\(minutes)" : "\(minutes)")])
    }

    /// ` · duplicated trip` / ` · added trip` (`・増発` / `・臨時`) for an extra departure, else "".
    func extraMark(_ departure: RealtimeDeparture) -> String {
        switch departure.extra {
        case nil: return ""
        case .duplicated?: return language.say(.realtimeDuplicated)
        case .added?: return language.say(.realtimeAdded)
        }
    }

    /// `canceled` / `運休`.
    var canceled: String { language.say(.realtimeCanceled) }

    /// `45 s`, `2 min` (whole minutes, for ages of a minute or more), `1 min 30 s` (exact, for
    /// limits); Japanese `45秒`, `2分`, `1分30秒`.
    func duration(_ seconds: Int64, wholeMinutes: Bool) -> Message {
        let minutes = Int(seconds / 60), rest = Int(seconds % 60)
        if minutes == 0 { return Message(.ageSeconds, ["seconds": .number(rest)]) }
        if wholeMinutes || rest == 0 { return Message(.ageMinutes, ["minutes": .number(minutes)]) }
        return Message(.durationMinutesSeconds, ["minutes": .number(minutes), "seconds": .number(rest)])
    }

    private func floorMinute(_ instant: Int64) -> Int64 {
        instant - ((instant % 60) + 60) % 60
    }
}
