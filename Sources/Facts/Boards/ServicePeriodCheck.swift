import Config
import Messages
import Timetable

/// Warnings about the dates of boards' sources, for `check` and `status`: a feed or timetable whose
/// service (its GTFS calendar, or its validity — `valid_from` / `valid_until`, ODPT `dct:issued` /
/// `dct:valid`, GTFS `feed_info.txt`) has ended or ends soon; a date of the next two weeks that no
/// source covers; configured holidays and special days that change nothing (no source runs then)
/// or that a feed's own calendar does not follow.
public enum ServicePeriodCheck {
    /// How many days ahead an ending feed or a date without a source is announced.
    public static let warningDays = 14

    /// `rules/boards.yaml:73:9: board "kawasaki-west": gtfs-jp-rinkobus stop 1510-57: the feed's
    /// service ended on 2017-04-30` per source whose service ended before `now`'s date (in the
    /// board's timezone) or ends within `warningDays` days of it; none for a source that a later
    /// source of the board takes over from (a revision).
    public static func endingServices(catalog: BoardCatalog, now: Int64) -> [String] {
        catalog.boards.flatMap { board in
            board.endingServices(today: board.clock.localTime(at: now).date, within: warningDays).map { line(board, $0) }
        }
    }

    /// Everything `check` says about the dates of the boards' sources, in board order: the ended
    /// and ending sources (`endingServices`), and per board the first date of the next
    /// `warningDays` days that no source covers. A gap that follows a source ending soon is said on
    /// that source's line (`…: the timetable's validity ends on 2025-03-14, in 4 days (valid_until);
    /// no source runs after it: add the next timetable`); any other gap is a line of its own naming
    /// why each source does not run then (`board "x": no source is valid on 2025-03-10 (a.csv: the
    /// timetable is valid from 2025-03-15 (valid_from)): add the next timetable`), and the ended
    /// sources it names get no second line.
    ///
    /// A date is covered by a source whose first and last service dates (its calendar narrowed by
    /// its validity) include it; boards whose sources have no dates are not checked, and neither is
    /// a board that has ended for good (every source ended: `endingServices` says so).
    public static func warnings(specs: [BoardSpec], catalog: BoardCatalog, now: Int64) -> [String] {
        let locations = Dictionary(specs.map { ($0.id, $0.location) }, uniquingKeysWith: { first, _ in first })
        return catalog.boards.flatMap { board -> [String] in
            let today = board.clock.localTime(at: now).date
            let ending = board.endingServices(today: today, within: warningDays)
            guard let gap = firstUncoveredDate(board, from: today) else { return ending.map { line(board, $0) } }
            let endingBefore = ending.filter { notice in
                if case .endsSoon(let last, _) = notice.kind { return last.adding(days: 1) == gap }
                return false
            }
            if !endingBefore.isEmpty {
                return ending.map { notice in
                    line(board, notice) + (endingBefore.contains(notice) ? Message(.factsNoSourceAfter).text : "")
                }
            }
            let reasons = board.servicePeriodNotices(on: gap)
            let named = Set(reasons.map(\.sourceIndex))
            let place = locations[board.id].map { "\($0): " } ?? ""
            let why = reasons.isEmpty ? Message.empty
                : Message(.factsReasons, ["list": .message(.joined(reasons.map { $0.sourceText + .verbatim(": ") + $0.text }, separator: .verbatim("; ")))])
            return [place + Message(.factsNoSourceValid, ["board": .text("\"\(board.id)\""), "date": .text("\(gap)"), "reasons": .message(why)]).text]
                + ending.filter { !named.contains($0.sourceIndex) }.map { line(board, $0) }
        }
    }

    /// The first date from `today` through `warningDays - 1` days later on which no source of the
    /// board runs by its dates; nil when every date is covered, when a source has no dates at all
    /// (it runs on any date), or when every source has ended before `today`.
    static func firstUncoveredDate(_ board: Board, from today: LocalDate) -> LocalDate? {
        guard !board.sources.isEmpty,
              board.sources.allSatisfy({ $0.firstServiceDate != nil || $0.lastServiceDate != nil }),
              board.sources.contains(where: { ($0.lastServiceDate?.date).map { $0 >= today } ?? true }) else { return nil }
        for offset in 0..<warningDays {
            let date = today.adding(days: offset)
            if !board.sources.contains(where: { $0.runsWithinDates(date) }) { return date }
        }
        return nil
    }

