import Timetable

/// Answers "when is the next one, from where, and when do I leave" in English or Japanese (the
/// Messages catalogue's `next…` entries).
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
        // The departures stop at an unknown service date: said last, in place of "no departures".
        // (Already unknown at `at`, the date may be yesterday's, whose service is still running.)
        let unknownLine = warnings.unknown.map { unknown in
            unknown.from <= at ? language.say(.nextUnknownNow, ["causes": .message(unknown.causesText)])
                : language.say(.nextUnknownFrom, ["day": .text(dayName(unknown.date, relativeTo: clock.localTime(at: at).date)),
                                                  "causes": .message(unknown.causesText)])
        }
        guard let first = upcoming.first else {
            if let unknownLine { return (lines + [unknownLine]).joined(separator: "\n") }
            if !warnings.outOfService.isEmpty { return lines.joined(separator: "\n") }
            lines.append(language.say(.nextNoDepartures, ["days": .number(Board.maximumLookaheadDays)]))
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
            lines.append(language.say(.nextLastHasLeft, ["vehicle": .key(noun), "when": .text(when), "place": .text(place(first))]))
        } else if isFirstOfItsDay {
            let when = day(of: first.departure, relativeTo: today) + clock.clockText(first.departure)
            lines.append(language.say(.nextFirstIs, ["vehicle": .key(noun), "when": .text(when), "place": .text(place(first))]))
        }
        for index in upcoming.indices {
            lines.append(line(index, today))
        }
        if let unknownLine { lines.append(unknownLine) }
        return lines.joined(separator: "\n")
    }

    /// A service date as the unknown line names it: `today`, `tomorrow`, else `Mon 13 Jan` (`今日`,
    /// `明日`, `1月13日(月)`).
    func dayName(_ date: LocalDate, relativeTo today: LocalDate) -> String {
        switch date.dayNumber - today.dayNumber {
        case 0: return language.say(.whenToday)
        case 1: return language.say(.whenTomorrow)
        default:
            var name = language.say(.nextOtherDay, ["weekday": .key(Self.weekdays[date.weekday.rawValue]), "day": .number(date.day),
                                                    "month": .key(Self.months[date.month - 1])])
            while name.last == " " { name.removeLast() }
            return name
        }
    }

    /// `10:39 from platform 11 (鷹66) to 三鷹駅 — in 7 min, leave in 3 min`
    func line(_ departure: BoardDeparture, at: Int64, today: LocalDate) -> String {
        let when = day(of: departure.departure, relativeTo: today) + clock.clockText(departure.departure)
        return departureLine(departure, when: when, mark: "", action: leave(departure, at: at))
    }

    /// One departure: `{when} from {place} to {destination}{ · last}{mark} — {action}`.
    func departureLine(_ departure: BoardDeparture, when: String, mark: String, action: String) -> String {
        language.say(.nextLine, ["when": .text(when), "place": .text(place(departure)), "destination": .text(departure.destination),
                        "last": departure.isLast ? .key(.nextLastMark) : .text(""), "mark": .text(mark), "action": .text(action)])
    }

    /// "platform 12 (鷹56)" / "12番のりば (鷹56)" / "銀座 (銀座線)".
    func place(_ departure: BoardDeparture) -> String {
        let stop = departure.stop
        let isNumber = !stop.isEmpty && stop.allSatisfy(\.isNumber)
        let where_ = isNumber ? language.say(.nextPlatform, ["stop": .text(stop)]) : stop
        return departure.line.isEmpty ? where_ : "\(where_) (\(departure.line))"
    }

    /// What to do for a departure at `at`. Within the hour: how long until it departs, then when to
    /// leave — `in 7 min, leave in 3 min`, `in 4 min, leave now` — or, when the walk no longer
    /// reaches it, `in 1 min, too late to walk there (4 min walk)`; never "leave now" for a departure
    /// the walk cannot reach. Later: `leave at 06:01` (the departure's time is on the line).
    func leave(_ departure: BoardDeparture, at: Int64) -> String {
        let slack = departure.leaveAt - at
        if slack > 60 * 60 {
            // The departure already says which day; the leave time only needs one when it differs.
            let when = day(of: departure.leaveAt, relativeTo: clock.localTime(at: departure.departure).date)
                + clock.clockText(departure.leaveAt)
            return language.say(.nextLeaveAt, ["time": .text(when)])
        }
        let untilDeparture = departure.departure - at
        let departs = untilDeparture < 60 ? Message(.nextDepartingNow)
            : Message(.nextDepartsIn, ["duration": .message(Self.duration(minutes: Int(untilDeparture / 60)))])
        let action: Message
        if slack < 0 {
            let walk = Int((departure.departure - departure.leaveAt + 59) / 60)
            action = Message(.nextOutOfReach, ["walk": .number(walk)])
        } else if slack < 60 {
            action = Message(.nextLeaveNow)
        } else {
            action = Message(.nextLeaveIn, ["minutes": .number(Int(slack / 60))])
        }
        return language.say(.nextAction, ["departure": .message(departs), "leave": .message(action)])
    }

    /// `7 min`, `1 h 5 min` (`7分`, `1時間5分`).
    static func duration(minutes: Int) -> Message {
        minutes < 60 ? Message(.ageMinutes, ["minutes": .number(minutes)])
            : Message(.ageHoursMinutes, ["hours": .number(minutes / 60), "minutes": .number(minutes % 60)])
    }

    /// "" for today, "tomorrow " / "明日 ", else "Mon 13 Jan " / "1月13日(月) ".
    func day(of instant: Int64, relativeTo today: LocalDate) -> String {
        let date = clock.localTime(at: instant).date
        switch date.dayNumber - today.dayNumber {
        case 0: return ""
        case 1: return language.say(.nextTomorrow)
        default:
            return language.say(.nextOtherDay, ["weekday": .key(Self.weekdays[date.weekday.rawValue]), "day": .number(date.day),
                                       "month": .key(Self.months[date.month - 1])])
        }
    }

    /// `調布駅北口 → 三鷹駅 — Sun 2024-12-22 10:32 (Asia/Tokyo)` / `… — 2024-12-22 (日) 10:32 (Asia/Tokyo)`,
    /// with the holiday's name on a holiday.
    func header(board: Board, at: Int64) -> String {
        let date = clock.localTime(at: at).date
        let holiday: MessageArgument = board.calendar.dayType(of: date) == .holiday
            ? .text(" · " + (JapaneseHolidays.name(on: date) ?? language.say(.nextHolidaySchedule))) : .text("")
        return language.say(.nextHeader, ["title": .text(board.title), "weekday": .key(Self.weekdays[date.weekday.rawValue]), "date": .text("\(date)"),
                                 "time": .text(clock.clockText(at)), "zone": .text(clock.timeZone.identifier), "holiday": holiday])
    }

    private func vehicleNoun(_ board: Board) -> MessageKey {
        let kinds = Set(board.sources.map(\.vehicle))
        switch kinds.count == 1 ? kinds.first! : .vehicle {
        case .bus: return .nextBus
        case .train: return .nextTrain
        case .vehicle: return .nextDeparture
        }
    }

    /// The weekday abbreviations, Sunday first (`Sun` / `日`).
    static let weekdays = HolidaysCommand.weekdays
    /// The months, January first (`Jan` / `1月`).
    static let months: [MessageKey] = [.monthJan, .monthFeb, .monthMar, .monthApr, .monthMay, .monthJun, .monthJul, .monthAug, .monthSep,
                                       .monthOct, .monthNov, .monthDec]
}
