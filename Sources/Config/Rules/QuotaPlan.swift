import Messages

/// Requests per day each provider gets from the configured refresh intervals, against its free
/// tier (a warning) and a hard limit (the configuration is refused).
///
/// Limits: OpenWeather One Call 3.0 is free up to 1,000 calls a day and its default daily cap is
/// 2,000; Open-Meteo's free API asks for fewer than 10,000 calls a day; JMA and feeds publish no
/// quota, so leavenow stays polite: at most one request every 5 minutes per source.
///
/// ODPT (provider `odpt`) publishes no free-tier number either: its line counts the service status
/// requests (every `refresh`) and the API timetables (one request per station / pole every
/// `timetable_refresh`) and never warns (`hasPublishedFreeTier` is false; `freeTier` and
/// `hardLimit` are leavenow's own ceiling of one request a minute per source, which the minimum
/// refresh already guarantees). It counts `odpt: trains:` too, like realtime feeds.
///
/// A `realtime:` GTFS-Realtime URL (provider `realtime <board>.<index>`) and `odpt: trains:` are
/// polled only inside the windows where a leave-now rule of their board needs them (``WeatherNeed``
/// ``WeatherNeed/init(realtimeOf:rules:refreshSeconds:)``), on the busiest day of the week; a file
/// feed makes no request. A realtime publisher names no quota either: the line never warns, and its
/// ceiling (one request every 10 s all day) is what the minimum refresh already guarantees.
public struct QuotaPlan: Sendable, Equatable {
    /// One provider's load.
    public struct Line: Sendable, Equatable {
        public var provider: String
        public var sources: [String]
        public var requestsPerDay: Int
        /// Above this a warning is printed.
        public var freeTier: Int
        /// Above this the configuration is refused.
        public var hardLimit: Int
        /// Where the first of its sources is defined.
        public var location: ConfigLocation
        /// False when the provider publishes no free tier (ODPT): `freeTier` is then leavenow's own ceiling.
        public var hasPublishedFreeTier = true

        /// `openweather 144 (free tier 1000)`, `odpt 482 (no published free tier)`, in the reader's language.
        public var summary: String { summaryMessage.text }

        /// ``summary`` kept for the reader's language.
        public var summaryMessage: Message {
            let arguments: [String: MessageArgument] = ["provider": .text(provider), "requests": .number(requestsPerDay)]
            return hasPublishedFreeTier
                ? Message(.quotaSummary, arguments.merging(["free": .number(freeTier)]) { a, _ in a })
                : Message(.quotaSummaryNoTier, arguments)
        }
    }

    public var lines: [Line]

