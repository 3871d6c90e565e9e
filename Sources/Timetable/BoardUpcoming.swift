/// What `next` answers: the first departures at or after an instant and the one just before them.
public struct UpcomingDepartures: Sendable {
    /// Up to `count` departures with `departure >= at`, in `BoardSchedule.precedes` order.
    public var departures: [BoardDeparture]
    /// The last departure before `at` in that order (for "the last bus has left"), or nil.
    public var previous: BoardDeparture?
}

extension Board {
    /// The answer of `schedule(around: at)` — service days today − 2 … today + 7 in
    /// `BoardSchedule.precedes` order, the first `count` from `at` and the one before — built from
    /// only the service days that can hold it and without building a schedule: days are read in
    /// order until the `count`-th departure found leaves before the next day's first one can, and a
    /// departure is made (its labels copied) only when it is kept. A command answering at noon on an
    /// 11,000-departure board reads 3 days of departure times and makes 6 departures.
    public func upcoming(at instant: Int64, count: Int) -> UpcomingDepartures {
        let count = max(0, count)
        let today = clock.localTime(at: instant).date
        let last = today.adding(days: Board.maximumLookaheadDays)
        var kept: [Candidate] = []  // in schedule order, at most `count`
        kept.reserveCapacity(min(count, 1024) + 1)
        var previous: Candidate?
        var date = today.adding(days: -Board.previousServiceDays)
        while date <= last {
            let dayType = calendar.dayType(of: date)
            for (sourceIndex, source) in sources.enumerated() where source.isValid(on: date) {
                guard let day = source.timetable.departures(on: date, dayType: dayType) else { continue }
                let serviceClock = ServiceDayClock(clock: clock, date: date, base: source.timetable.timeBase)
                for position in day.departures.indices {
                    let departureInstant = serviceClock.instant(seconds: Int(day.departures[position].time))
                    // Most departures are turned away by their instant alone.
                    if departureInstant >= instant {
                        if kept.count == count, kept.last.map({ departureInstant > $0.instant }) ?? true { continue }
                    } else if let previous, departureInstant < previous.instant {
                        continue
                    }
                    let candidate = Candidate(instant: departureInstant, date: date, source: sourceIndex, position: position, day: day)
                    if candidate.instant >= instant {
                        if kept.count == count {
                            guard let lastKept = kept.last, precedes(candidate, lastKept) else { continue }
                            kept.removeLast()
                        }
                        // After the equal ones: equal departures keep the order they are read in.
                        var low = 0, high = kept.count
                        while low < high {
                            let middle = (low + high) / 2
                            if precedes(candidate, kept[middle]) { high = middle } else { low = middle + 1 }
                        }
                        kept.insert(candidate, at: low)
                    } else if previous.map({ !precedes(candidate, $0) }) ?? true {
                        previous = candidate  // the last of equal ones, as in a sorted schedule
                    }
                }
            }
            date = date.adding(days: 1)
            // Later days can neither come first nor hold a departure before `instant` (earlier still).
            if count > 0, kept.count == count, let lastKept = kept.last,
               lastKept.instant < Board.earliestDeparture(of: date, clock: clock) { break }
        }
        return UpcomingDepartures(departures: kept.map(departure), previous: previous.map(departure))
    }

    /// No departure of service date `date` leaves before this instant: timetable times count from
    /// 00:00 of the date (wall clock) or from noon − 12 h (GTFS) and are never negative; an hour
    /// earlier still leaves room for an offset change around midnight.
    static func earliestDeparture(of date: LocalDate, clock: ZoneClock) -> Int64 {
        min(clock.instant(date: date, seconds: 0), clock.serviceDayStart(date)) - 3600
    }

    /// A departure not made yet: where it is and when it leaves.
    private struct Candidate {
        var instant: Int64
        var date: LocalDate
        var source: Int
        var position: Int
        var day: ServiceDayDepartures
    }

    /// `BoardSchedule.precedes` on candidates (the labels are looked at only for the same instant).
    private func precedes(_ lhs: Candidate, _ rhs: Candidate) -> Bool {
        if lhs.instant != rhs.instant { return lhs.instant < rhs.instant }
        let leftLine = sources[lhs.source].line ?? lhs.day.departures[lhs.position].line
        let rightLine = sources[rhs.source].line ?? rhs.day.departures[rhs.position].line
        if leftLine != rightLine { return leftLine < rightLine }
        return (sources[lhs.source].stop ?? lhs.day.departures[lhs.position].stop)
            < (sources[rhs.source].stop ?? rhs.day.departures[rhs.position].stop)
    }

    /// The departure a candidate stands for, as `departures(on:)` makes it.
    private func departure(_ candidate: Candidate) -> BoardDeparture {
        sources[candidate.source].boardDeparture(candidate.day.departures[candidate.position], at: candidate.instant,
                                                 serviceDate: candidate.date, dayTypeLabel: candidate.day.dayTypeLabel,
                                                 sourceIndex: candidate.source)
    }
}
