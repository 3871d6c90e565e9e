import Timetable

/// Prints a service day the way a station's paper board (and the article's merge) shows it:
/// one row per hour, each minute marked by what tells the sources apart: `00(11) 06(12) 20(12) …`.
struct BoardRenderer {
    let language: Language
    let terminal: Terminal

    /// Which label marks a minute.
    enum Marker {
        case stop, line, destination, none

        func label(_ departure: BoardDeparture) -> String {
            switch self {
            case .stop: return departure.stop
            case .line: return departure.line
            case .destination: return departure.destination
            case .none: return ""
            }
        }
    }

    /// The first label that differs between departures: stop, then line, then destination.
    static func marker(for departures: [BoardDeparture]) -> Marker {
        for marker in [Marker.stop, .line, .destination] where Set(departures.map(marker.label)).count > 1 {
            return marker
        }
        return .none
    }

    /// The board of one service date; sources that could not be loaded and feeds with no service
    /// on the date are named under the title (a feed out of service replaces "No departures …").
    func render(board: Board, date: LocalDate, departures: [BoardDeparture],
                warnings: BoardWarnings = BoardWarnings(failures: [], outOfService: [])) -> String {
        let dayType = board.calendar.dayType(of: date)
        let weekdays = language == .japanese ? Concierge.japaneseWeekdays : Concierge.englishWeekdays
        let holidayName = JapaneseHolidays.name(on: date).map { " \($0)" } ?? ""
        let timetables = Array(Set(departures.map(\.dayTypeLabel))).sorted().joined(separator: ", ")
        var lines = [terminal.paint(board.title, "1")
            + "  \(date) (\(weekdays[date.weekday.rawValue]))\(holidayName) · \(dayType.rawValue)"
            + (timetables.isEmpty ? "" : " · " + (language == .japanese ? "時刻表: " : "timetable: ") + timetables)]
        lines += warnings.failureLines(language) + warnings.serviceLines(language)
        guard !departures.isEmpty else {
            if !warnings.outOfService.isEmpty { return lines.joined(separator: "\n") }
            lines.append(language == .japanese ? "この日の運行はありません。" : "No departures on this service day.")
            return lines.joined(separator: "\n")
        }
        let marker = BoardRenderer.marker(for: departures)
        let labels = orderedUnique(departures.map(marker.label))
        let palette = ["36", "33", "35", "32", "34", "31"]
        func colour(_ label: String) -> String { palette[(labels.firstIndex(of: label) ?? 0) % palette.count] }

        if marker != .none {
            let legend = labels.map { label -> String in
                let sample = departures.first { marker.label($0) == label }!
                let detail = [sample.line, sample.stop, sample.destination].filter { $0 != label && !$0.isEmpty }
                return terminal.paint("(\(label))", colour(label)) + " " + detail.joined(separator: " → ")
            }
            lines.append(legend.joined(separator: "   "))
        }
        let start = board.clock.serviceDayStart(date)
        var byHour: [Int: [BoardDeparture]] = [:]
        for departure in departures {
            byHour[Int(departure.departure - start) / 3600, default: []].append(departure)
        }
        for hour in byHour.keys.sorted() {
            let cells = byHour[hour]!.map { departure -> String in
                let minute = Int(departure.departure - start) % 3600 / 60
                var cell = (minute < 10 ? "0" : "") + String(minute)
                if marker != .none { cell += terminal.paint("(\(marker.label(departure)))", colour(marker.label(departure))) }
                if departure.isLast { cell = terminal.paint(cell, "1;4") + "*" }
                return cell
            }
            lines.append((hour < 10 ? "0" : "") + "\(hour) | " + cells.joined(separator: " "))
        }
        lines.append(language == .japanese ? "* その行先への最終便" : "* last departure toward its destination")
        return lines.joined(separator: "\n")
    }

    private func orderedUnique(_ labels: [String]) -> [String] {
        var seen = Set<String>()
        return labels.filter { seen.insert($0).inserted }.sorted {
            // Numbers (platforms) in numeric order, others alphabetically.
            if let a = Int($0), let b = Int($1) { return a < b }
            return $0 < $1
        }
    }
}