    /// The plan of a configuration's weather sources, feeds and ODPT requests (service status and
    /// the API timetables of `boards`' `odpt_api` / `odpt_api_busstop_pole` sources, one per
    /// distinct station / pole).
    ///
    /// A weather source counts `refresh` inside the windows where `rules` need it and `idle_refresh`
    /// outside (``WeatherNeed``), on the busiest day of the week.
    public init(weather: [WeatherSpec], feeds: [FeedSpec], odpt: ODPTSpec? = nil, boards: [BoardSpec] = [],
                rules: [RuleSpec]? = nil) {
        var lines: [Line] = []
        func perDay(_ refresh: Int) -> Int { (86_400 + max(refresh, 1) - 1) / max(refresh, 1) }
        for provider in WeatherSpec.Provider.allCases {
            let sources = weather.filter { $0.provider == provider }
            guard let first = sources.first else { continue }
            let (free, hard): (Int, Int)
            switch provider {
            case .openweather: (free, hard) = (1_000, 2_000)
            case .openMeteo: (free, hard) = (10_000, 10_000)
            case .jma: (free, hard) = (288 * sources.count, 1_440 * sources.count)
            }
            lines.append(Line(provider: provider.rawValue, sources: sources.map(\.id),
                              requestsPerDay: sources.map { source in
                                  guard let rules else { return perDay(source.refreshSeconds) }
                                  return WeatherNeed(source: source.id, rules: rules, refreshSeconds: source.refreshSeconds)
                                      .requestsPerDay(refreshSeconds: source.refreshSeconds, idleRefreshSeconds: source.idleRefreshSeconds)
                              }.reduce(0, +),
                              freeTier: free, hardLimit: hard, location: first.location))
        }
        for feed in feeds {
            lines.append(Line(provider: "feed \(feed.id)", sources: [feed.id], requestsPerDay: perDay(feed.refreshSeconds),
                              freeTier: 288, hardLimit: 1_440, location: feed.location))
        }
        func realtimeRequests(boards ids: Set<String>, refresh: Int) -> Int {
            guard let rules else { return perDay(refresh) }
            return WeatherNeed(realtimeOf: ids, rules: rules, refreshSeconds: refresh).requestsPerDayInsideWindows(refreshSeconds: refresh)
        }
        for board in boards {
            for (index, spec) in board.realtimeFeeds where spec.url != nil {
                var line = Line(provider: "realtime \(board.id).\(index)", sources: ["\(board.id).\(index)"],
                                requestsPerDay: realtimeRequests(boards: [board.id], refresh: spec.refreshSeconds),
                                freeTier: perDay(RealtimeSpec.minimumRefresh), hardLimit: perDay(RealtimeSpec.minimumRefresh),
                                location: spec.location)
                line.hasPublishedFreeTier = false
                lines.append(line)
            }
        }
        if let odpt {
            let timetables = QuotaPlan.odptTimetables(in: boards)
            let statusRequests = odpt.serviceStatus.map { perDay($0.refreshSeconds) }.reduce(0, +)
            let trainRequests = odpt.trains.map { realtimeRequests(boards: $0.boards(in: boards), refresh: $0.refreshSeconds) }.reduce(0, +)
            let requests = statusRequests + trainRequests + timetables.count * perDay(odpt.timetableRefreshSeconds)
            let ceiling = 1_440 * max(1, odpt.serviceStatus.count + timetables.count) + odpt.trains.map { perDay($0.refreshSeconds) }.reduce(0, +)
            if requests > 0 {
                var line = Line(provider: "odpt", sources: odpt.serviceStatus.map(\.id) + odpt.trains.map(\.id) + timetables, requestsPerDay: requests,
                                freeTier: ceiling, hardLimit: ceiling, location: odpt.location)
                line.hasPublishedFreeTier = false
                lines.append(line)
            }
        }
        self.lines = lines
    }

    /// Providers above their free tier (but within the hard limit), as messages in the reader's language.
    public var warnings: [(location: ConfigLocation, message: String)] { warningMessages.map { ($0.location, $0.message.text) } }

    /// ``warnings`` kept for the reader's language.
    public var warningMessages: [(location: ConfigLocation, message: Message)] {
        lines.filter { $0.requestsPerDay > $0.freeTier && $0.requestsPerDay <= $0.hardLimit }.map {
            ($0.location, Message(.quotaWarning, ["provider": .text($0.provider), "requests": .number($0.requestsPerDay),
                                                  "sources": .message(.list($0.sources)), "free": .number($0.freeTier)]))
        }
    }

    /// Providers above their hard limit, as messages in the reader's language (the configuration is refused).
    public var refusals: [(location: ConfigLocation, message: String)] { refusalMessages.map { ($0.location, $0.message.text) } }

    /// ``refusals`` kept for the reader's language.
    public var refusalMessages: [(location: ConfigLocation, message: Message)] {
        lines.filter { $0.requestsPerDay > $0.hardLimit }.map {
            ($0.location, Message(.quotaRefusal, ["provider": .text($0.provider), "requests": .number($0.requestsPerDay),
                                                  "sources": .message(.list($0.sources)), "limit": .number($0.hardLimit)]))
        }
    }

    /// The distinct stations and poles fetched from the ODPT API by `boards` (what each fetched
    /// timetable's request names), in order.
    static func odptTimetables(in boards: [BoardSpec]) -> [String] {
        var seen: [String] = []
        for source in boards.flatMap(\.sources) {
            guard let id = source.kind.fetched(odpt: nil)?.subject else { continue }
            if !seen.contains(id) { seen.append(id) }
        }
        return seen
    }
}
