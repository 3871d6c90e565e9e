import Config
import Facts
import Messages
import Secrets

/// One source fetched from the network: a weather source, a feed, or an ODPT resource, with the
/// secret it needs. Its ``cacheName`` (`<kind>-<id>`) names its files in the ``SourceCache``.
public struct LiveSource: Sendable, Equatable, CustomStringConvertible {
    /// The kind of source; its raw value prefixes the cache file names.
    public enum Kind: String, Sendable, CaseIterable {
        case weather
        case feed
        case odptStationTimetable = "odpt-timetable"
        case odptBusstopPoleTimetable = "odpt-pole-timetable"
        case odptTrainInformation = "odpt-traininfo"
        case gtfsRealtime = "gtfs-rt"
        case odptTrain = "odpt-train"
    }

    /// What is fetched.
    public enum Origin: Sendable, Equatable {
        /// A configured weather source (OpenWeather, Open-Meteo, JMA).
        case weather(WeatherSourceSpec)
        /// A configured Atom / RSS feed or Qiita Advent Calendar.
        case feed(FeedSourceSpec)
        /// An ODPT timetable of one stop from one operator (`odpt.Operator:TokyoMetro`): with a station
        /// id (`odpt.Station:TokyoMetro.Ginza.Ginza`) its `odpt:StationTimetable`, optionally one
        /// direction; with a bus pole id (`odpt.BusstopPole:Toei.…`, see
        /// ``LiveSource/odptBusstopPoleTimetable(id:operator:pole:key:refreshSeconds:)``) its
        /// `odpt:BusstopPoleTimetable` (kind ``Kind/odptBusstopPoleTimetable``). The id's own type
        /// prefix tells them apart, so the origin's shape stays what existing code matches on.
        case odptStationTimetable(operator: String, station: String, direction: String?)
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
    public init(weather spec: WeatherSourceSpec) {
        self.init(id: spec.id, origin: .weather(spec), key: spec.key, refreshSeconds: spec.refreshSeconds)
    }

    /// A configured feed (no key).
    public init(feed spec: FeedSourceSpec) {
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

    /// The `odpt:BusstopPoleTimetable` of one pole (`odpt.BusstopPole:Toei.…`).
    public static func odptBusstopPoleTimetable(id: String, operator operatorID: String, pole: String, key: SecretReference?,
                                                refreshSeconds: Int? = nil) -> LiveSource {
        LiveSource(id: id, origin: .odptStationTimetable(operator: operatorID, station: pole, direction: nil), key: key,
                   refreshSeconds: refreshSeconds)
    }

    /// The API timetable an `odpt_api` / `odpt_api_busstop_pole` board source reads; nil for other
    /// sources. Its id is the station / pole id without its prefix (`TokyoMetro.Ginza.Ginza`), so
    /// boards naming the same stop share one request and one cache entry (the direction is applied
    /// when a board reads it, not in the request).
    public static func odptTimetable(for source: SourceSpec, odpt: ODPTSpec?) -> LiveSource? {
        let key = odpt?.key
        let refresh = odpt?.timetableRefreshSeconds ?? ODPTSpec.defaultTimetableRefresh
        switch source.kind {
        case .odptAPI(let station, _, let operatorID):
            return LiveSource(id: ODPTIdentifier.name(of: station),
                              origin: .odptStationTimetable(operator: operatorID, station: station, direction: nil),
                              key: key, refreshSeconds: refresh)
        case .odptAPIBusstopPole(let pole, let operatorID):
            return odptBusstopPoleTimetable(id: ODPTIdentifier.name(of: pole), operator: operatorID, pole: pole, key: key,
                                            refreshSeconds: refresh)
        default:
            return nil
        }
    }

    /// Every source of a configuration, in this order: weather sources and feeds (file order), the
    /// `odpt: service_status:` entries, the `odpt: trains:` entries, the boards' `realtime:` feeds
    /// (board and source order), then the API timetables of the boards' `odpt_api` /
    /// `odpt_api_busstop_pole` sources (one per station / pole).
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
            guard let timetable = odptTimetable(for: source, odpt: configuration.odpt),
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
        case .odptStationTimetable: busstopPole == nil ? .odptStationTimetable : .odptBusstopPoleTimetable
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

    /// Whether the source is a realtime feed (GTFS-Realtime or `odpt:Train`): polled only inside the
    /// windows where rules need it (``SourceRefreshPolicy``).
    public var isRealtime: Bool { kind == .gtfsRealtime || kind == .odptTrain }

    /// The pole of an `odpt:BusstopPoleTimetable` source (an `odpt.BusstopPole:` id), else nil.
    public var busstopPole: String? {
        if case .odptStationTimetable(_, let stop, _) = origin, ODPTIdentifier.has(type: "odpt.BusstopPole", stop) { return stop }
        return nil
    }

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
        case .odptStationTimetable: return Message(.liveSourceStationTimetable, id)
        case .odptBusstopPoleTimetable: return Message(.liveSourcePoleTimetable, id)
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
        case .odptStationTimetable: "ODPT station timetable \"\(id)\""
        case .odptBusstopPoleTimetable: "ODPT bus pole timetable \"\(id)\""
        case .odptTrainInformation: "ODPT train information \"\(id)\""
        case .gtfsRealtime: "GTFS-Realtime feed \"\(id)\""
        case .odptTrain: "ODPT trains \"\(id)\""
        }
    }
}
