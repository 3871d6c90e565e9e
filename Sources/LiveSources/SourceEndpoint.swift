import Config
import Foundation
import HTTP
import Messages
import Secrets

/// Builds the HTTP request of each kind of source with the providers' real URL shapes:
///
/// - OpenWeather One Call: `https://api.openweathermap.org/data/3.0/onecall?lat=…&lon=…&units=metric&exclude=current,daily&lang=ja&appid=KEY`
///   (`/data/2.5/onecall` for version 2.5);
/// - Open-Meteo: `https://api.open-meteo.com/v1/forecast?latitude=…&longitude=…&hourly=…&minutely_15=precipitation&timezone=Asia%2FTokyo`;
/// - JMA: `https://www.jma.go.jp/bosai/forecast/data/forecast/<office>.json`;
/// - feeds: the configured URL (a Qiita calendar's `https://qiita.com/advent-calendar/<year>/<slug>/feed`);
/// - a fetched board timetable: the URL its format describes (``FetchedTimetable``: for `odpt_api`,
///   `https://api.odpt.org/api/v4/odpt:StationTimetable?odpt:operator=…&odpt:station=…&acl:consumerKey=KEY`);
/// - ODPT: `https://api.odpt.org/api/v4/odpt:TrainInformation?odpt:operator=…&acl:consumerKey=KEY` and
///   `odpt:Train?odpt:operator=…&odpt:railway=…&acl:consumerKey=KEY`;
/// - GTFS-Realtime: the configured URL, with `<key_parameter>=KEY` added to its query when it has a key
///   (a file feed is read by ``SourceFetcher``, never requested).
///
/// With ``baseURL`` set, the scheme and host of every URL are replaced by it (a test server on
/// 127.0.0.1 stands in for every provider); path and query stay the same.
public struct SourceEndpoint: Sendable {
    /// The hourly variables ``OpenMeteoDecoder`` reads (daily ones are not requested: rules do not
    /// use them, as OpenWeather's `exclude=daily`).
    public static let openMeteoHourly = ["temperature_2m", "precipitation_probability", "precipitation", "pressure_msl", "weather_code"]
    /// The 15-minute variables ``OpenMeteoDecoder`` reads.
    public static let openMeteoMinutely15 = ["precipitation"]
    /// The One Call sections not requested (the decoder reads minutely, hourly and alerts).
    public static let openWeatherExclude = ["current", "daily"]

    /// `http://127.0.0.1:8080` to send every request there instead of the provider; nil for the real hosts.
    public var baseURL: String?
    /// OpenWeather's `lang`.
    public var language: String
    /// Open-Meteo's `timezone`.
    public var timeZone: String
    /// The total timeout of each request.
    public var timeout: Duration
    /// The largest response accepted.
    public var maxResponseBytes: Int

