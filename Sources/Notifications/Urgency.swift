/// How urgent a notification is (mapped to each channel's notion: desktop urgency, ntfy priority).
public enum Urgency: String, Sendable, Codable, CaseIterable {
    case low, normal, critical
}
