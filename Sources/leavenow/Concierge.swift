import Timetable

/// Answers "when is the next one, from where, and when do I leave" in English or Japanese.
struct Concierge {
    let language: Language
    let clock: ZoneClock

    /// The whole human answer of `leavenow next`.
    /// Sources that could not be loaded come right after the header; feeds out of service replace
    /// "No departures in the next 7 days." when nothing departs, else precede the departures.
    func answer(board: Board, at: Int64, upcoming: [BoardDeparture], previous: BoardDeparture?,
                warnings: BoardWarnings = BoardWarnings(failures: [], outOfService: [])) -> String {
        answer(board: board, at: at, upcoming: upcoming, previous: previous, warnings: warnings, statusLines: []) { index, today in
            line(upcoming[index], at: at, today: today)
        }
    }

    /// The answer with `statusLines` after the warnings and each departure's line from `line`
    /// (its index in `upcoming`, today's date).
    func answer(board: Board, at: Int64, upcoming: [BoardDeparture], previous: BoardDeparture?, warnings: BoardWarnings,
                statusLines: [String], line: (Int, LocalDate) -> String) -> String {
        var lines = [header(board: board, at: at)] + warnings.failureLines(language) + warnings.serviceLines(language) + statusLines
        guard let first = upcoming.first else {
            if !warnings.outOfService.isEmpty { return lines.joined(separator: "\n") }
            lines.append(language == .japanese
                ? "今後\(Board.maximumLookaheadDays)日間に出発する便はありません。"
                : "No departures in the next \(Board.maximumLookaheadDays) days.")
            return lines.joined(separator: "\n")
        }
        let noun = vehicleNoun(board)
        let today = clock.localTime(at: at).date
        let isFirstOfItsDay = previous.map { $0.serviceDate < first.serviceDate } ?? true
        // In the small hours the night's last departure is what the user missed; later it is "the first".
        let smallHours = clock.localTime(at: at).seconds < 4 * 3600
        if let previous, previous.serviceDate < first.serviceDate, first.serviceDate > today || smallHours {
            // Today's (or tonight's) service is over; say when the next service day is a holiday.
            let holiday = first.serviceDate != today ? JapaneseHolidays.name(on: first.serviceDate).map { "(\($0)) " } ?? "" : ""
            let when = day(of: first.departure, relativeTo: today) + holiday + clock.clockText(first.departure)
            let place = self.place(first)
            lines.append(language == .japanese
                ? "本日の最終\(noun)は出発しました。次は\(when) \(place)です。"
                : "The last \(noun) has left; next: \(when) from \(place).")
        } else if isFirstOfItsDay {
            let when = day(of: first.departure, relativeTo: today) + clock.clockText(first.departure)
            lines.append(language == .japanese
                ? "始発は\(when) \(place(first))です。"
                : "The first \(noun) is at \(when) from \(place(first)).")
        }
        for index in upcoming.indices {
            lines.append(line(index, today))
        }
        return lines.joined(separator: "\n")
    }

    /// `10:33 from platform 12 (鷹56) to 三鷹駅 — leave in 1 min`
    func line(_ departure: BoardDeparture, at: Int64, today: LocalDate) -> String {
        let when = day(of: departure.departure, relativeTo: today) + clock.clockText(departure.departure)
        let last = departure.isLast ? (language == .japanese ? "・最終" : " · last") : ""
        switch language {
        case .japanese:
            return "\(when) \(place(departure)) \(departure.destination)行\(last) — \(leave(departure, at: at))"
        case .english:
            return "\(when) from \(place(departure)) to \(departure.destination)\(last) — \(leave(departure, at: at))"
        }
    }

    /// "platform 12 (鷹56)" / "12番のりば (鷹56)" / "銀座 (銀座線)".
    func place(_ departure: BoardDeparture) -> String {
        let stop = departure.stop
        let isNumber = !stop.isEmpty && stop.allSatisfy(\.isNumber)
        let where_ = isNumber ? (language == .japanese ? "\(stop)番のりば" : "platform \(stop)") : stop
        return departure.line.isEmpty ? where_ : "\(where_) (\(departure.line))"
    }

    /// "leave now", "leave in 4 min", "leave at 06:19", "leave now — 2 min short of the walk".
    func leave(_ departure: BoardDeparture, at: Int64) -> String {
        let slack = departure.leaveAt - at
        let english = language == .english
        if slack < 0 {
            let short = Int((-slack + 59) / 60)
            return english ? "leave now (\(short) min short of the walk)" : "今すぐ出発（歩くと\(short)分足りません）"
        }
        if slack < 60 { return english ? "leave now" : "今すぐ出発" }
        if slack <= 60 * 60 {
            let minutes = Int(slack / 60)
            return english ? "leave in \(minutes) min" : "あと\(minutes)分で出発"
        }
        // The departure already says which day; the leave time only needs one when it differs.
        let when = day(of: departure.leaveAt, relativeTo: clock.localTime(at: departure.departure).date)
            + clock.clockText(departure.leaveAt)
        return english ? "leave at \(when)" : "\(when)に出発"
    }

    /// "" for today, "tomorrow " / "明日", else "Mon 13 Jan " / "1月13日(月) ".
    func day(of instant: Int64, relativeTo today: LocalDate) -> String {
        let date = clock.localTime(at: instant).date
        let delta = date.dayNumber - today.dayNumber
        switch (delta, language) {
        case (0, _): return ""
        case (1, .english): return "tomorrow "
        case (1, .japanese): return "明日 "
        case (_, .english): return "\(Concierge.englishWeekdays[date.weekday.rawValue]) \(date.day) \(Concierge.englishMonths[date.month - 1]) "
        case (_, .japanese): return "\(date.month)月\(date.day)日(\(Concierge.japaneseWeekdays[date.weekday.rawValue])) "
        }
    }

    func header(board: Board, at: Int64) -> String {
        let date = clock.localTime(at: at).date
        let zone = clock.timeZone.identifier
        let holiday = board.calendar.dayType(of: date) == .holiday
            ? " · " + (JapaneseHolidays.name(on: date) ?? (language == .japanese ? "休日ダイヤ" : "holiday schedule")) : ""
        switch language {
        case .english:
            return "\(board.title) — \(Concierge.englishWeekdays[date.weekday.rawValue]) \(date) \(clock.clockText(at)) (\(zone))\(holiday)"
        case .japanese:
            return "\(board.title) — \(date.year)年\(date.month)月\(date.day)日(\(Concierge.japaneseWeekdays[date.weekday.rawValue])) \(clock.clockText(at))\(holiday)"
        }
    }

    private func vehicleNoun(_ board: Board) -> String {
        let kinds = Set(board.sources.map(\.vehicle))
        let kind = kinds.count == 1 ? kinds.first! : .vehicle
        switch (kind, language) {
        case (.bus, .english): return "bus"
        case (.train, .english): return "train"
        case (.vehicle, .english): return "departure"
        case (.bus, .japanese): return "バス"
        case (.train, .japanese): return "電車"
        case (.vehicle, .japanese): return "便"
        }
    }

    static let englishWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let japaneseWeekdays = ["日", "月", "火", "水", "木", "金", "土"]
    static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
