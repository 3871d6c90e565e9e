/// What a notice is about: the kind of rule that decided it, a test sent by `leavenow notify`, or
/// the worker's own health.
/// Stored and sent as its raw value (`leave_now`, the webhook payload's `kind`).
public enum NotificationKind: String, Sendable, Codable, CaseIterable {
    /// A `leave_now` rule: time to leave for a departure.
    case leaveNow = "leave_now"
    /// A `weather` rule: a forecast change worth telling.
    case weather
    /// A `new_article` rule: new entries in a feed.
    case newArticle = "new_article"
    /// A `service_status` rule: a line's disruption began, changed or ended.
    case serviceStatus = "service_status"
    /// `leavenow notify`: a test of a channel.
    case test
    /// The worker's watchdog (the `health:` section): a problem began or ended.
    case health
}
