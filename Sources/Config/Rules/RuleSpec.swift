import Foundation
import Messages
import Notifications
import Timetable

/// A notification rule as configured under `rules:`. Immutable, and shared by reference so the
/// engine can hand it around without copying its contents.
public final class RuleSpec: Sendable {
    /// `[a-z0-9-]+`, unique across files; part of every idempotency key.
    public let id: String
    public let kind: RuleKindSpec
    public let common: RuleCommonSpec
    /// Where the rule's mapping starts.
    public let location: ConfigLocation
    /// Where references to other things are written, for cross-reference errors.
    public let references: [RuleReference]

    public init(id: String, kind: RuleKindSpec, common: RuleCommonSpec, location: ConfigLocation, references: [RuleReference]) {
        self.id = id
        self.kind = kind
        self.common = common
        self.location = location
        self.references = references
    }

    /// `leave_now`, `weather`, `new_article` or `service_status`.
    public var kindName: String {
        switch kind {
        case .leaveNow: return "leave_now"
        case .weather: return "weather"
        case .newArticle: return "new_article"
        case .serviceStatus: return "service_status"
        }
    }
}

/// A name a rule uses that must exist elsewhere in the configuration.
public struct RuleReference: Sendable, Equatable {
    public enum Target: String, Sendable { case board, channel, weather, feed, serviceStatus = "service status" }
    public var target: Target
    public var name: String
    public var location: ConfigLocation
}

extension RuleReference.Target {
    /// What a reference names, in messages: `board`, `weather` (a weather source), `service status`.
    public var noun: Message {
        switch self {
        case .board: return Message(.nounBoard)
        case .channel: return Message(.nounChannel)
        case .weather: return Message(.nounWeather)
        case .feed: return Message(.nounFeed)
        case .serviceStatus: return Message(.nounServiceStatus)
        }
    }

    /// The things a reference of this kind can name, in messages: `no boards are defined`.
    public var plural: Message {
        switch self {
        case .board: return Message(.pluralBoards)
        case .channel: return Message(.pluralChannels)
        case .weather: return Message(.pluralWeatherSources)
        case .feed: return Message(.pluralFeeds)
        case .serviceStatus: return Message(.pluralServiceStatusSources)
        }
    }
}

/// A reference and the rule (id) that makes it.
public struct RuleReferenceUse: Sendable, Equatable {
    public var rule: String
    public var reference: RuleReference
}

/// What kind of rule, with its own settings.
public enum RuleKindSpec: Sendable {
    case leaveNow(LeaveNowSpec)
    case weather(WeatherRuleSpec)
    case newArticle(NewArticleSpec)
    case serviceStatus(ServiceStatusRuleSpec)
}

/// Settings every rule has.
public struct RuleCommonSpec: Sendable {
    /// Weekdays the rule may fire on (in the rule's timezone); nil = every day.
    public var activeDays: Set<Weekday>?
    /// Hours the rule may fire in; nil = all day.
    public var activeHours: ClockWindow?
    /// Hours nothing is sent: expiring notifications are dropped, others wait for the end.
    public var quietHours: ClockWindow?
    /// Minimum time between two notifications of this rule.
    public var cooldownSeconds: Int
    /// At most this many notifications per day (rule's timezone); nil = no limit.
    public var maxPerDay: Int?
    /// Channel ids to send through.
    public var channels: [String]
    public var urgency: Urgency
    /// Language of the message (`ja` or `en`).
    public var language: MessageLanguage
    /// Message templates per language; nil = the built-in text for the rule kind.
    public var message: [MessageLanguage: MessageTemplate]
    /// Optional title templates per language.
    public var title: [MessageLanguage: MessageTemplate]
    /// Clock of the timezone for active days / hours / quiet hours / per-day limits and message times.
    public var clock: ZoneClock
    /// The timezone of `clock`.
    public var timeZone: TimeZone { clock.timeZone }

    public init(activeDays: Set<Weekday>? = nil, activeHours: ClockWindow? = nil, quietHours: ClockWindow? = nil,
                cooldownSeconds: Int = 0, maxPerDay: Int? = nil, channels: [String] = [], urgency: Urgency = .normal,
                language: MessageLanguage = .en, message: [MessageLanguage: MessageTemplate] = [:],
                title: [MessageLanguage: MessageTemplate] = [:], timeZone: TimeZone) {
        self.activeDays = activeDays
        self.activeHours = activeHours
        self.quietHours = quietHours
        self.cooldownSeconds = cooldownSeconds
        self.maxPerDay = maxPerDay
        self.channels = channels
        self.urgency = urgency
        self.language = language
        self.message = message
        self.title = title
        self.clock = ZoneClock(timeZone: timeZone)
    }
}

