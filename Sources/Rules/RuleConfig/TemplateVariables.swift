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
