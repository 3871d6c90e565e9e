/// One entry of `odpt: trains:`: the `odpt:Train` positions and delays of one railway of one operator
/// (`https://api.odpt.org/api/v4/odpt:Train?odpt:operator=…&odpt:railway=…&acl:consumerKey=…`),
/// fetched every `refresh` while a leave-now rule of a board on that railway needs it.
///
/// ```yaml
/// odpt:
///   key_env: ODPT_CONSUMER_KEY
///   trains:
///     - id: ginza-trains
///       operator: odpt.Operator:TokyoMetro
///       railway: odpt.Railway:TokyoMetro.Ginza
///       refresh: 30s          # default 1m, at least 30s
///       max_age: 3m           # default 3 × refresh
/// ```
public struct ODPTTrainsSpec: Sendable, Equatable {
    /// `[a-z0-9-]+`, unique among the trains entries.
    public var id: String
    /// `odpt.Operator:TokyoMetro`.
    public var `operator`: String
    /// `odpt.Railway:TokyoMetro.Ginza`.
    public var railway: String
    /// How often to fetch while rules need it (default 1 minute, at least 30 seconds).
    public var refreshSeconds: Int
    /// The age after which a snapshot is not used (default 3 × `refresh`).
    public var maxAgeSeconds: Int
    /// Where the entry's mapping starts.
    public var location: ConfigLocation

    /// The default `refresh`.
    public static let defaultRefresh = 60
    /// The shortest `refresh` accepted.
    public static let minimumRefresh = 30

    /// A trains entry.
    public init(id: String, operator: String, railway: String, refreshSeconds: Int = ODPTTrainsSpec.defaultRefresh,
                maxAgeSeconds: Int? = nil, location: ConfigLocation) {
        self.id = id
        self.operator = `operator`
        self.railway = railway
        self.refreshSeconds = refreshSeconds
        self.maxAgeSeconds = maxAgeSeconds ?? refreshSeconds * RealtimeSpec.maxAgeRefreshes
        self.location = location
    }

    /// The boards with a source at a station of this railway (an `odpt` / `odpt_api` source whose
    /// station id names the railway): the boards whose leave-now rules need these trains.
    public func boards(in boards: [BoardSpec]) -> Set<String> {
        Set(boards.filter { board in
            board.sources.contains { $0.kind.station.flatMap(ODPTIdentifier.railwayID(ofStation:)) == railway }
        }.map(\.id))
    }
}
