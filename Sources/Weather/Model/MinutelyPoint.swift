import Foundation

/// Precipitation rate at one instant of a minute-by-minute (or 15-minute) series.
public struct MinutelyPoint: Sendable, Equatable, Codable {
    /// The instant.
    public var time: Date
    /// Precipitation rate in mm/h.
    public var precipitationMillimetresPerHour: Double

    /// Creates a point.
    public init(time: Date, precipitationMillimetresPerHour: Double) {
        self.time = time
        self.precipitationMillimetresPerHour = precipitationMillimetresPerHour
    }
}
