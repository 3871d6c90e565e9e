import Channels
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
    /// `title:`, the place the forecast is for (`調布駅北口`): the title of its weather rules'
    /// notifications (`Weather: 調布駅北口`); nil when not given.
    public var title: String?

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

/// A delivery channel under `channels:`: its id, kind and place, the values as written, the
/// references to its secrets, and its values as its kind checked them (``ChannelRegistry``).
public struct ChannelSpec: Sendable, Equatable {
    /// The kind (`type:`), one of ``ChannelRegistry/integrations``.
    public typealias Kind = ChannelKind

    /// The channel id.
    public var id: String
    /// The kind.
    public let kind: Kind
    /// The settings as given (strings), already checked against the kind's known keys.
    public let settings: [String: String]
    /// The secrets the settings reference (`url_env` / `url_file` → `url`), by prefix; a `_file`
    /// path is resolved against the YAML file's directory.
    public let secrets: [String: SecretReference]
    /// The settings as the kind checked them, or every problem found.
    public let checked: Result<CheckedChannelSettings, ChannelSettingsError>
    /// Where the channel is configured.
    public var location: ConfigLocation

    /// A channel from its parts (settings as they would be written in YAML); `resolve` makes a
    /// secret file's path absolute. The settings are checked here (see ``checked``).
    public init(id: String, kind: Kind, settings: [String: String], location: ConfigLocation,
                resolve: (String) -> String = { $0 }) {
        self.id = id
        self.kind = kind
        self.settings = settings
        self.location = location
        secrets = ChannelRegistry.secretReferences(kind: kind, values: settings, resolve: resolve)
        do throws(ChannelSettingsError) {
            checked = .success(try ChannelRegistry.check(kind: kind, values: settings))
        } catch {
            checked = .failure(error)
        }
    }

    /// The keys each kind accepts besides `id` and `type`.
    public static func knownKeys(for kind: Kind) -> [String] { ChannelRegistry.knownKeys(for: kind) }

    /// Equal ids, kinds, settings, secrets and places (the checked settings follow from them).
    public static func == (lhs: ChannelSpec, rhs: ChannelSpec) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.settings == rhs.settings && lhs.secrets == rhs.secrets
            && lhs.location == rhs.location
    }
}
