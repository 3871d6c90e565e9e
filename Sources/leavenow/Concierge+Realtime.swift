import Facts
import Timetable

extension Concierge {
    /// The answer of `next` for a board with realtime sources: the status line (`realtime 2 min
    /// old`, or why it is the timetable) and any suspension under the header, then each departure
    /// at its expected time (`16:55 → 17:09 (+14) from …`, `— canceled`, extra trips marked); while
    /// the board's realtime is live, a departure it has no time for says `(timetable)`.
    func answer(board: Board, at: Int64, upcoming: [RealtimeDeparture], previous: BoardDeparture?, warnings: BoardWarnings,
                realtime: BoardRealtime) -> String {
        let wording = RealtimeWording(language: language, clock: clock)
        let status = wording.statusLines(realtime) + wording.suspensionLines(realtime)
        return answer(board: board, at: at, upcoming: upcoming.map(\.shown), previous: previous, warnings: warnings,
                      statusLines: status) { index, today in
            line(upcoming[index], at: at, today: today, wording: wording, marksTimetable: realtime.status.isLive)
        }
    }

    /// `16:55 → 17:09 (+14) from platform 70112 to San Jose Diridon — in 14 min, leave in 9 min`; a
    /// canceled departure ends `— canceled` instead; `17:11 (timetable) from …` with `marksTimetable`
    /// for one realtime has no time for.
    func line(_ departure: RealtimeDeparture, at: Int64, today: LocalDate, wording: RealtimeWording, marksTimetable: Bool) -> String {
        let shown = departure.shown
        let when = wording.time(departure, day: day(of: departure.scheduled, relativeTo: today), marksTimetable: marksTimetable)
        let action = departure.isCanceled ? wording.canceled : leave(shown, at: at)
        return departureLine(shown, when: when, mark: wording.extraMark(departure), action: action)
    }
}
