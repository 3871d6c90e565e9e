/// A notification a rule decided to send: what, where, and until when it is worth sending.
public struct Notice: Sendable, Equatable, Codable {
    /// Idempotency key: rule + occurrence. The same occurrence always gets the same key.
    public var key: String
    public var rule: String
    /// The kind of rule that decided it.
    public var kind: NotificationKind
    /// When the rule wanted it delivered (seconds since the epoch).
    public var fireAt: Int64
    /// After this instant it is useless and must not be delivered (a leave-now: the departure).
    public var expiresAt: Int64?
    public var channels: [String]
    public var urgency: Urgency
    public var language: MessageLanguage
    public var title: String
    public var text: String
    /// A link the channel may attach (an article).
    public var link: String?

    public init(key: String, rule: String, kind: NotificationKind, fireAt: Int64, expiresAt: Int64?, channels: [String],
                urgency: Urgency, language: MessageLanguage, title: String, text: String, link: String? = nil) {
        self.key = key
        self.rule = rule
        self.kind = kind
        self.fireAt = fireAt
        self.expiresAt = expiresAt
        self.channels = channels
        self.urgency = urgency
        self.language = language
        self.title = title
        self.text = text
        self.link = link
    }

    /// The link to show after the text: nil when there is none, or when the text already shows it
    /// (a message template with `{{link}}`) — a message says its link once.
    public var linkAfterText: String? {
        guard let link, !link.isEmpty, !text.contains(link) else { return nil }
        return link
    }
}
