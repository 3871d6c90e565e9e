import Foundation

/// Converts between instants (seconds since the Unix epoch) and wall-clock times in one timezone.
///
/// Every timetable computation goes through the board's `ZoneClock`, never the machine's timezone.
public struct ZoneClock: Sendable {
    /// The timezone whose wall clock this converts to and from.
    public let timeZone: TimeZone
    /// From this instant on the zone never changes its offset (Asia/Tokyo since 1951): conversions
    /// after it are arithmetic instead of a timezone-database lookup.
    private let fixedOffset: (since: Int64, seconds: Int)?

    /// The zone's offset from UTC in seconds when it never changes from `since` on (nil for a zone
    /// with transitions after 1970): from `since` on, local time is plain arithmetic on instants.
    public var constantOffset: (since: Int64, seconds: Int)? { fixedOffset }

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        // A zone with no transition after 1970 keeps the 1970 offset for good.
        let epoch = Date(timeIntervalSince1970: 0)
        if timeZone.nextDaylightSavingTimeTransition(after: epoch) == nil {
            fixedOffset = (0, timeZone.secondsFromGMT(for: epoch))
        } else {
            fixedOffset = nil
        }
    }

    /// Looks a timezone up by IANA name (`Asia/Tokyo`); nil when unknown.
    public init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.init(timeZone: zone)
    }

    /// Offset from UTC in seconds at an instant.
    public func offset(at epoch: Int64) -> Int {
        if let fixedOffset, epoch >= fixedOffset.since { return fixedOffset.seconds }
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(epoch)))
    }

    /// The local date and seconds since local midnight at an instant.
    public func localTime(at epoch: Int64) -> (date: LocalDate, seconds: Int) {
        let local = epoch + Int64(offset(at: epoch))
        let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        return (LocalDate(dayNumber: days), Int(local - Int64(days) * 86_400))
    }

    /// The instant at which the wall clock shows `seconds` after midnight of `date` (`seconds` in
    /// `0..<86_400`; use `instant(serviceDate:seconds:base:)` for 24:xx times).
    ///
    /// A wall time skipped by a DST jump (spring forward) is taken with the offset before the jump,
    /// so it lands after the jump by the gap's length: 02:30 on 2025-03-09 in America/New_York is
    /// 03:30 EDT (POSIX `mktime`, java.time's "shift forward by the gap"). A wall time that occurs
    /// twice (fall back) takes its first occurrence: 01:30 on 2025-11-02 is 01:30 EDT.
    public func instant(date: LocalDate, seconds: Int) -> Int64 {
        let wall = Int64(date.dayNumber) * 86_400 + Int64(seconds)
        // Offsets a day either side bracket any single transition near this wall time.
        let before = wall - Int64(offset(at: wall - 86_400))
        let after = wall - Int64(offset(at: wall + 86_400))
        let roundTrips = [before, after].filter { $0 + Int64(offset(at: $0)) == wall }
        return roundTrips.min() ?? before
    }

    /// The instant of a timetable time of a service date, measured the way `base` says.
    ///
    /// - `.wallClock`: the wall time `seconds` after midnight of `serviceDate`, where 24:xx and
    ///   later are that wall time on the following calendar day(s); gaps and repeats resolve as in
    ///   `instant(date:seconds:)`.
    /// - `.noonMinusTwelveHours`: `serviceDayStart(serviceDate) + seconds` (GTFS).
    public func instant(serviceDate: LocalDate, seconds: Int, base: ServiceTimeBase) -> Int64 {
        ServiceDayClock(clock: self, date: serviceDate, base: base).instant(seconds: seconds)
    }

    /// The start of a GTFS service day: "noon minus 12 hours" of the service date, which equals
    /// local midnight except on days with a DST change (23:00 or 01:00 local then).
    ///
    /// Only GTFS times (`ServiceTimeBase.noonMinusTwelveHours`) count from it; a wall-clock
    /// timetable's 02:30 is not `serviceDayStart + 9000` on a DST day.
    public func serviceDayStart(_ date: LocalDate) -> Int64 {
        instant(date: date, seconds: 12 * 3600) - 12 * 3600
    }
}

/// Turns the timetable times of one service date into instants, with the time base of the
/// timetable (see `ZoneClock.instant(serviceDate:seconds:base:)`).
///
/// Made once per service date and source: on a day with no offset change near it, every wall time
/// is plain arithmetic from local midnight; only on a DST day is each one looked up.
public struct ServiceDayClock: Sendable {
    /// The zone.
    public let clock: ZoneClock
    /// The service date.
    public let date: LocalDate
    /// What the times count from.
    public let base: ServiceTimeBase
    /// For GTFS: the service-day start. For wall clock with one offset over the date and the next
    /// two days: the instant of local midnight. Nil when each time needs a lookup.
    private let origin: Int64?
    /// How far past `date`'s midnight (in wall seconds) `origin` is valid for a wall-clock base.
    private static let uniformSpan = 3 * 86_400

    /// Prepares the conversion for one service date.
    public init(clock: ZoneClock, date: LocalDate, base: ServiceTimeBase) {
        self.clock = clock
        self.date = date
        self.base = base
        switch base {
        case .noonMinusTwelveHours:
            origin = clock.serviceDayStart(date)
        case .wallClock:
            let wallMidnight = Int64(date.dayNumber) * 86_400
            // Any instant whose wall time lies in [midnight, midnight + span) is in this range
            // (offsets are within ±18 h).
            let low = wallMidnight - 86_400, high = wallMidnight + Int64(Self.uniformSpan) + 86_400
            if let fixed = clock.constantOffset, low >= fixed.since {
                origin = wallMidnight - Int64(fixed.seconds)
            } else if let next = clock.timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(low))),
                      Int64(next.timeIntervalSince1970) <= high {
                origin = nil
            } else if clock.offset(at: low) == clock.offset(at: high) {
                origin = wallMidnight - Int64(clock.offset(at: low))
            } else {
                origin = nil
            }
        }
    }

    /// The instant of a timetable time (seconds, 25:10 = 90_600) of this service date.
    public func instant(seconds: Int) -> Int64 {
        switch base {
        case .noonMinusTwelveHours:
            return origin! + Int64(seconds)
        case .wallClock:
            if let origin, seconds >= 0, seconds < Self.uniformSpan { return origin + Int64(seconds) }
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            return clock.instant(date: date.adding(days: days), seconds: seconds - days * 86_400)
        }
    }
}
