import Foundation

/// An official weather alert (OpenWeather `alerts[]`, from national services).
public struct WeatherAlert: Sendable, Equatable, Codable {
    /// Who issued it (`NWS Seattle (Northwest Washington)`).
    public var sender: String
    /// The kind of alert (`Small Craft Advisory`).
    public var event: String
    /// Start of the alert.
    public var start: Date
    /// End of the alert.
    public var end: Date
    /// Full text.
    public var description: String
    /// Categories (`Wind`, `Flood`), possibly empty.
    public var tags: [String]

    /// Creates an alert.
    public init(sender: String, event: String, start: Date, end: Date, description: String, tags: [String] = []) {
        self.sender = sender
        self.event = event
        self.start = start
        self.end = end
        self.description = description
        self.tags = tags
    }

    /// What makes two alerts the same alert: sender, event and start (the text may be revised).
    public var identity: WeatherAlertIdentity {
        WeatherAlertIdentity(sender: sender, event: event, start: start)
    }
}

/// The identity of an alert: sender + event + start. Stored by ``NewAlertDetector``.
public struct WeatherAlertIdentity: Sendable, Hashable, Codable {
    /// Issuer.
    public var sender: String
    /// Kind of alert.
    public var event: String
    /// Start instant.
    public var start: Date

    /// Creates an identity.
    public init(sender: String, event: String, start: Date) {
        self.sender = sender
        self.event = event
        self.start = start
    }
}
