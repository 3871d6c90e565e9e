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

    /// The instant at which the wall clock shows `seconds` after midnight of `date`.
    ///
    /// A wall time skipped by a DST jump is taken with the offset before the jump (it lands
    /// after the jump); a repeated wall time takes its first occurrence.
    public func instant(date: LocalDate, seconds: Int) -> Int64 {
        let wall = Int64(date.dayNumber) * 86_400 + Int64(seconds)
        // Offsets a day either side bracket any single transition near this wall time.
        let before = wall - Int64(offset(at: wall - 86_400))
        let after = wall - Int64(offset(at: wall + 86_400))
        let roundTrips = [before, after].filter { $0 + Int64(offset(at: $0)) == wall }
        return roundTrips.min() ?? before
    }

    /// The start of a service day: "noon minus 12 hours" of the service date (GTFS's definition),
    /// which equals local midnight except on days with a DST change.
    public func serviceDayStart(_ date: LocalDate) -> Int64 {
        instant(date: date, seconds: 12 * 3600) - 12 * 3600
    }
}
