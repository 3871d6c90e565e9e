import Facts
import Timetable

extension BoardRenderer {
    /// What realtime changes on the board of `date`, after the timetable's rows: the status line
    /// (`realtime 2 min old`, or why the rows are the timetable), any suspension, then one line per
    /// departure with a prediction that moves it, canceled, or extra:
    /// `16:55 → 17:09 (+14) 70112 (L3) → San Jose Diridon`.
    func realtimeLines(board: Board, date: LocalDate, departures: [RealtimeDeparture], realtime: BoardRealtime) -> [String] {
        let wording = RealtimeWording(language: language, clock: board.clock)
        var lines = wording.statusLines(realtime) + wording.suspensionLines(realtime)
        for departure in departures {
            let moved = departure.prediction.map { prediction in
                prediction.canceled || (prediction.predicted.map { $0 / 60 != departure.scheduled / 60 } ?? false)
            } ?? false
            guard moved || departure.extra != nil else { continue }
            let shown = departure.shown
            let day = shown.serviceDate == date ? "" : "\(shown.serviceDate) "
            let place = [shown.stop, shown.line.isEmpty ? "" : "(\(shown.line))"].filter { !$0.isEmpty }.joined(separator: " ")
            let what = departure.isCanceled ? " — " + wording.canceled : ""
            lines.append(wording.time(departure, day: day) + " " + place + " → " + shown.destination + wording.extraMark(departure) + what)
        }
        return lines
    }
}
