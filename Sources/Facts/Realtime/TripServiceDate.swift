import Timetable

/// The service date and start time of a TripUpdate's trip: `start_date` / `start_time` as the feed
/// writes them, or the service date inferred from the feed's time when `start_date` is missing.
enum TripServiceDate {
    /// `YYYYMMDD` → a date; nil when malformed.
    static func date(_ text: String) -> LocalDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        return LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
    }

    /// `HH:MM:SS` (hours may pass 24, as in GTFS) → seconds since the service day's start; nil when malformed.
    static func seconds(_ text: String) -> Int32? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int32(parts[0]), let minutes = Int32(parts[1]), let seconds = Int32(parts[2]),
              parts[1].count == 2, parts[2].count == 2,
              (0..<100).contains(hours), (0..<60).contains(minutes), (0..<60).contains(seconds) else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// The service date (the day before, of, or after `instant` in `clock`) on which `trip` runs and
    /// whose run is nearest `instant` (0 while the run is under way); nil when it runs on none of them.
    static func nearest(_ trip: GTFSTripSchedules.Trip, in schedules: GTFSTripSchedules, clock: ZoneClock,
                        to instant: Int64) -> LocalDate? {
        guard let first = trip.stopTimes.first(where: { $0.departure >= 0 }),
              let last = trip.stopTimes.last(where: { $0.arrival >= 0 }) else { return nil }
        let today = clock.localTime(at: instant).date
        var best: (date: LocalDate, distance: Int64)?
        for offset in [-1, 0, 1] {
            let date = today.adding(days: offset)
            guard schedules.runs(trip, on: date) else { continue }
            let day = ServiceDayClock(clock: clock, date: date, base: .noonMinusTwelveHours)
            let start = day.instant(seconds: Int(first.departure)), end = day.instant(seconds: Int(last.arrival))
            let distance = instant < start ? start - instant : (instant > end ? instant - end : 0)
            if best.map({ distance < $0.distance }) ?? true { best = (date, distance) }
        }
        return best?.date
    }
}
