import Foundation

/// The stretch of time a detector looks at.
public enum ForecastWindow: Sendable, Equatable, Codable {
    /// From `from` to `to` seconds after now (a sliding window: "the next 3 hours" is `.ahead(from: 0, to: 10800)`).
    case ahead(from: TimeInterval, to: TimeInterval)
    /// A fixed stretch, e.g. tomorrow's commute. State is reset when the caller moves to another window.
    case fixed(start: Date, end: Date)

    /// The absolute bounds at `now`.
    public func bounds(now: Date) -> (start: Date, end: Date) {
        switch self {
        case .ahead(let from, let to): return (now.addingTimeInterval(from), now.addingTimeInterval(to))
        case .fixed(let start, let end): return (start, end)
        }
    }

    /// The start of a fixed window (its identity in detector state); `nil` for a sliding window.
    var fixedStart: Date? {
        if case .fixed(let start, _) = self { return start }
        return nil
    }
}
