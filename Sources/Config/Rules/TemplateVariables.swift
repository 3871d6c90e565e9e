/// The `{{variables}}` each rule kind offers to its message and title templates.
public enum TemplateVariables {
    public static let leaveNow = LeaveNowVariable.allCases.map(\.rawValue)
    public static let weather = [
        "rule", "weather", "condition", "time", "value", "threshold", "summary", "alert_event", "alert_sender", "age",
    ]
    public static let newArticle = [
        "rule", "feed", "title", "link", "author", "published", "day", "calendar", "count", "titles",
    ]

    public static let serviceStatus = ServiceStatusVariable.allCases.map(\.rawValue)

    /// The names for a kind written in YAML (`leave_now`, …); nil for an unknown kind.
    public static func names(forKind kind: String) -> [String]? {
        switch kind {
        case "leave_now": return leaveNow
        case "weather": return weather
        case "new_article": return newArticle
        case "service_status": return serviceStatus
        default: return nil
        }
    }
}

/// The variables of `leave_now` messages.
public enum LeaveNowVariable: String, CaseIterable, Sendable {
    case rule, board, boardTitle = "board_title", line, stop, place, destination, departure
    case leaveAt = "leave_at", when, minutes, walkMinutes = "walk_minutes", headsUpMinutes = "heads_up_minutes"
    case rainNote = "rain_note", serviceDate = "service_date", dayType = "day_type"
    /// `銀座線: 遅延` / `Ginza Line: delayed` when the board's service status says the departure's line
    /// is disrupted; empty otherwise. `status_note` is the same with a separator, as the built-in texts use it.
    case status, statusNote = "status_note"
    /// With realtime: the expected departure time (the timetable's when no live prediction has one),
    /// the delay in whole minutes (negative: early; 0 without a prediction), and a note saying it
    /// (` (live: 4 min late, leaves 10:37)`, or ` (timetable: no live data)` when the board's realtime
    /// is missing or stale); empty for a board without realtime.
    case predicted, delayMinutes = "delay_minutes", realtimeNote = "realtime_note"
}

/// The variables of `service_status` messages.
public enum ServiceStatusVariable: String, CaseIterable, Sendable {
    /// The rule's id; the service status source's id.
    case rule, source
    /// The line's title in the rule's language (銀座線 / Ginza Line) and its railway id.
    case line, railway
    /// 遅延 / 運転見合わせ / 平常運転 (ja), delayed / suspended / normal (en), or the operator's status text.
    case status
    /// The operator's information text in the rule's language (falls back to Japanese).
    case text
    /// The cause, when the operator gives one (人身事故).
    case cause
    /// When the disruption began (HH:MM, with the date when not today).
    case since
    /// The age of the status snapshot, in whole minutes.
    case age
}
