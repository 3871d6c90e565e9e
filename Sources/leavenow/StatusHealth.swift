import Config
import Facts
import JSONText
import LiveSources
import Rules
import Store
import Timetable
import Worker
import Messages

/// What `status` reports as wrong with the data — boards that cannot load or lack sources, sources
/// whose last fetch failed or is overdue, feeds whose service ended or ends soon — and the health
/// summary at its top: the worker's own ``HealthCheck`` on the same data, with the limits of the
/// `health:` section (or its defaults), the channels' failure streaks and the episodes the worker
/// keeps in the state, what no rule depends on set apart as information, and the workers' problems.
struct StatusHealth {
    /// A refresh planned this long ago and not done makes a source stale (the worker is not keeping up).
    static let overdueSeconds = HealthCheck.overdueSeconds

    /// The limits: the `health:` section's, or the defaults.
    let limits: HealthSpec
    /// Boards lacking sources, in file order.
    var impaired: [(board: String, completeness: BoardCompleteness)]
    /// Sources whose last fetch failed, or whose planned refresh is overdue.
    var stale: [SourceStateRow]
    /// Feeds whose service ended or ends within the limit's days, per board.
    var ending: [(board: String, notice: ServicePeriodNotice)]
    /// Leave-now rules that cannot fire within the planning span, with why (an ended service, a
    /// filter that matches nothing), by rule id.
    var silentRules: [String: Message]
    /// Leave-now rules stopped at an unknown service date (the worker's check reports them).
    var unknownDates: [(rule: String, board: String, unknown: UnknownServiceDate)]
    let now: Int64

