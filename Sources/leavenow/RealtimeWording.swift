import Facts
import Timetable

/// What `next` and `board` say about realtime, in English and Japanese: the status line, the
/// departure time with its prediction, canceled and extra trips.
struct RealtimeWording {
    let language: Language
    let clock: ZoneClock

    /// `realtime 2 min old` / `timetable: realtime 12 min old (max 1 min 30 s)` / `timetable: no
    /// realtime yet`; nil for a board without realtime sources.
    func statusLine(_ realtime: BoardRealtime) -> String? {
        let status = realtime.status
        if case .live(let age) = status {
            return language == .japanese ? "リアルタイム (\(duration(age, wholeMinutes: true))前)" : "realtime \(duration(age, wholeMinutes: true)) old"
        }
        return reason(status, maxAge: realtime.deciding?.maxAgeSeconds ?? 0).map { (language == .japanese ? "時刻表: " : "timetable: ") + $0 }
    }

    /// The status line, then, when the board's realtime is live but some of its sources are not,
    /// one line per such source: `timetable for hillsdale.1: no realtime yet`.
    func statusLines(_ realtime: BoardRealtime) -> [String] {
        guard let line = statusLine(realtime) else { return [] }
        guard realtime.status.isLive else { return [line] }
        return [line] + realtime.sources.compactMap { source in
            reason(source.status, maxAge: source.maxAgeSeconds).map {
                language == .japanese ? "時刻表 (\(source.id)): \($0)" : "timetable for \(source.id): \($0)"
            }
        }
    }

    /// Why the timetable applies: `realtime 12 min old (max 1 min 30 s)`, `no realtime yet`; nil
    /// when realtime is live or not configured.
    func reason(_ status: RealtimeStatus, maxAge: Int64) -> String? {
        let japanese = language == .japanese
        switch status {
        case .live, .notConfigured:
            return nil
        case .stale(let age):
            let age = duration(age, wholeMinutes: true), max = duration(maxAge, wholeMinutes: false)
            return japanese ? "リアルタイムが古いため使いません (\(age)前、上限 \(max))" : "realtime \(age) old (max \(max))"
        case .missing:
            return japanese ? "リアルタイムはまだありません" : "no realtime yet"
        }
    }

    /// One line per suspension of the board's railways (`内房線 一部運休 since 23:02: …`).
    func suspensionLines(_ realtime: BoardRealtime) -> [String] {
        realtime.suspensions.map { suspension in
            (language == .japanese ? "運休情報: " : "suspended: ") + suspension.summary(clock: clock)
        }
    }

    /// The departure's time with what realtime says: `16:55 → 17:09 (+14)`, `16:21 (on time)`, or
    /// the timetable's `16:55` (no prediction, no predicted time, or canceled). The delay is the
    /// difference of the two minutes shown (times are shown to the minute, seconds dropped, as
    /// everywhere), so the line adds up: 16:55:00 + 878 s = 17:09:38 is `16:55 → 17:09 (+14)`.
    func time(_ departure: RealtimeDeparture, day: String) -> String {
        let scheduled = day + clock.clockText(departure.scheduled)
        guard let prediction = departure.prediction, !prediction.canceled, let predicted = prediction.predicted else { return scheduled }
        let minutes = Int((floorMinute(predicted) - floorMinute(departure.scheduled)) / 60)
        if minutes == 0 { return scheduled + (language == .japanese ? " (定刻)" : " (on time)") }
        let signed = minutes > 0 ? "+\(minutes)" : "\(minutes)"
        return scheduled + " → " + clock.clockText(predicted) + (language == .japanese ? " (\(signed)分)" : " (\(signed))")
    }

    /// ` · duplicated trip` / ` · added trip` (`・増発` / `・臨時`) for an extra departure, else "".
    func extraMark(_ departure: RealtimeDeparture) -> String {
        switch (departure.extra, language) {
        case (nil, _): return ""
        case (.duplicated?, .english): return " · duplicated trip"
        case (.added?, .english): return " · added trip"
        case (.duplicated?, .japanese): return "・増発"
        case (.added?, .japanese): return "・臨時"
        }
    }

    /// `canceled` / `運休`.
    var canceled: String { language == .japanese ? "運休" : "canceled" }

    /// `45 s`, `2 min` (whole minutes, for ages of a minute or more), `1 min 30 s` (exact, for
    /// limits); Japanese `45秒`, `2分`, `1分30秒`.
    func duration(_ seconds: Int64, wholeMinutes: Bool) -> String {
        let japanese = language == .japanese
        let minutes = seconds / 60, rest = seconds % 60
        if minutes == 0 { return japanese ? "\(rest)秒" : "\(rest) s" }
        if wholeMinutes || rest == 0 { return japanese ? "\(minutes)分" : "\(minutes) min" }
        return japanese ? "\(minutes)分\(rest)秒" : "\(minutes) min \(rest) s"
    }

    private func floorMinute(_ instant: Int64) -> Int64 {
        instant - ((instant % 60) + 60) % 60
    }
}