/// `leave_now`: tell the user when to leave for departures of a board.
public struct LeaveNowSpec: Sendable {
    public var board: String
    /// Only these lines / stops / destinations (nil = any).
    public var lines: Set<String>?
    public var stops: Set<String>?
    public var destinations: Set<String>?
    /// Only departures on these weekdays / day types of their service date (nil = any).
    public var days: Set<Weekday>?
    public var dayTypes: Set<DayType>?
    /// Only departures whose wall-clock departure time is in this window.
    public var window: ClockWindow?
    /// Only departures flagged as the last toward their destination (`last_only: true`).
    public var lastOnly: Bool = false
    /// `all` departures in the window, or only the `first` of each service day.
    public var pick: Pick
    /// Extra margin before leaving, on top of the source's walk time.
    public var bufferSeconds: Int
    /// Notify this long before the leave time (0 = at the leave time); default `[0]`.
    public var headsUpSeconds: [Int]
    /// More walking time when rain is expected during the walk.
    public var rain: RainAdjustment?
    /// With realtime: after a heads-up or leave-now was sent for a departure, a change of its leave
    /// time by at least this much sends one update (`moved_by:`, default 2 min).
    public var movedBySeconds: Int = LeaveNowSpec.defaultMovedBySeconds
    /// What to do while the departure's line is suspended (`when_suspended:`).
    public var whenSuspended: SuspensionPolicy = .notify

    public enum Pick: String, Sendable { case all, first }

    /// `when_suspended:` of a leave-now rule.
    public enum SuspensionPolicy: String, Sendable {
        /// Send as usual and say the suspension in the message (the default).
        case notify
        /// Send nothing while the whole line is suspended; what comes due is sent when service resumes
        /// (if its departure is still ahead).
        case hold
    }

    /// `moved_by:` when not given: 2 minutes.
    public static let defaultMovedBySeconds = 120
    /// The smallest `moved_by:` accepted (a smaller one would send an update per feed refresh).
    public static let minimumMovedBySeconds = 60

    /// The longest heads-up + buffer + rain extra a rule may have (the engine scans 30 h ahead).
    public static let maximumLeadSeconds = 24 * 3600

    public init(board: String, lines: Set<String>? = nil, stops: Set<String>? = nil, destinations: Set<String>? = nil,
                days: Set<Weekday>? = nil, dayTypes: Set<DayType>? = nil, window: ClockWindow? = nil, pick: Pick = .all,
                bufferSeconds: Int = 0, headsUpSeconds: [Int] = [0], rain: RainAdjustment? = nil) {
        self.board = board
        self.lines = lines
        self.stops = stops
        self.destinations = destinations
        self.days = days
        self.dayTypes = dayTypes
        self.window = window
        self.pick = pick
        self.bufferSeconds = bufferSeconds
        self.headsUpSeconds = headsUpSeconds
        self.rain = rain
    }
}

/// `rain:` of a leave-now rule.
public struct RainAdjustment: Sendable {
    /// The weather source whose forecast decides.
    public var weather: String
    /// Minutes added to the walk when it rains.
    public var extraWalkSeconds: Int
    /// Precipitation (mm/h) that counts as rain; default 0.1.
    public var thresholdMillimetresPerHour: Double

    public init(weather: String, extraWalkSeconds: Int, thresholdMillimetresPerHour: Double = 0.1) {
        self.weather = weather
        self.extraWalkSeconds = extraWalkSeconds
        self.thresholdMillimetresPerHour = thresholdMillimetresPerHour
    }
}

/// `weather`: a change in a weather source's forecast.
public struct WeatherRuleSpec: Sendable {
    public var weather: String
    public var condition: WeatherConditionSpec
    /// `max_age:` a forecast fetched longer ago than this is not used (the rule waits for a newer
    /// one; `explain` says so); nil = any age.
    public var maxAgeSeconds: Int?
    public init(weather: String, condition: WeatherConditionSpec, maxAgeSeconds: Int? = nil) {
        self.weather = weather
        self.condition = condition
        self.maxAgeSeconds = maxAgeSeconds
    }
}

/// The weather conditions a rule can watch; each fires on the transition.
public enum WeatherConditionSpec: Sendable, Equatable {
    /// Rain of at least `threshold` mm/h expected within `within` seconds.
    case rainStarts(withinSeconds: Int, thresholdMillimetresPerHour: Double)
    /// Probability of precipitation ≥ `atLeast` (0…1) within the next `withinSeconds`.
    case precipitationProbability(atLeast: Double, withinSeconds: Int)
    /// Pressure falls by at least `hectopascals` within `withinSeconds` ahead.
    case pressureDrop(hectopascals: Double, withinSeconds: Int)
    /// Temperature at least `degrees` °C lower than the same hour yesterday, within the next `withinSeconds`.
    case temperatureDrop(degrees: Double, withinSeconds: Int)
    /// A new official alert.
    case newAlert
    /// The forecast for the next `withinSeconds` changed since the previous snapshot (rain / no rain).
    case forecastChanged(withinSeconds: Int)
}

/// `new_article`: new entries in a feed or a Qiita Advent Calendar.
public struct NewArticleSpec: Sendable {
    public var feed: String
    /// The first snapshot only records what exists (default true).
    public var firstRunSilent: Bool
    /// Only entries whose title contains one of these (case-insensitive); nil = all.
    public var titleContains: [String]?
    /// Only entries by one of these authors; nil = all.
    public var authors: [String]?
    /// One notification per snapshot listing the new entries, instead of one per entry.
    public var digest: Bool

    public init(feed: String, firstRunSilent: Bool = true, titleContains: [String]? = nil, authors: [String]? = nil,
                digest: Bool = false) {
        self.feed = feed
        self.firstRunSilent = firstRunSilent
        self.titleContains = titleContains
        self.authors = authors
        self.digest = digest
    }
}
