/// What a board says about a source whose timetable has a service period (a GTFS feed's
/// calendar) that does not cover a date: "the feed's service ended on 2017-04-30".
///
/// Day-type timetables (bus CSV, ODPT) repeat for ever and never give a notice.
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

    /// Index of the board source.
    public var sourceIndex: Int
    /// The source's label (`BoardSource.label`).
    public var source: String
    /// Where the source is configured, when known.
    public var origin: String?
    /// Ended, ends soon, or not started.
    public var kind: Kind

    /// "the feed's service ended on 2017-04-30", "the feed's service ends on 2017-04-30 (in 5 days)",
    /// "the feed's service starts on 2017-04-01".
    public var message: String {
        switch kind {
        case .ended(let last): return "the feed's service ended on \(last)"
        case .notStarted(let first): return "the feed's service starts on \(first)"
        case .endsSoon(let last, let days):
            let when = days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
            return "the feed's service ends on \(last) (\(when))"
        }
    }

    /// Whether the source has no service on the date at all (ended or not started).
    public var isOutOfService: Bool {
        if case .endsSoon = kind { return false }
        return true
    }
}

extension Board {
    /// The last date any source runs, when every source has a service period (a GTFS feed's
    /// calendar); nil when one has no end (a day-type timetable repeats for ever) or there is none.
    public var lastServiceDate: LocalDate? {
        let ranges = sources.map(\.timetable.serviceDates)
        guard !ranges.isEmpty, ranges.allSatisfy({ $0 != nil }) else { return nil }
        return ranges.compactMap { $0?.upperBound }.max()
    }

    /// The sources with no service on `date`: their feed ended before it or starts after it.
    public func servicePeriodNotices(on date: LocalDate) -> [ServicePeriodNotice] {
        sources.enumerated().compactMap { index, source in
            guard let range = source.timetable.serviceDates else { return nil }
            let kind: ServicePeriodNotice.Kind
            if date > range.upperBound {
                kind = .ended(range.upperBound)
            } else if date < range.lowerBound {
                kind = .notStarted(range.lowerBound)
            } else {
                return nil
            }
            return ServicePeriodNotice(sourceIndex: index, source: source.label, origin: source.origin, kind: kind)
        }
    }

    /// The sources whose service ended before `today` or ends within `days` days of it (the
    /// worker's and `check`'s early warning).
    public func endingServices(today: LocalDate, within days: Int) -> [ServicePeriodNotice] {
        sources.enumerated().compactMap { index, source in
            guard let range = source.timetable.serviceDates else { return nil }
            let left = range.upperBound.dayNumber - today.dayNumber
            let kind: ServicePeriodNotice.Kind
            if left < 0 {
                kind = .ended(range.upperBound)
            } else if left <= days {
                kind = .endsSoon(range.upperBound, days: left)
            } else {
                return nil
            }
            return ServicePeriodNotice(sourceIndex: index, source: source.label, origin: source.origin, kind: kind)
        }
    }
}
