import Secrets

/// `realtime:` of a `gtfs:` board source: the GTFS-Realtime TripUpdates feed that moves its departures.
///
/// ```yaml
/// - gtfs: data/caltrain.zip
///   stop_id: "70112"
///   realtime:
///     gtfs_rt: https://api.example.org/gtfs-rt/trip-updates.pb   # or a file path (read, not fetched)
///     refresh: 30s          # default 30s, at least 10s
///     max_age: 90s          # default 3 × refresh; an older snapshot is not used
///     key_env: RT_API_KEY   # optional, with key_parameter: the query parameter the key goes in
///     key_parameter: api_key
/// ```
public struct RealtimeSpec: Sendable, Equatable {
    /// Where the feed comes from.
    public enum Feed: Sendable, Equatable {
        /// An `http(s)` URL, fetched every `refresh` while rules need it.
        case url(String)
        /// A file path (resolved against the YAML file's directory), read every `refresh` like a board file.
        case file(String)
    }

    /// Where the feed comes from.
    public var feed: Feed
    /// How often to fetch (or read) the feed while rules need it.
    public var refreshSeconds: Int
    /// The age after which a snapshot is not used (default 3 × `refresh`).
    public var maxAgeSeconds: Int
    /// The secret the URL needs (`key_env` / `key_file`), nil when none.
    public var key: SecretReference?
    /// The query parameter that carries ``key`` (`api_key`), nil when no key is given.
    public var keyParameter: String?
    /// Where the `realtime:` mapping starts.
    public var location: ConfigLocation

    /// The default `refresh` (30 seconds).
    public static let defaultRefresh = 30
    /// The shortest `refresh` accepted (10 seconds).
    public static let minimumRefresh = 10
    /// `max_age` defaults to this many refresh intervals.
    public static let maxAgeRefreshes = 3

    /// The keys of `realtime:`, as ``RealtimeConfigParser`` reads them.
    public static let keys: [ConfigKey] = [
        ConfigKey("gtfs_rt", .string, required: true, example: "https://api.example.org/gtfs-rt/trip-updates.pb",
                  "The TripUpdates feed: an http(s) URL fetched while rules need it, or a file path read like a board file."),
        ConfigKey("refresh", .duration, default: "30s", example: "30s", "How often to fetch the feed while rules need it (at least 10s)."),
        ConfigKey("max_age", .duration, default: "3 × refresh", example: "90s", "Age after which a snapshot is not used."),
        ConfigKey("key_env", .string, example: "RT_API_KEY", "Environment variable (or systemd credential) holding the feed's key."),
        ConfigKey("key_file", .path, example: "/run/secrets/rt-key", "File holding the feed's key."),
        ConfigKey("key_parameter", .string, example: "api_key", "The query parameter the key is sent in (required with a key)."),
    ]

    /// A realtime feed specification.
    public init(feed: Feed, refreshSeconds: Int = RealtimeSpec.defaultRefresh, maxAgeSeconds: Int? = nil,
                key: SecretReference? = nil, keyParameter: String? = nil, location: ConfigLocation) {
        self.feed = feed
        self.refreshSeconds = refreshSeconds
        self.maxAgeSeconds = maxAgeSeconds ?? refreshSeconds * RealtimeSpec.maxAgeRefreshes
        self.key = key
        self.keyParameter = keyParameter
        self.location = location
    }

    /// The URL of a fetched feed; nil for a file.
    public var url: String? {
        if case .url(let url) = feed { return url }
        return nil
    }

    /// The path of a file feed; nil for a URL.
    public var file: String? {
        if case .file(let path) = feed { return path }
        return nil
    }
}
