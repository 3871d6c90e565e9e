import Config
import Timetable

/// Warnings about the service periods of boards' sources (a GTFS feed's calendar), for `check`
/// and `status`: a feed whose service has ended or ends soon, and `holidays:` dates on which no
/// source runs at all (they change nothing).
public enum ServicePeriodCheck {
    /// How many days ahead an ending feed is announced.
    public static let warningDays = 14

    /// `rules/boards.yaml:73:9: board "kawasaki-west": gtfs-jp-rinkobus stop 1510-57: the feed's
    /// service ended on 2017-04-30` per source whose service ended before `now`'s date (in the
    /// board's timezone) or ends within `warningDays` days of it.
    public static func endingServices(catalog: BoardCatalog, now: Int64) -> [String] {
        catalog.boards.flatMap { board in
            board.endingServices(today: board.clock.localTime(at: now).date, within: warningDays).map { notice in
                (notice.origin.map { $0 + ": " } ?? "") + "board \"\(board.id)\": \(notice.source): \(notice.message)"
            }
        }
    }

    /// `rules/boards.yaml:72:16: board "kawasaki-west": holidays 2016-12-30..2017-01-03 lie outside
    /// the service of every source (gtfs-jp-rinkobus stop 1510-57: 2017-04-01..2017-04-30); they have
    /// no effect` per `holidays:` item with dates outside every source's service period. Boards with
    /// a source that has no end (a day-type timetable) are not checked: it runs on any date.
    public static func holidaysOutsideService(specs: [BoardSpec], catalog: BoardCatalog) -> [String] {
        specs.flatMap { spec -> [String] in
            guard !spec.holidayEntries.isEmpty, let board = catalog.board(id: spec.id), !board.sources.isEmpty else { return [] }
            let ranges = board.sources.map(\.timetable.serviceDates)
            guard ranges.allSatisfy({ $0 != nil }) else { return [] }
            let periods = zip(board.sources, ranges.compactMap { $0 })
            let served = periods.map { "\($0.label): \($1.lowerBound)..\($1.upperBound)" }.joined(separator: ", ")
            return spec.holidayEntries.compactMap { entry in
                let outside = entry.allDates.filter { date in !periods.contains { $0.1.contains(date) } }
                guard !outside.isEmpty else { return nil }
                let named = outside.count == entry.allDates.count
                    ? entry.text
                    : Self.ranges(of: outside).joined(separator: ", ") + " of \(entry.text)"
                let plural = outside.count == 1 ? "holiday \(named) lies" : "holidays \(named) lie"
                return "\(entry.location): board \"\(spec.id)\": \(plural) outside the service of every source (\(served)); "
                    + (outside.count == 1 ? "it has" : "they have") + " no effect"
            }
        }
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
