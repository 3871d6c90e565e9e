/// Whether realtime data can be used for a board (or one of its realtime sources) at an instant.
public enum RealtimeStatus: Sendable, Equatable {
    /// The data was observed `age` seconds ago and is young enough to use.
    case live(age: Int64)
    /// The data was observed `age` seconds ago, more than its `max_age`: the timetable applies.
    case stale(age: Int64)
    /// A realtime source is configured but nothing has been fetched (or cached) yet.
    case missing
    /// No realtime source is configured for the board (or the source).
    case notConfigured

    /// `live`, `stale`, `missing`, `not_configured`: the JSON word.
    public var word: String {
        switch self {
        case .live: return "live"
        case .stale: return "stale"
        case .missing: return "missing"
        case .notConfigured: return "not_configured"
        }
    }

    /// The data's age in seconds, when there is data.
    public var age: Int64? {
        switch self {
        case .live(let age), .stale(let age): return age
        case .missing, .notConfigured: return nil
        }
    }

    /// True when predictions from the data are used.
    public var isLive: Bool {
        if case .live = self { return true }
        return false
    }
}