    private static func line(_ board: Board, _ notice: ServicePeriodNotice) -> String {
        (notice.origin.map { $0 + ": " } ?? "") + noticeLine(board: board.id, notice).text
    }

    /// `board "x": 鷹56 (platform 12): <what the notice says>`.
    static func noticeLine(board: String, _ notice: ServicePeriodNotice) -> Message {
        Message(.factsBoardSourceNotice, ["board": .text("\"\(board)\""), "source": .message(notice.sourceText), "message": .message(notice.text)])
    }

    /// `rules/boards.yaml:72:16: board "kawasaki-west": holidays 2016-12-30..2017-01-03 lie outside
    /// the service of every source (gtfs-jp-rinkobus stop 1510-57: 2017-04-01..2017-04-30); they have
    /// no effect` per `holidays:` item — and per `special_days:` `{dates: …}` item — with dates
    /// outside every source's dates (its calendar and its validity). Boards with a source that has
    /// no dates (a day-type timetable without `valid_from` / `valid_until`) are not checked: it runs
    /// on any date.
    public static func holidaysOutsideService(specs: [BoardSpec], catalog: BoardCatalog) -> [String] {
        specs.flatMap { spec -> [String] in
            guard !spec.holidayEntries.isEmpty || !spec.specialDays.dateEntries.isEmpty,
                  let board = catalog.board(id: spec.id), !board.sources.isEmpty,
                  board.sources.allSatisfy({ $0.firstServiceDate != nil || $0.lastServiceDate != nil }) else { return [] }
            let served = board.sources.map { source in
                source.labelText.text + ": \(source.firstServiceDate.map { "\($0.date)" } ?? "…")..\(source.lastServiceDate.map { "\($0.date)" } ?? "…")"
            }.joined(separator: Message(.listSeparator).text)
            let entries = spec.holidayEntries.map { ($0, MessageKey.factsHolidaysOutside) }
                + spec.specialDays.dateEntries.map { ($0.dates, MessageKey.factsSpecialDaysOutside) }
            return entries.compactMap { entry, key in
                let outside = entry.allDates.filter { date in !board.sources.contains { $0.runsWithinDates(date) } }
                guard !outside.isEmpty else { return nil }
                let named = outside.count == entry.allDates.count
                    ? Message.verbatim(entry.text)
                    : Message(.factsDatesOf, ["dates": .message(.list(Self.ranges(of: outside))), "entry": .text(entry.text)])
                return Message(key, ["location": .text("\(entry.location)"), "board": .text("\"\(spec.id)\""), "count": .number(outside.count),
                                     "dates": .message(named), "served": .text(served)]).text
            }
        }
    }

    /// Board-declared days (`holidays:`, `special_days:` `year_end` and `{dates: …, as: …}`) from
    /// `now`'s date on that a feed with its own calendar (GTFS) does not follow: on such a date the
    /// feed runs exactly the departures of a usual day of the date's own type (the same weekday a
    /// week or more away), so rules' `day_types:` see the declared type while the departures are the
    /// usual ones. `rules/boards.yaml:5:16: board "k": gtfs stop 1: the feed runs its usual weekday
    /// departures on 2017-04-10 (as on 2017-04-03), which holidays makes a holiday: …`.
    ///
    /// Only dates inside the feed's service are compared (outside it `holidaysOutsideService`
    /// speaks), at most one warning per configured item and source; a day-type timetable (bus CSV,
    /// ODPT) follows the board's day types by construction and is never named.
    public static func declaredDaysTheFeedIgnores(specs: [BoardSpec], catalog: BoardCatalog, now: Int64) -> [String] {
        specs.flatMap { spec -> [String] in
            guard let board = catalog.board(id: spec.id) else { return [] }
            let today = board.clock.localTime(at: now).date
            let usual = ServiceCalendar(nationalHolidays: board.calendar.nationalHolidays)
            var declared: [(location: ConfigLocation, setting: String, dates: [LocalDate])] = []
            for entry in spec.holidayEntries { declared.append((entry.location, "holidays", entry.allDates)) }
            for entry in spec.specialDays.dateEntries { declared.append((entry.dates.location, "special_days", entry.dates.allDates)) }
            var lines: [String] = []
            for source in board.sources {
                guard let range = source.timetable.serviceDates, range.upperBound >= today else { continue }
                var items = declared
                if let period = spec.specialDays.yearEnd, let location = spec.specialDays.yearEndLocation {
                    let dates = (max(range.lowerBound, today).dayNumber...range.upperBound.dayNumber)
                        .map(LocalDate.init(dayNumber:)).filter(period.contains)
                    items.append((location, "special_days year_end", dates))
                }
                for item in items {
                    for date in item.dates where date >= today && range.contains(date) && source.runsWithinDates(date) {
                        let type = board.calendar.dayType(of: date), own = usual.dayType(of: date)
                        guard type != own,
                              let reference = usualDay(like: date, type: own, board: board, usual: usual, source: source),
                              sameDepartures(source, date, reference, board: board) else { continue }
                        lines.append(Message(.factsFeedIgnoresDay, [
                            "location": .text("\(item.location)"), "board": .text("\"\(board.id)\""), "source": .message(source.labelText),
                            "usual": .text(own.rawValue), "date": .text("\(date)"), "reference": .text("\(reference)"),
                            "setting": .text(item.setting), "type": .text(type.rawValue),
                        ]).text)
                        break
                    }
                }
            }
            return lines
        }
    }

