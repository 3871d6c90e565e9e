/// Where a forecast is for: coordinates (OpenWeather, Open-Meteo) or a JMA area.
public struct ForecastLocation: Sendable, Equatable, Codable {
    /// Latitude in degrees, when the response gives one.
    public var latitude: Double?
    /// Longitude in degrees, when the response gives one.
    public var longitude: Double?
    /// JMA area code (`130010`), when the forecast is for an area.
    public var areaCode: String?
    /// JMA area name (`東京地方`), when the forecast is for an area.
    public var areaName: String?

    /// Creates a location.
    public init(latitude: Double? = nil, longitude: Double? = nil, areaCode: String? = nil, areaName: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.areaCode = areaCode
        self.areaName = areaName
    }
}