    /// Loads the boards as the worker does (API timetables from the source cache of `stateDirectory`).
    init(configuration: Configuration, stateDirectory: String, sources: [SourceStateRow], now: Int64) {
        limits = configuration.healthLimits
        let catalog = CachedFacts.boards(configuration: configuration, cache: SourceCache(stateDirectory: stateDirectory))
        impaired = catalog.impairedBoards.map { ($0.board.id, $0.completeness) }
        stale = sources.filter { row in
            row.lastError != nil || row.nextRefreshAt.map { now - $0 > Self.overdueSeconds } ?? false
        }
        ending = HealthInputs.endingFeeds(of: catalog.boards, within: limits.feedEndsWithinDays, now: now)
        let engine = RuleEngine(configuration: configuration)
        silentRules = Dictionary(engine.silentLeaveNowRules(boards: catalog.boardsByID, now: now)
            .map { ($0.rule.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
        unknownDates = engine.unknownDates(boards: catalog.boardsByID, now: now).map { ($0.rule.id, $0.board, $0.unknown) }
        self.now = now
    }

    /// The ids of boards with no loadable source.
    var unloadableBoards: Set<String> {
        Set(impaired.compactMap { if case .unloadable = $0.completeness { return $0.board } else { return nil } })
    }

    /// The health problems and the information: the worker's check on this data (the configured
    /// sources only, the channels held for a missing secret, the failure streaks and open episodes
    /// the worker keeps in `episodes`; what no rule depends on is information), then the workers'
    /// own problems (``StatusWorkers``).
    func problems(configuration: Configuration, sources: [SourceStateRow], episodes: HealthEpisodes, held: [WorkerStatusRecord.Held],
                  workers: [HealthProblem]) -> (problems: [HealthProblem], information: [HealthProblem]) {
        let configured = Set(LiveSource.all(in: configuration).map(\.cacheName))
        var inputs = HealthInputs(impairedBoards: impaired, endingFeeds: ending, sources: sources.filter { configured.contains($0.name) },
                                  channelStreaks: episodes.channels.streaks,
                                  missingSecrets: held.filter { $0.reason == .secret }.map { ($0.channel, $0.secret) },
                                  heldDesktops: held.filter { $0.reason != .secret }.map { ($0.channel, $0.reason) })
        inputs.unknownDates = unknownDates
        inputs.dependencies = HealthDependencies(configuration: configuration)
        let found = HealthCheck.problems(inputs, limits: limits, now: now, openSince: { episodes.open[$0]?.since }).filter { !$0.isPending }
        return (found.filter { !$0.isInformation } + workers, found.filter(\.isInformation))
    }

    /// The summary at the top: `health: ok (…)` or `health: 2 problems (exit status 1)` and one line
    /// each, then what is wrong with things no rule depends on (not counted), one line each.
    func summaryLines(_ problems: [HealthProblem], information: [HealthProblem] = [], clock: ZoneClock) -> [String] {
        var lines: [String]
        if problems.isEmpty {
            lines = [Message(.statusHealthOK, ["stale": .message(HealthCheck.age(Int64(limits.sourceStaleAfterSeconds))),
                                               "days": .number(limits.feedEndsWithinDays), "failures": .number(limits.channelFailures)]).text]
        } else {
            lines = [Message(.statusHealthProblems, ["count": .number(problems.count)]).text] + problems.map { "  " + $0.summary(clock: clock).text }
        }
        if !information.isEmpty {
            lines.append(Message(.statusHealthInformation).text)
            lines += information.map { "  " + $0.summary(clock: clock).text }
        }
        return lines
    }

    /// The human sections: `boards:`, `stale sources:`, `feeds:` (each says when all is well).
    var lines: [String] {
        var lines = ["", Message(.statusBoards).text]
        let boardLines = impaired.flatMap { $0.completeness.lines(board: $0.board) }
        lines += boardLines.isEmpty ? [Message(.statusEverySourceLoaded).text] : boardLines
        lines += ["", Message(.statusStaleSources).text]
        lines += stale.isEmpty ? [Message(.cliNone).text] : stale.map { row in
            var text = Message(.statusStaleLine, ["source": .text(row.name),
                                                  "fetched": .message(row.checkedAt.map { Message(.statusAgo, ["age": .message(HealthCheck.age(now - $0))]) }
                                                      ?? Message(.statusNeverFetched))]).text
            if let error = row.lastError { text += Message(.statusLastError, ["error": .text(error)]).text }
            if let next = row.nextRefreshAt, now - next > Self.overdueSeconds {
                text += Message(.statusOverdue, ["time": .text(SourceTime.iso8601(next))]).text
            }
            return text
        }
        lines += ["", Message(.statusFeeds).text]
        lines += ending.isEmpty ? [Message(.statusNoFeedEnding, ["days": .number(limits.feedEndsWithinDays)]).text] : ending.map { board, notice in
            Message(.statusFeedLine, ["board": .text("\"\(board)\""), "source": .message(notice.sourceText), "notice": .message(notice.text)]).text
        }
        return lines
    }

    /// `[{"kind", "subject", "since", "message"}]` per health problem (English).
    static func problemJSON(_ problems: [HealthProblem], clock: ZoneClock) -> [JSONOutput] {
        problems.map { problem in
            .object([("kind", .string(problem.kind.rawValue)), ("subject", .string(problem.subject)),
                     ("since", problem.since.map { .string(clock.iso8601($0)) } ?? .null),
                     ("message", .string(problem.summary(clock: clock).english))])
        }
    }

    /// `[{"board", "state", "source", "message", "location"}]` per failed source.
    var boardJSON: [JSONOutput] {
        impaired.flatMap { board, completeness in
            completeness.failures.map { failure in
                JSONOutput.object([("board", .string(board)), ("state", .string(completeness.name)),
                                  ("source", .string(failure.source)), ("message", .string(failure.text.english)),
                                  ("location", .string("\(failure.location)"))])
            }
        }
    }

    /// `[{"name", "age_seconds", "last_error", "next_refresh"}]` per stale source.
    var staleJSON: [JSONOutput] {
        stale.map { row in
            .object([("name", .string(row.name)),
                     ("age_seconds", row.checkedAt.map { .int(max(0, now - $0)) } ?? .null),
                     ("last_error", row.lastError.map { .string($0) } ?? .null),
                     ("next_refresh", row.nextRefreshAt.map { .string(SourceTime.iso8601($0)) } ?? .null)])
        }
    }

    /// `[{"board", "source", "service_ends", "ended", "message"}]` per ended or ending feed.
    var endingJSON: [JSONOutput] {
        ending.map { board, notice in
            let last: LocalDate
            switch notice.kind {
            case .ended(let date), .endsSoon(let date, _), .notStarted(let date): last = date
            }
            return .object([("board", .string(board)), ("source", .string(notice.source)),
                            ("service_ends", .string(last.description)), ("ended", .bool(notice.isOutOfService)),
                            ("message", .string(notice.message))])
        }
    }
}
