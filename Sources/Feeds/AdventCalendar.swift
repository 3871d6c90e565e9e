import Foundation

/// A Qiita Advent Calendar, e.g. `2024/ios` → `https://qiita.com/advent-calendar/2024/ios/feed`.
///
/// Qiita's entries do not say which day of the calendar they belong to; ``calendarDay(of:)``
/// derives it from the entry's `published` instant in Asia/Tokyo (Qiita's time zone), and callers
/// should say so when they show it.
public struct AdventCalendar: Sendable, Hashable, Codable {
    /// The calendar's year (December of this year).
    public var year: Int
    /// The calendar's slug in its URL, e.g. `ios`.
    public var slug: String

    /// A calendar for `year` and `slug`; nil for a year outside 2000...2999 or a slug that is not
    /// letters, digits, `-` and `_`.
    public init?(year: Int, slug: String) {
        guard (2000...2999).contains(year), !slug.isEmpty,
              slug.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        else { return nil }
        self.year = year
        self.slug = slug
    }

    /// Reads `2024/ios`, or a calendar or feed URL (`https://qiita.com/advent-calendar/2024/ios[/feed]`).
    public init?(shorthand: String) {
        var text = shorthand.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["https://qiita.com/advent-calendar/", "http://qiita.com/advent-calendar/"] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        var parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        if parts.count == 3, parts[2] == "feed" { parts.removeLast() }
        guard parts.count == 2, parts[0].count == 4, let year = Int(parts[0]) else { return nil }
        self.init(year: year, slug: parts[1])
    }

    /// The calendar's Atom feed: `https://qiita.com/advent-calendar/<year>/<slug>/feed`.
    public var feedURL: URL {
        calendarURL.appendingPathComponent("feed")
    }

    /// The calendar's web page: `https://qiita.com/advent-calendar/<year>/<slug>`.
    public var calendarURL: URL {
        URL(string: "https://qiita.com/advent-calendar")?
            .appendingPathComponent(String(year)).appendingPathComponent(slug)
            ?? URL(fileURLWithPath: "/")
    }

    /// The day of the calendar (1...25) an entry belongs to: the day of December of its
    /// `published` instant in Asia/Tokyo. Nil when it has no `published`, or it falls outside
    /// December 1–25 of the calendar's year (an early draft, a late post).
    public func calendarDay(of entry: FeedEntry) -> Int? {
        guard let published = entry.published else { return nil }
        return calendarDay(ofInstant: published)
    }

    /// The calendar day of an instant, as ``calendarDay(of:)``.
    public func calendarDay(ofInstant instant: Date) -> Int? {
        // Japan has kept UTC+9 without daylight saving since 1951, so a fixed offset is exact.
        var calendar = Calendar(identifier: .gregorian)
        guard let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? TimeZone(secondsFromGMT: 9 * 3600) else { return nil }
        calendar.timeZone = tokyo
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        guard parts.year == year, parts.month == 12, let day = parts.day, (1...25).contains(day) else { return nil }
        return day
    }
}
