import Messages

/// What a board says about a source that does not run on a date because of its dates: a GTFS
/// feed's calendar ("the feed's service ended on 2017-04-30"), or the source's validity —
/// `valid_from` / `valid_until`, or the data's own ODPT `dct:issued` / `dct:valid` or GTFS
/// `feed_info.txt` dates ("the timetable's validity ended on 2018-01-15 (dct:valid)").
///
/// A day-type timetable (bus CSV, ODPT) without validity dates repeats for ever and never gives a
/// notice. A source that a later one of the board replaces (a timetable revision: the new source
/// starts at the latest the day after the old one ends) gives none either: that is the switch the
/// board was told to make, not a gap.
public struct ServicePeriodNotice: Sendable, Equatable {
    /// How the date relates to the source's service period.
    public enum Kind: Sendable, Equatable {
        /// The last service date is before the date.
        case ended(LocalDate)
        /// The last service date is the date or within the warning window after it.
        case endsSoon(LocalDate, days: Int)
        /// The first service date is after the date.
        case notStarted(LocalDate)
    }

    /// What sets the date of the notice.
    public enum Limit: Sendable, Equatable {
        /// The feed's own calendar (GTFS calendar.txt / calendar_dates.txt).
        case serviceCalendar
        /// A validity date, named by the setting or field it comes from (`valid_until`,
        /// `dct:valid`, `feed_end_date`, …).
        case validity(String)
    }

    /// Index of the board source.
    public var sourceIndex: Int
    /// The source's label in English (`BoardTimetable.label`: what JSON and the logs name it by).
    public var source: String
    /// The source's label for people, in the reader's language when shown (`BoardTimetable.labelText`).
    public var sourceText: Message
    /// Where the source is configured, when known.
    public var origin: String?
    /// Ended, ends soon, or not started.
    public var kind: Kind
    /// The calendar or the validity date behind it.
    public var limit: Limit = .serviceCalendar

    /// "the feed's service ended on 2017-04-30", "the feed's service ends on 2017-04-30 (in 5 days)",
    /// "the feed's service starts on 2017-04-01"; for a validity: "the timetable's validity ended
    /// on 2018-01-15 (dct:valid)", "the timetable's validity ends on 2025-03-14, in 5 days
    /// (valid_until)", "the timetable is valid from 2025-03-15 (dct:issued)".
    public var message: String {
        switch (limit, kind) {
        case (.serviceCalendar, .ended(let last)): return "the feed's service ended on \(last)"
        case (.serviceCalendar, .notStarted(let first)): return "the feed's service starts on \(first)"
        case (.serviceCalendar, .endsSoon(let last, let days)):
            return "the feed's service ends on \(last) (\(Self.when(days)))"
        case (.validity(let field), .ended(let last)): return "the timetable's validity ended on \(last) (\(field))"
        case (.validity(let field), .notStarted(let first)): return "the timetable is valid from \(first) (\(field))"
        case (.validity(let field), .endsSoon(let last, let days)):
            return "the timetable's validity ends on \(last), \(Self.when(days)) (\(field))"
        }
    }

    private static func when(_ days: Int) -> String {
        days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
    }

    /// Whether the source has no service on the date at all (ended or not started).
    public var isOutOfService: Bool {
        if case .endsSoon = kind { return false }
        return true
    }
}

extension BoardTimetable {
    /// The first date the source runs, and what sets it: the later of its feed calendar's first
    /// date and its `validFrom`; nil when neither is known (the source has no start).
    public var firstServiceDate: (date: LocalDate, limit: ServicePeriodNotice.Limit)? {
        let calendar = timetable.serviceDates?.lowerBound
        switch (calendar, validFrom) {
        case (nil, nil): return nil
        case (let calendar?, nil): return (calendar, .serviceCalendar)
        case (nil, let valid?): return (valid, .validity(validFromField))
        case (let calendar?, let valid?):
            return valid > calendar ? (valid, .validity(validFromField)) : (calendar, .serviceCalendar)
        }
    }

    /// The last date the source runs, and what sets it: the earlier of its feed calendar's last
    /// date and its `validUntil`; nil when neither is known (a day-type timetable repeats for ever).
    public var lastServiceDate: (date: LocalDate, limit: ServicePeriodNotice.Limit)? {
        let calendar = timetable.serviceDates?.upperBound
        switch (calendar, validUntil) {
        case (nil, nil): return nil
        case (let calendar?, nil): return (calendar, .serviceCalendar)
        case (nil, let valid?): return (valid, .validity(validUntilField))
        case (let calendar?, let valid?):
            return valid < calendar ? (valid, .validity(validUntilField)) : (calendar, .serviceCalendar)
        }
    }

