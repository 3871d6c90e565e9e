import Rules

/// One source fetched from the network: a weather source, a feed, or an ODPT resource, with the
/// secret it needs. Its ``cacheName`` (`<kind>-<id>`) names its files in the ``SourceCache``.
public struct LiveSource: Sendable, Equatable, CustomStringConvertible {
    /// The kind of source; its raw value prefixes the cache file names.
    public enum Kind: String, Sendable, CaseIterable {
        case weather
        case feed
        case odptStationTimetable = "odpt-timetable"
        case odptTrainInformation = "odpt-traininfo"
    }

    /// What is fetched.
    public enum Origin: Sendable, Equatable {
        /// A configured weather source (OpenWeather, Open-Meteo, JMA).
        case weather(WeatherSourceSpec)
        /// A configured Atom / RSS feed or Qiita Advent Calendar.
        case feed(FeedSourceSpec)
        /// `odpt:StationTimetable` of one station (`odpt.Station:TokyoMetro.Ginza.Ginza`), optionally
        /// one direction, from one operator (`odpt.Operator:TokyoMetro`).
        case odptStationTimetable(operator: String, station: String, direction: String?)
        /// `odpt:TrainInformation` (service status) of one operator.
        case odptTrainInformation(operator: String)
    }

    /// The source's id, unique within its kind (the configuration's id for weather and feeds).
    public var id: String
    /// What is fetched.
    public var origin: Origin
    /// The secret the request needs, if any (OpenWeather's `appid`, ODPT's `acl:consumerKey`).
    public var key: SecretReference?

    /// A source with an explicit origin and key.
    public init(id: String, origin: Origin, key: SecretReference? = nil) {
        self.id = id
        self.origin = origin
        self.key = key
    }

    /// A configured weather source; its key comes from `key_env` / `key_file` when given.
    public init(weather spec: WeatherSourceSpec) {
        let key = spec.keyEnv != nil || spec.keyFile != nil
            ? SecretReference(environmentVariable: spec.keyEnv, file: spec.keyFile) : nil
        self.init(id: spec.id, origin: .weather(spec), key: key)
    }

    /// A configured feed (no key).
    public init(feed spec: FeedSourceSpec) {
        self.init(id: spec.id, origin: .feed(spec))
    }

    /// The weather sources and feeds of a configuration, in file order.
    public static func all(in configuration: Configuration) -> [LiveSource] {
        configuration.weather.map(LiveSource.init(weather:)) + configuration.feeds.map(LiveSource.init(feed:))
    }

    /// The kind of source.
    public var kind: Kind {
        switch origin {
        case .weather: .weather
        case .feed: .feed
        case .odptStationTimetable: .odptStationTimetable
        case .odptTrainInformation: .odptTrainInformation
        }
    }

    /// `<kind>-<id>`, the base name of the source's cache files.
    public var cacheName: String { "\(kind.rawValue)-\(id)" }

    /// The Qiita Advent Calendar (`2024/ios`) this feed follows, if it is one.
    public var adventCalendar: String? {
        if case .feed(let spec) = origin { return spec.adventCalendar }
        return nil
    }

    /// `weather source "chofu"`, `feed "qiita-ios-2024"`, `ODPT station timetable "ginza"`.
    public var description: String {
        switch kind {
        case .weather: "weather source \"\(id)\""
        case .feed: "feed \"\(id)\""
        case .odptStationTimetable: "ODPT station timetable \"\(id)\""
        case .odptTrainInformation: "ODPT train information \"\(id)\""
        }
    }
}
