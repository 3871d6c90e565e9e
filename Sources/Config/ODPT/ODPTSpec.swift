import Secrets

/// The `odpt:` section: how leavenow talks to the ODPT API (公共交通オープンデータ, api.odpt.org).
///
/// ```yaml
/// odpt:
///   key_env: ODPT_CONSUMER_KEY        # or key_file: (never the key itself)
///   timetable_refresh: 1d             # station / pole timetables of `odpt_api` board sources (default 1d, min 1h)
///   service_status:                   # odpt:TrainInformation per operator
///     - id: tokyo-metro
///       operator: odpt.Operator:TokyoMetro
///       refresh: 3m                   # default 5m, at least 1m
///   trains:                           # odpt:Train per operator / railway (see ODPTTrainsSpec)
///     - id: ginza-trains
///       operator: odpt.Operator:TokyoMetro
///       railway: odpt.Railway:TokyoMetro.Ginza
/// ```
///
/// At most one file of a rules directory has the section.
public struct ODPTSpec: Sendable, Equatable {
    /// Where the consumer key comes from (`key_env` / `key_file`); nil when neither is given.
    public var key: SecretReference?
    /// `key_env`: the environment variable holding the consumer key.
    public var keyEnv: String? { key?.environmentVariable }
    /// `key_file`: a file holding the consumer key (resolved against the YAML file's directory).
    public var keyFile: String? { key?.file }
    /// How often the API timetables of `odpt_api` / `odpt_api_busstop_pole` sources are fetched.
    public var timetableRefreshSeconds: Int
    /// The service-status sources.
    public var serviceStatus: [ServiceStatusSpec]
    /// The `odpt:Train` sources (`trains:`).
    public var trains: [ODPTTrainsSpec] = []
    /// Where the section's mapping starts.
    public var location: ConfigLocation

    /// The default `timetable_refresh` (a day).
    public static let defaultTimetableRefresh = 86_400
    /// The shortest `timetable_refresh` accepted (an hour).
    public static let minimumTimetableRefresh = 3_600

    public init(key: SecretReference? = nil, timetableRefreshSeconds: Int = ODPTSpec.defaultTimetableRefresh,
                serviceStatus: [ServiceStatusSpec] = [], trains: [ODPTTrainsSpec] = [], location: ConfigLocation) {
        self.trains = trains
        self.key = key
        self.timetableRefreshSeconds = timetableRefreshSeconds
        self.serviceStatus = serviceStatus
        self.location = location
    }
}

/// One entry of `odpt: service_status:`: the `odpt:TrainInformation` of one operator, fetched every
/// `refresh`. Boards (`status:`) and `service_status` rules name it by `id`.
public struct ServiceStatusSpec: Sendable, Equatable {
    /// `[a-z0-9-]+`, unique across files.
    public var id: String
    /// `odpt.Operator:TokyoMetro`.
    public var `operator`: String
    /// How often to fetch (default 5 minutes, at least 1 minute).
    public var refreshSeconds: Int
    public var location: ConfigLocation

    /// The default `refresh`.
    public static let defaultRefresh = 300
    /// The shortest `refresh` accepted.
    public static let minimumRefresh = 60
    /// A snapshot older than this many refresh intervals is stale (unless a rule sets `max_age:`).
    public static let staleAfterRefreshes = 3

    public init(id: String, operator: String, refreshSeconds: Int = ServiceStatusSpec.defaultRefresh, location: ConfigLocation) {
        self.id = id
        self.operator = `operator`
        self.refreshSeconds = refreshSeconds
        self.location = location
    }

    /// The age after which a snapshot of this source is not used: 3 × `refresh`.
    public var defaultMaxAgeSeconds: Int { refreshSeconds * ServiceStatusSpec.staleAfterRefreshes }

    /// The default `max_age` of the status source `id` among `sources` (that of the default refresh
    /// when it is not configured).
    public static func defaultMaxAgeSeconds(of id: String?, in sources: [ServiceStatusSpec]) -> Int {
        sources.first { $0.id == id }?.defaultMaxAgeSeconds ?? defaultRefresh * staleAfterRefreshes
    }
}
