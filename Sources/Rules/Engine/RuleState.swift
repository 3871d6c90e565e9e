import Config
import Feeds
import Notifications
import Weather

/// What one rule remembers between evaluations; the caller stores it (SQLite in the worker,
/// memory in a dry run).
public struct RuleState: Sendable, Equatable, Codable {
    /// Keys already sent, with the instant after which they can be forgotten.
    public var sent: [String: Int64] = [:]
    /// When the rule last sent anything (for the cooldown).
    public var lastSentAt: Int64?
    /// The day (rule's timezone) and how many were sent that day (for `max_per_day`).
    public var dayCount: DayCount?
    /// Notifications waiting for quiet hours to end.
    public var deferred: [Notice] = []
    /// The weather detector's memory.
    public var weather: WeatherDetectorState?
    /// Feed entries seen so far (nil before the first snapshot).
    public var seenEntries: SeenEntries?
    /// The last snapshot (fetch time) a feed, weather or service status rule looked at.
    public var lastSnapshotAt: Int64?
    /// A service status rule's disruption episodes in progress, by railway id (nil when none).
    public var serviceStatus: [String: ServiceStatusEpisode]?
    /// A leave-now rule with realtime: the leave time last announced for each departure it sent a
    /// heads-up, leave-now or update for, by the departure's `…/moved` key (nil when none).
    public var announced: [String: AnnouncedLeave]?

    public init() {}

    public struct DayCount: Sendable, Equatable, Codable {
        /// Days since 1970-01-01 in the rule's timezone.
        public var day: Int
        public var count: Int
    }

    /// Forgets sent keys that can no longer come back.
    mutating func prune(now: Int64) {
        sent = sent.filter { $0.value >= now }
        if let announced {
            let kept = announced.filter { $0.value.forgetAfter >= now }
            self.announced = kept.isEmpty ? nil : kept
        }
    }
}

/// The leave time a leave-now rule last told the user for one departure, and how many updates it
/// sent since: a later prediction moving the leave time by `moved_by` or more sends one update.
public struct AnnouncedLeave: Sendable, Equatable, Codable {
    /// The leave time told (seconds since the epoch).
    public var leaveAt: Int64
    /// Updates sent for the departure so far (at most ``AnnouncedLeave/maximumUpdates``).
    public var updates: Int
    /// When the entry can be forgotten.
    public var forgetAfter: Int64

    public init(leaveAt: Int64, updates: Int, forgetAfter: Int64) {
        self.leaveAt = leaveAt
        self.updates = updates
        self.forgetAfter = forgetAfter
    }

    /// No departure gets more updates than this, however much its prediction swings.
    public static let maximumUpdates = 3
}

/// A disruption of one railway as a `service_status` rule follows it: from the first snapshot that
/// shows it disrupted until one shows it normal again.
public struct ServiceStatusEpisode: Sendable, Equatable, Codable {
    /// When it began: the record's `odpt:timeOfOrigin` when given (and not after the snapshot),
    /// else the fetch time of the first snapshot that showed it. Part of the idempotency key.
    public var since: Int64
    /// The latest condition seen.
    public var condition: ServiceStatusCondition
    /// Whether the rule notified this episode (a condition not in `when:` does not; a later one may).
    public var notified: Bool

    public init(since: Int64, condition: ServiceStatusCondition, notified: Bool) {
        self.since = since
        self.condition = condition
        self.notified = notified
    }
}

/// The state of whichever detector a weather rule uses.
public enum WeatherDetectorState: Sendable, Equatable, Codable {
    case rainStart(RainStartDetector.State)
    case precipitationProbability(PrecipitationProbabilityDetector.State)
    case pressureDrop(PressureDropDetector.State)
    case temperatureDrop(TemperatureDropDetector.State)
    case newAlert(NewAlertDetector.State)
    case forecastChanged(ForecastChangeDetector.State)
}

/// The state of every rule, by rule id.
public struct EngineState: Sendable, Equatable, Codable {
    public var rules: [String: RuleState] = [:]
    public init() {}
}

/// A weather detector whose state a rule can keep in `RuleState.weather`.
protocol StoredWeatherDetector: WeatherChangeDetector where State: InitialDetectorState {
    /// This detector's state, if `stored` holds one.
    static func stored(in stored: WeatherDetectorState?) -> State?
    /// `state` wrapped for storage.
    static func store(_ state: State) -> WeatherDetectorState
}

/// A detector state with a starting value.
protocol InitialDetectorState {
    static var initial: Self { get }
}

extension RainStartDetector.State: InitialDetectorState { static var initial: Self { Self() } }
extension PrecipitationProbabilityDetector.State: InitialDetectorState { static var initial: Self { Self() } }
extension PressureDropDetector.State: InitialDetectorState { static var initial: Self { Self() } }
extension TemperatureDropDetector.State: InitialDetectorState { static var initial: Self { Self() } }
extension NewAlertDetector.State: InitialDetectorState { static var initial: Self { Self() } }
extension ForecastChangeDetector.State: InitialDetectorState { static var initial: Self { Self() } }

extension RainStartDetector: StoredWeatherDetector {
    static func stored(in stored: WeatherDetectorState?) -> State? { if case .rainStart(let state)? = stored { state } else { nil } }
    static func store(_ state: State) -> WeatherDetectorState { .rainStart(state) }
}
extension PrecipitationProbabilityDetector: StoredWeatherDetector {
    static func stored(in stored: WeatherDetectorState?) -> State? { if case .precipitationProbability(let state)? = stored { state } else { nil } }
    static func store(_ state: State) -> WeatherDetectorState { .precipitationProbability(state) }
}
extension PressureDropDetector: StoredWeatherDetector {
    static func stored(in stored: WeatherDetectorState?) -> State? { if case .pressureDrop(let state)? = stored { state } else { nil } }
    static func store(_ state: State) -> WeatherDetectorState { .pressureDrop(state) }
}
extension TemperatureDropDetector: StoredWeatherDetector {
    static func stored(in stored: WeatherDetectorState?) -> State? { if case .temperatureDrop(let state)? = stored { state } else { nil } }
    static func store(_ state: State) -> WeatherDetectorState { .temperatureDrop(state) }
}
extension NewAlertDetector: StoredWeatherDetector {
    static func stored(in stored: WeatherDetectorState?) -> State? { if case .newAlert(let state)? = stored { state } else { nil } }
    static func store(_ state: State) -> WeatherDetectorState { .newAlert(state) }
}
extension ForecastChangeDetector: StoredWeatherDetector {
    static func stored(in stored: WeatherDetectorState?) -> State? { if case .forecastChanged(let state)? = stored { state } else { nil } }
    static func store(_ state: State) -> WeatherDetectorState { .forecastChanged(state) }
}
