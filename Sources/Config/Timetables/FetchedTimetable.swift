import Messages
import Secrets

/// What a source of a fetched format fetches (``TimetableFormat/fetched(_:odpt:)``): the request,
/// its secret and refresh, how the response is checked, and the names people see. LiveSources
/// fetches it like any other source (`LiveSource(timetable:)`); sources naming the same ``id``
/// share one request and one cache entry.
public struct FetchedTimetable: Sendable, Equatable {
    /// One query parameter of the request.
    public struct QueryItem: Sendable, Equatable {
        /// The parameter's name (`odpt:station`).
        public var name: String
        /// Its value; nil for the secret key (resolved when the request is made, never printed).
        public var value: String?

        /// A parameter with a plain value.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }

        /// The parameter that carries the secret key.
        public static func key(_ name: String) -> QueryItem {
            var item = QueryItem(name, "")
            item.value = nil
            return item
        }
    }

    /// The kind of fetched source: the prefix of its cache files and its `kind` in `leavenow
    /// sources` / `fetch` (`odpt-timetable`).
    public var kind: String
    /// Its id within the kind (`TokyoMetro.Ginza.Ginza`).
    public var id: String
    /// What the request names (`odpt.Station:TokyoMetro.Ginza.Ginza`), as the quota plan lists it.
    public var subject: String
    /// The URL without its query (`https://api.odpt.org/api/v4/odpt:StationTimetable`).
    public var url: String
    /// The query parameters, in order.
    public var query: [QueryItem]
    /// The secret the request carries (the `odpt:` section's key); nil when the section gives none.
    public var key: SecretReference?
    /// How often it is fetched (`timetable_refresh:`), in seconds.
    public var refreshSeconds: Int
    /// What it is, for people (`ODPT station timetable "TokyoMetro.Ginza.Ginza"`).
    public var name: Message
    /// What a board says it waits for while nothing is cached (`odpt:StationTimetable of odpt.Station:…`).
    public var what: Message
    /// What a response must decode as to replace the last good one.
    public var body: TimetableBody

    /// A fetched timetable.
    public init(kind: String, id: String, subject: String, url: String, query: [QueryItem], key: SecretReference?, refreshSeconds: Int,
                name: Message, what: Message, body: TimetableBody) {
        self.kind = kind
        self.id = id
        self.subject = subject
        self.url = url
        self.query = query
        self.key = key
        self.refreshSeconds = refreshSeconds
        self.name = name
        self.what = what
        self.body = body
    }

    /// Whether the request carries a secret key (a provider that refuses requests without one).
    public var needsKey: Bool { query.contains { $0.value == nil } }
}
