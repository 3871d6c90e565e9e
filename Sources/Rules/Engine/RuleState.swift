import Config
import Feeds
import Notifications
import Weather

/// What one rule remembers between evaluations; the caller stores it (SQLite or PostgreSQL in the
/// worker, memory in a dry run).
///
/// Kept small, because a worker holds one per rule: the leave-now occurrences already handled are
/// numbers (`SentOccurrences`, not key texts), the counters are packed, and what only some kinds of
/// rule use (held notifications, detector and feed memory, service status episodes, realtime leave
/// times) lives in one shared box that is absent while empty — 40 bytes in all for a leave-now rule
/// plus 24 per occurrence. Stored as JSON; a state written by an older version (every key in
/// `sent`) reads as the same state (see `RuleState+Coding.swift`).
public struct RuleState: Sendable, Equatable {
    /// The leave-now notifications handled (sent, held or superseded), by occurrence.
    var occurrences = SentOccurrences()
    /// Keys already sent that are not leave-now occurrences (weather, feeds, service status, the
    /// realtime `…/canceled` and `…/moved1` events), with the instant after which they can be forgotten.
    public var sent: [String: Int64] = [:]
    /// `lastSentAt`, `Int64.min` for none.
    private var lastSent = Int64.min
    /// `dayCount` as (day, count), `Int32.min` as the day for none.
    private var countedDay = Int32.min
    private var countedSends: Int32 = 0
    /// The rarely used part (nil while all of it is empty).
    private var extras: Extras?

    public init() {}

    /// When the rule last sent anything (for the cooldown).
    public var lastSentAt: Int64? {
        get { lastSent == .min ? nil : lastSent }
        set { lastSent = newValue ?? .min }
    }

    /// The day (rule's timezone) and how many were sent that day (for `max_per_day`).
    public var dayCount: DayCount? {
        get { countedDay == .min ? nil : DayCount(day: Int(countedDay), count: Int(countedSends)) }
        set {
            countedDay = newValue.map { Int32(clamping: $0.day) } ?? .min
            countedSends = newValue.map { Int32(clamping: $0.count) } ?? 0
        }
    }

    /// Notifications waiting for quiet hours to end.
    public var deferred: [Notice] {
        get { extras?.deferred ?? [] }
        set { change { $0.deferred = newValue } }
    }
    /// The weather detector's memory.
    public var weather: WeatherDetectorState? {
        get { extras?.weather }
        set { change { $0.weather = newValue } }
    }
    /// Feed entries seen so far (nil before the first snapshot).
    public var seenEntries: SeenEntries? {
        get { extras?.seenEntries }
        set { change { $0.seenEntries = newValue } }
    }
    /// The last snapshot (fetch time) a feed, weather or service status rule looked at.
    public var lastSnapshotAt: Int64? {
        get { extras?.lastSnapshotAt }
        set { change { $0.lastSnapshotAt = newValue } }
    }
    /// A service status rule's disruption episodes in progress, by railway id (nil when none).
    public var serviceStatus: [String: ServiceStatusEpisode]? {
        get { extras?.serviceStatus }
        set { change { $0.serviceStatus = newValue } }
    }
    /// A leave-now rule with realtime: the leave time last announced for each departure it sent a
    /// heads-up, leave-now or update for, by the departure's `…/moved` key (nil when none).
    public var announced: [String: AnnouncedLeave]? {
        get { extras?.announced }
        set { change { $0.announced = newValue } }
    }

    /// Whether notifications wait for quiet hours to end (without copying them out).
    var hasDeferred: Bool { !(extras?.deferred.isEmpty ?? true) }

    public struct DayCount: Sendable, Equatable, Codable {
        /// Days since 1970-01-01 in the rule's timezone.
        public var day: Int
        public var count: Int
    }

    /// Whether the leave-now occurrence was handled.
    @inline(__always)
    func hasHandled(instant: Int64, labels: KeyLabels, offset: Int32) -> Bool {
        occurrences.contains(instant: instant, labels: labels, offset: offset)
    }

    /// Records a leave-now occurrence as handled.
    mutating func handled(instant: Int64, labels: KeyLabels, offset: Int32, forgetAfter: Int64) {
        occurrences.insert(instant: instant, labels: labels, offset: offset, forgetAfter: forgetAfter)
    }

    /// Forgets what can no longer come back: occurrences at every evaluation (a few numbers), the
    /// keys and leave times told once they are more than 64.
    mutating func prune(now: Int64) {
        occurrences.prune(now: now)
        if sent.count > 64 { sent = sent.filter { $0.value >= now } }
        if extras != nil, let announced, announced.count > 64 {
            let kept = announced.filter { $0.value.forgetAfter >= now }
            self.announced = kept.isEmpty ? nil : kept
        }
    }

    /// Changes the box (copied first when another state shares it), dropping it once empty.
    private mutating func change(_ body: (Extras) -> Void) {
        if extras == nil {
            extras = Extras()
        } else if !isKnownUniquelyReferenced(&extras!) {
            extras = extras!.copy()
        }
        body(extras!)
        if extras!.isEmpty { extras = nil }
    }

    public static func == (lhs: RuleState, rhs: RuleState) -> Bool {
        lhs.occurrences == rhs.occurrences && lhs.sent == rhs.sent && lhs.lastSent == rhs.lastSent && lhs.dayCount == rhs.dayCount
            && lhs.deferred == rhs.deferred && lhs.weather == rhs.weather && lhs.seenEntries == rhs.seenEntries
            && lhs.lastSnapshotAt == rhs.lastSnapshotAt && lhs.serviceStatus == rhs.serviceStatus && lhs.announced == rhs.announced
    }

    /// The fields only some rules use, boxed so a state without them costs one word. Copied before a
    /// change when shared (value semantics), so it is never changed while another thread reads it.
    private final class Extras: @unchecked Sendable {
        var deferred: [Notice] = []
        var weather: WeatherDetectorState?
        var seenEntries: SeenEntries?
        var lastSnapshotAt: Int64?
        var serviceStatus: [String: ServiceStatusEpisode]?
        var announced: [String: AnnouncedLeave]?

        var isEmpty: Bool {
            deferred.isEmpty && weather == nil && seenEntries == nil && lastSnapshotAt == nil && serviceStatus == nil && announced == nil
        }

        func copy() -> Extras {
            let copy = Extras()
            copy.deferred = deferred
            copy.weather = weather
            copy.seenEntries = seenEntries
            copy.lastSnapshotAt = lastSnapshotAt
            copy.serviceStatus = serviceStatus
            copy.announced = announced
            return copy
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