    /// Whether `date` lies between the source's first and last service dates (both inclusive).
    public func runsWithinDates(_ date: LocalDate) -> Bool {
        (firstServiceDate.map { date >= $0.date } ?? true) && (lastServiceDate.map { date <= $0.date } ?? true)
    }

    /// What `validFrom` comes from: the data's field when it is the data's date (`dct:issued`,
    /// `feed_start_date`), else the configuration's `valid_from`.
    var validFromField: String {
        if let published = timetable.publishedValidity, published.from != nil, published.from == validFrom { return published.fromField }
        return "valid_from"
    }

    /// What `validUntil` comes from (`dct:valid`, `feed_end_date`, else `valid_until`).
    var validUntilField: String {
        if let published = timetable.publishedValidity, published.until != nil, published.until == validUntil { return published.untilField }
        return "valid_until"
    }
}

extension Board {
    /// The last date any source runs, when every source has one (a feed's calendar, a validity
    /// end); nil when one has no end (a day-type timetable repeats for ever) or there is none.
    public var lastServiceDate: LocalDate? {
        let ends = sources.map(\.lastServiceDate)
        guard !ends.isEmpty, ends.allSatisfy({ $0 != nil }) else { return nil }
        return ends.compactMap { $0?.date }.max()
    }

    /// The sources with no service on `date`: their feed or validity ended before it or starts
    /// after it — unless another source of the board takes over from them (a revision).
    public func servicePeriodNotices(on date: LocalDate) -> [ServicePeriodNotice] {
        sources.enumerated().compactMap { index, source in
            if let last = source.lastServiceDate, date > last.date {
                guard !successors(of: index).contains(where: { sources[$0].runsWithinDates(date) }) else { return nil }
                return notice(index, kind: .ended(last.date), limit: last.limit)
            }
            if let first = source.firstServiceDate, date < first.date {
                guard !predecessors(of: index).contains(where: { sources[$0].runsWithinDates(date) }) else { return nil }
                return notice(index, kind: .notStarted(first.date), limit: first.limit)
            }
            return nil
        }
    }

    /// The sources whose service ended before `today` or ends within `days` days of it (the
    /// worker's and `check`'s early warning) — unless another source takes over from them.
    public func endingServices(today: LocalDate, within days: Int) -> [ServicePeriodNotice] {
        sources.enumerated().compactMap { index, source in
            guard let last = source.lastServiceDate else { return nil }
            let left = last.date.dayNumber - today.dayNumber
            if left < 0 {
                guard !successors(of: index).contains(where: { sources[$0].runsWithinDates(today) }) else { return nil }
                return notice(index, kind: .ended(last.date), limit: last.limit)
            }
            guard left <= days, successors(of: index).isEmpty else { return nil }
            return notice(index, kind: .endsSoon(last.date, days: left), limit: last.limit)
        }
    }

    /// The sources that take over from source `index` when it ends: each starts after it, at the
    /// latest the day after its last date, and runs beyond that date (the next timetable of a
    /// revision, the next feed).
    public func successors(of index: Int) -> [Int] {
        guard let last = sources[index].lastServiceDate?.date else { return [] }
        let start = sources[index].firstServiceDate?.date
        return sources.indices.filter { other in
            guard other != index, let first = sources[other].firstServiceDate?.date else { return false }
            return (start.map { first > $0 } ?? true) && first <= last.adding(days: 1)
                && (sources[other].lastServiceDate.map { $0.date > last } ?? true)
        }
    }

    /// The sources source `index` takes over from (see `successors(of:)`).
    public func predecessors(of index: Int) -> [Int] {
        sources.indices.filter { $0 != index && successors(of: $0).contains(index) }
    }

    private func notice(_ index: Int, kind: ServicePeriodNotice.Kind, limit: ServicePeriodNotice.Limit) -> ServicePeriodNotice {
        ServicePeriodNotice(sourceIndex: index, source: sources[index].label, sourceText: sources[index].labelText, origin: sources[index].origin,
                            kind: kind, limit: limit)
    }
}
