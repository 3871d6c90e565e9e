import Notifications
/// Why a rule did or did not fire: lines collected only when explaining.
struct Trace {
    let enabled: Bool
    private(set) var lines: [String] = []

    init(enabled: Bool) { self.enabled = enabled }

    mutating func note(_ line: @autoclosure () -> String) {
        if enabled { lines.append(line()) }
    }
}

/// What evaluating one rule produced.
struct RuleOutcome {
    /// Notifications due now, each with the instant after which its key can be forgotten; those
    /// with `deliver` false are only recorded as handled (superseded by a later one).
    var due: [(notification: Notice, forgetAfter: Int64, deliver: Bool)] = []
    /// Leave times to remember as told, by the notification key that tells them: recorded only when
    /// that notification passes the engine's gate.
    var announcements: [String: (key: String, leave: AnnouncedLeave)] = [:]
    /// The next instant this rule could produce something on its own (without new facts).
    var nextWakeUp: Int64?

    mutating func wake(at instant: Int64) {
        nextWakeUp = min(nextWakeUp ?? instant, instant)
    }
}
