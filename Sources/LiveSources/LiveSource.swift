import Config
import Facts
import Messages
import Secrets

/// One source fetched from the network: a weather source, a feed, or an ODPT resource, with the
/// secret it needs. Its ``cacheName`` (`<kind>-<id>`) names its files in the ``SourceCache``.
public struct LiveSource: Sendable, Equatable, CustomStringConvertible {
    /// The kind of source; its raw value prefixes the cache file names. A fetched timetable's kind
    /// is its format's (``FetchedTimetable/kind``).
    public enum Kind: Sendable, Hashable {
        case weather
        case feed
        /// A board timetable fetched by its format (`odpt-timetable`).
        case timetable(String)
        case odptTrainInformation
        case gtfsRealtime
        case odptTrain

        /// The `odpt:StationTimetable` of an `odpt_api` source.
        public static let odptStationTimetable = Kind.timetable(ODPTAPIFormat.fetchedKind)
        /// The `odpt:BusstopPoleTimetable` of an `odpt_api_busstop_pole` source.
        public static let odptBusstopPoleTimetable = Kind.timetable(ODPTAPIBusstopPoleFormat.fetchedKind)

        /// The prefix of the cache file names, and `kind` in `leavenow sources` / `fetch`.
        public var rawValue: String {
            switch self {
            case .weather: "weather"
            case .feed: "feed"
            case .timetable(let kind): kind
            case .odptTrainInformation: "odpt-traininfo"
            case .gtfsRealtime: "gtfs-rt"
            case .odptTrain: "odpt-train"
            }
        }
    }

    /// What is fetched.
    public enum Origin: Sendable, Equatable {
        /// A configured weather source (OpenWeather, Open-Meteo, JMA).
        case weather(WeatherSpec)
        /// A configured Atom / RSS feed or Qiita Advent Calendar.
        case feed(FeedSpec)
        /// A board timetable of a fetched format (`odpt_api`, `odpt_api_busstop_pole`): what its
        /// format says to fetch.
        case timetable(FetchedTimetable)
        /// `odpt:TrainInformation` (service status) of one operator.
        case odptTrainInformation(operator: String)
        /// The GTFS-Realtime feed of a board source (`realtime:`): a URL fetched, or a file read.
        case gtfsRealtime(RealtimeSourceID, RealtimeSpec)
        /// `odpt:Train` of one railway of one operator (`odpt: trains:`).
        case odptTrain(operator: String, railway: String)
    }

    /// The source's id, unique within its kind (the configuration's id for weather and feeds).
    public var id: String
    /// What is fetched.
    public var origin: Origin
    /// The secret the request needs, if any (OpenWeather's `appid`, ODPT's `acl:consumerKey`).
    public var key: SecretReference?
    /// How often the configuration wants it fetched (`refresh:`, `timetable_refresh:`); nil when not known.
    public var refreshSeconds: Int?

    /// A source with an explicit origin and key.
    public init(id: String, origin: Origin, key: SecretReference? = nil, refreshSeconds: Int? = nil) {
        self.id = id
        self.origin = origin
        self.key = key
        self.refreshSeconds = refreshSeconds
    }

    /// A configured weather source; its key comes from `key_env` / `key_file` when given.
    public init(weather spec: WeatherSpec) {
        self.init(id: spec.id, origin: .weather(spec), key: spec.key, refreshSeconds: spec.refreshSeconds)
    }

    /// A configured feed (no key).
    public init(feed spec: FeedSpec) {
        self.init(id: spec.id, origin: .feed(spec), refreshSeconds: spec.refreshSeconds)
    }

    /// An `odpt: service_status:` entry: the operator's `odpt:TrainInformation`, with the section's key.
    public init(serviceStatus spec: ServiceStatusSpec, odpt: ODPTSpec) {
        self.init(id: spec.id, origin: .odptTrainInformation(operator: spec.operator), key: odpt.key,
                  refreshSeconds: spec.refreshSeconds)
    }

    /// The realtime feed of source `index` of board `board`; its id is `<board>.<index>`.
    public init(realtime spec: RealtimeSpec, board: String, index: Int) {
        let id = RealtimeSourceID(board: board, index: index)
        self.init(id: id.description, origin: .gtfsRealtime(id, spec), key: spec.key, refreshSeconds: spec.refreshSeconds)
    }

    /// An `odpt: trains:` entry: the railway's `odpt:Train`, with the section's key.
    public init(trains spec: ODPTTrainsSpec, odpt: ODPTSpec) {
        self.init(id: spec.id, origin: .odptTrain(operator: spec.operator, railway: spec.railway), key: odpt.key,
                  refreshSeconds: spec.refreshSeconds)
    }

