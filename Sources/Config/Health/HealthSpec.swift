import Notifications
import Secrets

/// The `health:` section: the worker's watchdog of itself (like Alertmanager's Watchdog). The worker
/// notifies the section's channels once when a problem starts and once when it ends:
///
/// - a board has no loadable source;
/// - a source has been failing (or its refresh overdue) for longer than ``sourceStaleAfterSeconds``;
/// - a feed's service has ended or ends within ``feedEndsWithinDays``;
/// - a channel failed ``channelFailures`` attempts in a row, or its secret is missing;
/// - the worker could not commit its state (sent directly, not through the outbox it could not write).
///
/// With a ``heartbeat`` it also calls a URL every interval (a healthchecks.io-style monitor notices
/// a worker that died entirely). A built-in watchdog rather than a rule kind: its facts are the
/// worker's own (its commits, its channels' outcomes, the source index), which the rules engine
/// never sees. Without the section, `leavenow status` still reports the same problems with the
/// defaults below, and nothing is sent.
///
/// ```yaml
/// health:
///   channels: [phone]              # where health notices go
///   language: ja                   # ja | en (default en)
///   timezone: Asia/Tokyo           # of the times in the notices (default Asia/Tokyo)
///   source_stale_after: 1h         # default 1h
///   feed_ends_within: 14d          # default 14d
///   channel_failures: 5            # default 5
///   heartbeat: {url_env: LEAVENOW_HEARTBEAT_URL, every: 5m}
/// ```
public struct HealthSpec: Sendable, Equatable {
    /// The channels health notices go to (may be empty when only a heartbeat is wanted).
    public var channels: [String]
    /// The language of the notices.
    public var language: MessageLanguage
    /// The urgency of the notices.
    public var urgency: Urgency
    /// The timezone of the times the notices and `status` give (default Asia/Tokyo).
    public var timeZone: String
    /// A source failing, or overdue, for longer than this is a problem.
    public var sourceStaleAfterSeconds: Int
    /// A feed whose service ends within this many days (or has ended) is a problem.
    public var feedEndsWithinDays: Int
    /// Failed attempts in a row after which a channel is a problem.
    public var channelFailures: Int
    /// The optional heartbeat ping.
    public var heartbeat: HeartbeatSpec?
    /// Where the section's mapping starts.
    public var location: ConfigLocation
    /// Where each channel of ``channels`` is named (for the cross-file check), in order.
    public var channelLocations: [ConfigLocation]

    /// The defaults: what `status` measures against when no file has a `health:` section.
    public static let defaultSourceStaleAfterSeconds = 3600
    public static let defaultFeedEndsWithinDays = 14
    public static let defaultChannelFailures = 5

    /// A section.
    public init(channels: [String] = [], language: MessageLanguage = .en, urgency: Urgency = .normal,
                timeZone: String = BoardConfigParser.defaultTimeZone,
                sourceStaleAfterSeconds: Int = HealthSpec.defaultSourceStaleAfterSeconds,
                feedEndsWithinDays: Int = HealthSpec.defaultFeedEndsWithinDays,
                channelFailures: Int = HealthSpec.defaultChannelFailures, heartbeat: HeartbeatSpec? = nil,
                location: ConfigLocation = ConfigLocation(file: "", line: 0, column: 0), channelLocations: [ConfigLocation] = []) {
        self.channels = channels
        self.language = language
        self.urgency = urgency
        self.timeZone = timeZone
        self.sourceStaleAfterSeconds = sourceStaleAfterSeconds
        self.feedEndsWithinDays = feedEndsWithinDays
        self.channelFailures = channelFailures
        self.heartbeat = heartbeat
        self.location = location
        self.channelLocations = channelLocations
    }

    /// The limits `status` uses when no file has a `health:` section (nothing is sent).
    public static let defaults = HealthSpec()
}

/// `heartbeat:` of the `health:` section: a URL the worker calls every ``intervalSeconds`` while
/// its loop runs (a GET, as healthchecks.io, Uptime Kuma's push monitors and the like expect), so a
/// monitor outside notices when the pings stop. The URL is a secret (it is the monitor's
/// credential): named by `url_env` / `url_file` (or the systemd credential named like the
/// variable), never written in the file, never printed.
public struct HeartbeatSpec: Sendable, Equatable {
    /// Where the URL comes from.
    public var url: SecretReference
    /// Seconds between pings (of the worker's clock).
    public var intervalSeconds: Int
    /// Where the `heartbeat:` mapping starts.
    public var location: ConfigLocation

    /// The default interval: 5 minutes.
    public static let defaultIntervalSeconds = 300
    /// The allowed intervals: 10 s to a day.
    public static let intervalRange = 10...86_400

    /// A heartbeat.
    public init(url: SecretReference, intervalSeconds: Int = HeartbeatSpec.defaultIntervalSeconds, location: ConfigLocation) {
        self.url = url
        self.intervalSeconds = intervalSeconds
        self.location = location
    }
}

/// The `history:` section: how many evaluations of each rule the worker keeps in the state for
/// `leavenow history` (the oldest are pruned in the commit that adds a new one).
///
/// ```yaml
/// history:
///   keep: 20      # default 20; 0 keeps none
/// ```
public struct HistorySpec: Sendable, Equatable {
    /// Evaluations kept per rule.
    public var keep: Int
    /// Where the section's mapping starts.
    public var location: ConfigLocation

    /// The default: the last 20 evaluations of each rule.
    public static let defaultKeep = 20
    /// The allowed values.
    public static let keepRange = 0...1_000

    /// A section.
    public init(keep: Int = HistorySpec.defaultKeep, location: ConfigLocation) {
        self.keep = keep
        self.location = location
    }
}
