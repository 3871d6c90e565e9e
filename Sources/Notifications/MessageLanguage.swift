/// The languages messages are written in.
public enum MessageLanguage: String, Sendable, Codable, CaseIterable {
    case ja, en
}
