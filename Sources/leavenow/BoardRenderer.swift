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
        guard let first = departures.first else { return .none }
        for marker in [Marker.stop, .line, .destination] {
            let label = marker.label(first)
            if departures.contains(where: { marker.label($0) != label }) { return marker }
        }
        return .none
    }

    /// The board of one service date; sources that could not be loaded, feeds with no service on the
    /// date and the sources that make the date unknown are named under the title (a feed out of
    /// service, or an unknown date, replaces "No departures …").
    func render(board: Board, date: LocalDate, departures: [BoardDeparture],
                warnings: BoardWarnings = BoardWarnings(failures: [], outOfService: [])) -> String {
        let dayType = board.calendar.dayType(of: date)
        let holidayName = JapaneseHolidays.name(on: date).map { " \($0)" } ?? ""
        var dayTypeLabels: [String] = []
        for departure in departures where dayTypeLabels.last != departure.dayTypeLabel && !dayTypeLabels.contains(departure.dayTypeLabel) {
            dayTypeLabels.append(departure.dayTypeLabel)
        }
        let timetables = dayTypeLabels.sorted().joined(separator: ", ")
        var lines = [terminal.paint(board.title, "1")
            + "  \(date) (\(language.say(Concierge.weekdays[date.weekday.rawValue])))\(holidayName) · \(language.say(Self.dayTypes[dayType]!))"
            + (timetables.isEmpty ? "" : " · " + language.say(.boardTimetables, ["list": .text(timetables)]))]
        lines += warnings.failureLines(language) + warnings.serviceLines(language)
        if let unknown = warnings.unknown { lines.append(language.say(.boardUnknownDate, ["causes": .message(unknown.causesText)])) }
        guard !departures.isEmpty else {
            if !warnings.outOfService.isEmpty || warnings.unknown != nil { return lines.joined(separator: "\n") }
            lines.append(language.say(.boardNoDepartures))
            return lines.joined(separator: "\n")
        }
        let marker = BoardRenderer.marker(for: departures)
        // Each distinct label once, in order of appearance, with the first departure that has it;
        // each departure's label by its number there (one hash per departure).
        var appearanceNumber: [String: Int] = [:]
        var appearance: [(label: String, first: Int)] = []
        var labelNumbers = [Int](repeating: 0, count: departures.count)
        for (index, departure) in departures.enumerated() {
            let label = marker.label(departure)
            if let number = appearanceNumber[label] {
                labelNumbers[index] = number
            } else {
                appearanceNumber[label] = appearance.count
                labelNumbers[index] = appearance.count
                appearance.append((label, index))
            }
        }
        let labels = orderedUnique(appearance.map(\.label))
        let firstWithLabel = Dictionary(uniqueKeysWithValues: appearance.map { ($0.label, $0.first) })
        let palette = ["36", "33", "35", "32", "34", "31"]
        var marks: [String: String] = [:]
        for (number, label) in labels.enumerated() where marker != .none {
            marks[label] = terminal.paint("(\(label))", palette[number % palette.count])
        }
        // Per appearance number: the mark printed after a minute, as UTF-8.
        let markByNumber = appearance.map { Array(marks[$0.label, default: ""].utf8) }

        if marker != .none {
            let legend = labels.map { label -> String in
                let sample = departures[firstWithLabel[label]!]
                let detail = [sample.line, sample.stop, sample.destination].filter { $0 != label && !$0.isEmpty }
                return marks[label, default: ""] + " " + detail.joined(separator: " → ")
            }
            lines.append(legend.joined(separator: "   "))
        }
        // Rows and minutes are the wall clock at each departure's instant, counted from midnight of
        // the service date (25:10 for 01:10 the next day): what `next` answers. It is the
        // timetable's time except for a wall time skipped by a spring-forward change (shown where it
        // departs, with a note) and GTFS times on a DST day (which count from noon minus 12 h).
        var byHour: [Int: [(index: Int, minute: Int)]] = [:]
        var shifted: [(timetable: Int, shown: Int)] = []
        let timeBases = board.sources.map(\.timetable.timeBase)
        for (index, departure) in departures.enumerated() {
            let wall = BoardRenderer.wallSeconds(of: departure.departure, serviceDate: date, clock: board.clock)
            let hour = wall >= 0 ? wall / 3600 : (wall - 3599) / 3600
            byHour[hour, default: []].append((index, (wall - hour * 3600) / 60))
            let time = Int(departure.info.time)
            if wall != time, timeBases[departure.sourceIndex] == .wallClock, !shifted.contains(where: { $0 == (time, wall) }) {
                shifted.append((time, wall))
            }
        }
        // Rows are put together as UTF-8 bytes: appending ~3 pieces per departure to a String cost
        // ~1,000 instructions a departure.
        let minuteTexts = (0..<60).map { ($0 < 10 ? "0" : "") + String($0) }
        for hour in byHour.keys.sorted() {
            // A GTFS time before local midnight of a spring-forward day shows on the day before's clock.
            let shownHour = hour < 0 ? hour + 24 : hour
            let cells = byHour[hour]!
            var row = Array(((shownHour < 10 ? "0" : "") + "\(shownHour) |").utf8)
            row.reserveCapacity(row.count + cells.count * (3 + (markByNumber.first?.count ?? 0)))
            for (index, minute) in cells {
                let mark = markByNumber[labelNumbers[index]]
                row.append(UInt8(ascii: " "))
                if departures[index].isLast {
                    row.append(contentsOf: terminal.paint(minuteTexts[minute] + String(decoding: mark, as: UTF8.self), "1;4").utf8)
                    row.append(UInt8(ascii: "*"))
                } else {
                    row.append(UInt8(ascii: "0") + UInt8(minute / 10))
                    row.append(UInt8(ascii: "0") + UInt8(minute % 10))
                    row.append(contentsOf: mark)
                }
            }
            lines.append(String(decoding: row, as: UTF8.self))
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