    /// Endpoints of the real providers (or of `baseURL`), asking for Japanese in Asia/Tokyo.
    public init(baseURL: String? = nil, language: String = "ja", timeZone: String = "Asia/Tokyo",
                timeout: Duration = .seconds(30), maxResponseBytes: Int = 10 * 1024 * 1024) {
        self.baseURL = baseURL
        self.language = language
        self.timeZone = timeZone
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// The request for `source`, its secret resolved from `secrets` and known to the request's
    /// redaction (so no error or description shows it).
    ///
    /// - Throws: ``SecretError`` when the source needs a secret that cannot be resolved.
    public func request(for source: LiveSource, secrets: SecretSource) throws(SecretError) -> HTTPRequest {
        var secret: String?
        if let key = source.key {
            secret = try secrets.resolve(key, for: source.name)
        } else if source.needsKey {
            throw SecretError(owner: source.name, reasons: [] as [Message])
        }
        let url: String
        switch source.origin {
        case .weather(let spec):
            switch spec.provider {
            case .openweather: url = openWeatherURL(spec, key: secret ?? "")
            case .openMeteo: url = openMeteoURL(spec)
            case .jma: url = jmaURL(office: spec.office ?? "")
            }
        case .feed(let spec): url = spec.url
        case .timetable(let fetched):
            url = timetableURL(fetched, key: secret ?? "")
        case .odptTrainInformation(let operatorID):
            url = odptTrainInformationURL(operator: operatorID, consumerKey: secret ?? "")
        case .odptTrain(let operatorID, let railway):
            url = odptTrainURL(operator: operatorID, railway: railway, consumerKey: secret ?? "")
        case .gtfsRealtime(_, let spec):
            url = realtimeURL(spec, key: secret)
        }
        var redaction = URLRedaction.standard.adding(secrets: secret.map { [$0] } ?? [])
        if case .gtfsRealtime(_, let spec) = source.origin, let parameter = spec.keyParameter {
            redaction.secretKeys.insert(parameter.lowercased())
        }
        return HTTPRequest(url: rebased(url), timeout: timeout, maxResponseBytes: maxResponseBytes, redaction: redaction)
    }

    /// The One Call URL of an OpenWeather source.
    public func openWeatherURL(_ spec: WeatherSpec, key: String) -> String {
        let version = spec.version == "2.5" ? "2.5" : "3.0"
        return "https://api.openweathermap.org/data/\(version)/onecall?" + Self.query([
            ("lat", Self.coordinate(spec.latitude)), ("lon", Self.coordinate(spec.longitude)), ("units", spec.units.rawValue),
            ("exclude", Self.openWeatherExclude.joined(separator: ",")), ("lang", language), ("appid", key),
        ])
    }

    /// The `/v1/forecast` URL of an Open-Meteo source.
    public func openMeteoURL(_ spec: WeatherSpec) -> String {
        "https://api.open-meteo.com/v1/forecast?" + Self.query([
            ("latitude", Self.coordinate(spec.latitude)), ("longitude", Self.coordinate(spec.longitude)),
            ("hourly", Self.openMeteoHourly.joined(separator: ",")), ("minutely_15", Self.openMeteoMinutely15.joined(separator: ",")),
            ("timezone", timeZone),
        ])
    }

    /// The forecast file of a JMA forecast office (`130000` for Tokyo).
    public func jmaURL(office: String) -> String {
        "https://www.jma.go.jp/bosai/forecast/data/forecast/\(Self.encode(office)).json"
    }

    /// The feed of a Qiita Advent Calendar.
    public func adventCalendarURL(year: Int, slug: String) -> String {
        "https://qiita.com/advent-calendar/\(year)/\(Self.encode(slug))/feed"
    }

    /// The URL of a fetched board timetable, as its format describes it, with `key` in the parameter
    /// that carries the secret.
    public func timetableURL(_ fetched: FetchedTimetable, key: String) -> String {
        fetched.url + "?" + Self.query(fetched.query.map { ($0.name, $0.value ?? key) })
    }

    /// `odpt:TrainInformation` (service status) of one operator.
    public func odptTrainInformationURL(operator operatorID: String, consumerKey: String) -> String {
        "https://api.odpt.org/api/v4/odpt:TrainInformation?" + Self.query([("odpt:operator", operatorID), ("acl:consumerKey", consumerKey)])
    }

    /// `odpt:Train` (train positions and delays) of one railway of one operator.
    public func odptTrainURL(operator operatorID: String, railway: String, consumerKey: String) -> String {
        "https://api.odpt.org/api/v4/odpt:Train?" + Self.query([
            ("odpt:operator", operatorID), ("odpt:railway", railway), ("acl:consumerKey", consumerKey),
        ])
    }

    /// The URL of a GTFS-Realtime feed, with `key` in its `key_parameter` when given (a file feed's path as is).
    public func realtimeURL(_ spec: RealtimeSpec, key: String?) -> String {
        guard let url = spec.url else { return spec.file ?? "" }
        guard let key, let parameter = spec.keyParameter else { return url }
        let fragmentStart = url.firstIndex(of: "#") ?? url.endIndex
        let base = url[..<fragmentStart]
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + Self.query([(parameter, key)]) + url[fragmentStart...]
    }

    /// `url` with its scheme and host replaced by ``baseURL`` when set.
    public func rebased(_ url: String) -> String {
        guard let baseURL, let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let pathStart = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + rest[pathStart...]
    }

    /// Unreserved characters plus `:` and `,`, which the providers' documented URLs show literally.
    private static let queryValueAllowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:,")

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? text
    }

    private static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0)=\(encode($0.1))" }.joined(separator: "&")
    }

    /// Degrees as written in the configuration (`35.65146`), without exponent notation.
    private static func coordinate(_ value: Double?) -> String {
        guard let value else { return "" }
        let text = String(value)
        guard text.contains("e") else { return text }
        return String(format: "%.6f", value)
    }
}

extension LiveSource {
    /// Whether the provider refuses requests without a key (OpenWeather, ODPT).
    var needsKey: Bool {
        switch origin {
        case .weather(let spec): spec.provider == .openweather
        case .feed: false
        case .timetable(let fetched): fetched.needsKey
        case .odptTrainInformation, .odptTrain: true
        case .gtfsRealtime(_, let spec): spec.keyParameter != nil
        }
    }
}