    /// A fetched board timetable; its id is the fetched timetable's.
    public init(timetable: FetchedTimetable) {
        self.init(id: timetable.id, origin: .timetable(timetable), key: timetable.key, refreshSeconds: timetable.refreshSeconds)
    }

    /// What a board's timetable fetches (its format says: `odpt_api` / `odpt_api_busstop_pole`),
    /// with the `odpt:` section's key and refresh; nil for a timetable read from files. Boards
    /// naming the same stop share one request and one cache entry (the direction is applied when a
    /// board reads it, not in the request).
    public static func timetable(for spec: TimetableSpec, odpt: ODPTSpec?) -> LiveSource? {
        spec.kind.fetched(odpt: odpt).map(LiveSource.init(timetable:))
    }

    /// Every source of a configuration, in this order: weather sources and feeds (file order), the
    /// `odpt: service_status:` entries, the `odpt: trains:` entries, the boards' `realtime:` feeds
    /// (board and source order), then the boards' fetched timetables (`odpt_api` /
    /// `odpt_api_busstop_pole`: one per station / pole).
    public static func all(in configuration: Configuration) -> [LiveSource] {
        var sources = configuration.weather.map(LiveSource.init(weather:)) + configuration.feeds.map(LiveSource.init(feed:))
        if let odpt = configuration.odpt {
            sources += odpt.serviceStatus.map { LiveSource(serviceStatus: $0, odpt: odpt) }
            sources += odpt.trains.map { LiveSource(trains: $0, odpt: odpt) }
        }
        for board in configuration.boards {
            sources += board.realtimeFeeds.map { LiveSource(realtime: $0.spec, board: board.id, index: $0.index) }
        }
        var timetables: [LiveSource] = []
        for source in configuration.boards.flatMap(\.sources) {
            guard let timetable = timetable(for: source, odpt: configuration.odpt),
                  !timetables.contains(where: { $0.cacheName == timetable.cacheName }) else { continue }
            timetables.append(timetable)
        }
        return sources + timetables
    }

    /// The kind of source.
    public var kind: Kind {
        switch origin {
        case .weather: .weather
        case .feed: .feed
        case .timetable(let fetched): .timetable(fetched.kind)
        case .odptTrainInformation: .odptTrainInformation
        case .gtfsRealtime: .gtfsRealtime
        case .odptTrain: .odptTrain
        }
    }

    /// The file a realtime feed is read from (`realtime: {gtfs_rt: path}`), nil for everything fetched.
    public var file: String? {
        if case .gtfsRealtime(_, let spec) = origin { return spec.file }
        return nil
    }

    /// What a fetched board timetable fetches; nil for other sources.
    public var timetable: FetchedTimetable? {
        if case .timetable(let fetched) = origin { return fetched }
        return nil
    }

    /// Whether the source is a realtime feed (GTFS-Realtime or `odpt:Train`): polled only inside the
    /// windows where rules need it (``SourceRefreshPolicy``).
    public var isRealtime: Bool { kind == .gtfsRealtime || kind == .odptTrain }

    /// `<kind>-<id>`, the base name of the source's cache files.
    public var cacheName: String { "\(kind.rawValue)-\(id)" }

    /// The Qiita Advent Calendar (`2024/ios`) this feed follows, if it is one.
    public var adventCalendar: String? {
        if case .feed(let spec) = origin { return spec.adventCalendar }
        return nil
    }

    /// ``description`` kept for the reader's language (`天気ソース "chofu"`).
    public var name: Message {
        let id: [String: MessageArgument] = ["id": .text(id)]
        switch kind {
        case .weather: return Message(.liveSourceWeather, id)
        case .feed: return Message(.liveSourceFeed, id)
        case .timetable: return timetable?.name ?? .verbatim(self.id)
        case .odptTrainInformation: return Message(.liveSourceTrainInformation, id)
        case .gtfsRealtime: return Message(.liveSourceRealtime, id)
        case .odptTrain: return Message(.liveSourceTrains, id)
        }
    }

    /// `weather source "chofu"`, `feed "qiita-ios-2024"`, `ODPT station timetable "ginza"` (English: logs and the state).
    public var description: String {
        switch kind {
        case .weather: "weather source \"\(id)\""
        case .feed: "feed \"\(id)\""
        case .timetable: name.english
        case .odptTrainInformation: "ODPT train information \"\(id)\""
        case .gtfsRealtime: "GTFS-Realtime feed \"\(id)\""
        case .odptTrain: "ODPT trains \"\(id)\""
        }
    }
}
