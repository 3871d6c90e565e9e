import Secrets

/// An entry of `weather:`: where forecasts come from (one provider at one place).
public struct WeatherSpec: Sendable, Equatable {
    public enum Provider: String, Sendable, CaseIterable {
        case openweather, openMeteo = "open_meteo", jma
    }
    public enum Units: String, Sendable, CaseIterable {
        case standard, metric, imperial
    }
    public var id: String
    public var provider: Provider
    public var latitude: Double?
    public var longitude: Double?
    /// JMA forecast office code, which names the file fetched (`130000` for Tokyo).
    public var office: String?
    /// JMA area within the office's file, by code or name (`130010`, 東京地方); default the first.
    public var area: String?
    /// OpenWeather's `units` (default metric, as leavenow requests it).
    public var units: Units
    /// OpenWeather One Call version, `3.0` (default) or `2.5`.
    public var version: String
    /// Where the API key comes from (`key_env` / `key_file`: never the YAML itself); nil when the
    /// provider needs none.
    public var key: SecretReference?
    /// How often to fetch while a rule needs the forecast (default 10 minutes).
    public var refreshSeconds: Int
    /// How often to fetch outside the windows where rules need it (`idle_refresh`, default 1 hour).
    public var idleRefreshSeconds: Int = WeatherSpec.defaultIdleRefresh
    public var location: ConfigLocation
    /// `title:`, the place the forecast is for (`調布駅北口`): the title of its weather rules'
    /// notifications (`Weather: 調布駅北口`); nil when not given.
    public var title: String?

    /// The default `idle_refresh`.
    public static let defaultIdleRefresh = 3_600
}
