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
        let holidayName = JapaneseHolidays.name(on: date).map { " \($0)" } ?? ""
        let timetables = Array(Set(departures.map(\.dayTypeLabel))).sorted().joined(separator: ", ")
        var lines = [terminal.paint(board.title, "1")
            + "  \(date) (\(language.say(Concierge.weekdays[date.weekday.rawValue])))\(holidayName) · \(language.say(Self.dayTypes[dayType]!))"
            + (timetables.isEmpty ? "" : " · " + language.say(.boardTimetables, ["list": .text(timetables)]))]
        lines += warnings.failureLines(language) + warnings.serviceLines(language)
        guard !departures.isEmpty else {
            if !warnings.outOfService.isEmpty { return lines.joined(separator: "\n") }
            lines.append(language.say(.boardNoDepartures))
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
        // Rows and minutes are the wall clock at each departure's instant, counted from midnight of
        // the service date (25:10 for 01:10 the next day): what `next` answers. It is the
        // timetable's time except for a wall time skipped by a spring-forward change (shown where it
        // departs, with a note) and GTFS times on a DST day (which count from noon minus 12 h).
        var byHour: [Int: [(departure: BoardDeparture, minute: Int)]] = [:]
        var shifted: [(timetable: Int, shown: Int)] = []
        for departure in departures {
            let wall = BoardRenderer.wallSeconds(of: departure.departure, serviceDate: date, clock: board.clock)
            let hour = wall >= 0 ? wall / 3600 : (wall - 3599) / 3600
            byHour[hour, default: []].append((departure, (wall - hour * 3600) / 60))
            let time = Int(departure.info.time)
            if board.sources[departure.sourceIndex].timetable.timeBase == .wallClock, wall != time,
               !shifted.contains(where: { $0 == (time, wall) }) {
                shifted.append((time, wall))
            }
        }
        for hour in byHour.keys.sorted() {
            let cells = byHour[hour]!.map { entry -> String in
                let departure = entry.departure
                var cell = (entry.minute < 10 ? "0" : "") + String(entry.minute)
                if marker != .none { cell += terminal.paint("(\(marker.label(departure)))", colour(marker.label(departure))) }
                if departure.isLast { cell = terminal.paint(cell, "1;4") + "*" }
                return cell
            }
            // A GTFS time before local midnight of a spring-forward day shows on the day before's clock.
            let shownHour = hour < 0 ? hour + 24 : hour
            lines.append((shownHour < 10 ? "0" : "") + "\(shownHour) | " + cells.joined(separator: " "))
        }
        for (timetable, shown) in shifted {
            let from = Departure.clockText(seconds: timetable), to = Departure.clockText(seconds: shown)
            lines.append(language.say(.boardSkippedTime, ["from": .text(from), "to": .text(to)]))
        }
        lines.append(language.say(.boardLastLegend))
        return lines.joined(separator: "\n")
    }

    /// The words of a service day's kind (`sunday` / `日曜`).
    static let dayTypes: [DayType: MessageKey] = [.weekday: .dayTypeWeekday, .saturday: .dayTypeSaturday, .sunday: .dayTypeSunday,
                                                  .holiday: .dayTypeHoliday]

    /// The wall time at `instant` in seconds from midnight of `serviceDate` (25:10 = 90_600 for
    /// 01:10 the next day; negative for a time before the service date began).
    static func wallSeconds(of instant: Int64, serviceDate: LocalDate, clock: ZoneClock) -> Int {
        let local = clock.localTime(at: instant)
        return (local.date.dayNumber - serviceDate.dayNumber) * 86_400 + local.seconds
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