    /// A date of the same weekday one to four weeks before (else after) `date` that the board runs
    /// as `type`, as it would without its declarations, and on which the source runs.
    private static func usualDay(like date: LocalDate, type: DayType, board: Board, usual: ServiceCalendar,
                                 source: BoardTimetable) -> LocalDate? {
        for weeks in [-1, -2, -3, -4, 1, 2, 3, 4] {
            let candidate = date.adding(days: 7 * weeks)
            if board.calendar.dayType(of: candidate) == type, usual.dayType(of: candidate) == type,
               source.timetable.serviceDates?.contains(candidate) ?? false, source.runsWithinDates(candidate) {
                return candidate
            }
        }
        return nil
    }

    /// Whether the source runs the same departures (time, line, stop, destination) on both dates, and some.
    private static func sameDepartures(_ source: BoardTimetable, _ a: LocalDate, _ b: LocalDate, board: Board) -> Bool {
        func key(_ date: LocalDate) -> [String] {
            (source.timetable.departures(on: date, dayType: board.calendar.dayType(of: date))?.departures ?? [])
                .map { "\($0.time) \($0.line) \($0.stop) \($0.destination)" }
        }
        let first = key(a)
        return !first.isEmpty && first == key(b)
    }

    /// Sorted dates as `2016-12-30..2016-12-31`, `2017-01-03` runs.
    private static func ranges(of dates: [LocalDate]) -> [String] {
        var runs: [(LocalDate, LocalDate)] = []
        for date in dates {
            if let last = runs.last, last.1.adding(days: 1) == date { runs[runs.count - 1].1 = date } else { runs.append((date, date)) }
        }
        return runs.map { $0 == $1 ? "\($0)" : "\($0)..\($1)" }
    }
}

extension ServicePeriodCheck {
    /// A source of a board rules read that has no service on the first or the last day of a range
    /// (ended before it, or starting after it), for `dry-run`: the rules see no departures of it there.
    public struct OutOfService: Sendable {
        /// The board's id.
        public var board: String
        /// Which source, and why.
        public var notice: ServicePeriodNotice

        /// `board "revision": 鷹56 (platform 12): the timetable's validity ended on 2025-03-14 (valid_until)`, in the reader's language.
        public var line: String { ServicePeriodCheck.noticeLine(board: board, notice).text }
    }

    /// The sources of the boards that leave-now rules of `configuration` read which have no service
    /// on the first or last service date of `from`…`to` (in each board's timezone), once each, in
    /// configuration order; none for a source a later one replaces (see `Board.servicePeriodNotices(on:)`).
    public static func outOfService(configuration: Configuration, boards: [String: Board], from: Int64, to: Int64) -> [OutOfService] {
        var used = Set<String>()
        for rule in configuration.rules { if case .leaveNow(let spec) = rule.kind { used.insert(spec.board) } }
        return configuration.boards.flatMap { spec -> [OutOfService] in
            guard used.contains(spec.id), let board = boards[spec.id] else { return [] }
            var seen = Set<Int>()
            return [from, to].flatMap { instant in
                board.servicePeriodNotices(on: board.clock.localTime(at: instant).date)
            }.filter { seen.insert($0.sourceIndex).inserted }.map { OutOfService(board: spec.id, notice: $0) }
        }
    }
}
