import Foundation

/// A weather forecast from any provider, with units normalised:
/// temperatures in °C, pressure in hPa, probabilities 0…1, precipitation in mm (or mm/h for rates).
public struct Forecast: Sendable, Equatable, Codable {
    /// Who produced the data.
    public var provider: WeatherProvider
    /// The file or URL the forecast was decoded from (used in messages).
    public var source: String
    /// Where the forecast is for.
    public var location: ForecastLocation
    /// When the provider issued the forecast, when the response says so
    /// (OpenWeather: `current.dt`; JMA: `reportDatetime`; Open-Meteo: `current.time`).
    public var issuedAt: Date?
    /// IANA time zone of the location, when the response names one (`Asia/Tokyo`).
    public var timeZoneIdentifier: String?
    /// Offset from UTC of the location at issue time, in seconds, when known.
    public var utcOffsetSeconds: Int?
    /// Precipitation rate minute by minute (OpenWeather: the next 60–61 minutes; Open-Meteo: 15-minute steps).
    public var minutely: [MinutelyPoint]
    /// Hour-by-hour forecast, sorted by time.
    public var hourly: [HourlyPoint]
    /// Day-by-day forecast, sorted by date.
    public var daily: [DailyPoint]
    /// Official alerts (OpenWeather `alerts`); empty when none.
    public var alerts: [WeatherAlert]

    /// Creates a forecast.
    public init(
        provider: WeatherProvider, source: String, location: ForecastLocation, issuedAt: Date? = nil,
        timeZoneIdentifier: String? = nil, utcOffsetSeconds: Int? = nil, minutely: [MinutelyPoint] = [],
        hourly: [HourlyPoint] = [], daily: [DailyPoint] = [], alerts: [WeatherAlert] = []
    ) {
        self.provider = provider
        self.source = source
        self.location = location
        self.issuedAt = issuedAt
        self.timeZoneIdentifier = timeZoneIdentifier
        self.utcOffsetSeconds = utcOffsetSeconds
        self.minutely = minutely
        self.hourly = hourly
        self.daily = daily
        self.alerts = alerts
    }
}
