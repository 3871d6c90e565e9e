import Foundation
import Secrets

/// A weather source under `weather:`: where forecasts come from.
public struct WeatherSourceSpec: Sendable, Equatable {
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
    public var idleRefreshSeconds: Int = WeatherSourceSpec.defaultIdleRefresh
    public var location: ConfigLocation

    /// The default `idle_refresh`.
    public static let defaultIdleRefresh = 3_600
}

/// A feed under `feeds:`: an Atom / RSS URL or a Qiita Advent Calendar.
public struct FeedSourceSpec: Sendable, Equatable {
    public var id: String
    /// The feed's URL (for an Advent Calendar, its `/feed` URL).
    public var url: String
    /// `2024/ios` when the feed is a Qiita Advent Calendar.
    public var adventCalendar: String?
    /// How often to fetch (default 15 minutes).
    public var refreshSeconds: Int
    public var location: ConfigLocation
}

/// A delivery channel under `channels:`; its settings are checked here and used by delivery.
public struct ChannelSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case webhook, slack, discord, ntfy, desktop
    }
    public var id: String
    public var kind: Kind
    /// The remaining settings as given (strings), already checked against the kind's known keys.
    public var settings: [String: String]
    public var location: ConfigLocation

    /// A channel from its parts (settings as they would be written in YAML).
    public init(id: String, kind: Kind, settings: [String: String], location: ConfigLocation) {
        self.id = id
        self.kind = kind
        self.settings = settings
        self.location = location
    }

    /// The keys each kind accepts besides `id` and `type`.
    public static func knownKeys(for kind: Kind) -> [String] {
        let secretURL = ["url", "url_env", "url_file"]
        switch kind {
        case .webhook:
            return secretURL + ["secret_env", "secret_file", "signature_header", "body_template", "timezone", "rate_per_minute"]
        case .slack, .discord: return secretURL + ["rate_per_minute"]
        case .ntfy:
            return ["server", "topic", "topic_env", "topic_file", "token_env", "token_file", "priority", "tags", "icon",
                    "rate_per_minute"]
        case .desktop: return ["app_name", "icon", "expire", "category", "rate_per_minute"]
        }
    }
}
