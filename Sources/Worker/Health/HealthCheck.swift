import Config
import Facts
import Foundation
import Messages
import Store
import Timetable

/// What the health check looks at: the worker's knowledge (its boards, the source index, its
/// channels' outcomes, its commits), or what `status` reads of it.
public struct HealthInputs: Sendable {
    /// Boards lacking sources (only those with none at all are a problem).
    public var impairedBoards: [(board: String, completeness: BoardCompleteness)]
    /// Leave-now rules stopped at an unknown service date (``RuleEngine/unknownDates(boards:now:)``).
    public var unknownDates: [(rule: String, board: String, unknown: UnknownServiceDate)] = []
    /// Feeds whose service ended or ends within the limit, by board.
    public var endingFeeds: [(board: String, notice: ServicePeriodNotice)]
    /// The source index.
    public var sources: [SourceStateRow]
    /// Channels failing: failed attempts in a row, since when, and the last error (``ChannelStreaks``).
    public var channelStreaks: [String: ChannelStreaks.Streak]
    /// Channels whose secret is missing, with the secret's name.
    public var missingSecrets: [(channel: String, secret: String)]
    /// Desktop channels held because they cannot show anything (no session bus, no `notify-send`).
    public var heldDesktops: [(channel: String, reason: WorkerStatusRecord.Held.Reason)]
    /// Since when the worker's commits fail, and the last error (nil: they succeed).
    public var commitFailure: (since: Int64, error: String)?
    /// What the rules depend on: problems of anything else are information (nil: everything counts).
    public var dependencies: HealthDependencies?
    /// The problems of the workers sharing a PostgreSQL state (``WorkerFleet/leaseProblems(rules:clock:)``).
    public var fleetProblems: [HealthProblem] = []

    public init(impairedBoards: [(board: String, completeness: BoardCompleteness)] = [], endingFeeds: [(board: String, notice: ServicePeriodNotice)] = [],
                sources: [SourceStateRow] = [], channelStreaks: [String: ChannelStreaks.Streak] = [:],
                missingSecrets: [(channel: String, secret: String)] = [],
                heldDesktops: [(channel: String, reason: WorkerStatusRecord.Held.Reason)] = [],
                commitFailure: (since: Int64, error: String)? = nil) {
        self.impairedBoards = impairedBoards
        self.endingFeeds = endingFeeds
        self.sources = sources
        self.channelStreaks = channelStreaks
        self.missingSecrets = missingSecrets
        self.heldDesktops = heldDesktops
        self.commitFailure = commitFailure
    }

    /// The feeds of `boards` whose service ended or ends within `days` of `now` (each board's own day).
    public static func endingFeeds(of boards: [Board], within days: Int, now: Int64) -> [(board: String, notice: ServicePeriodNotice)] {
        boards.sorted { $0.id < $1.id }.flatMap { board in
            board.endingServices(today: board.clock.localTime(at: now).date, within: days).map { (board.id, $0) }
        }
    }
}

/// The health check: the problems of ``HealthInputs`` against the limits of a ``HealthSpec``. Pure:
/// the worker and `status` run the same check.
public enum HealthCheck {
    /// A refresh planned this long ago and not done makes a source overdue (the worker is not keeping up).
    public static let overdueSeconds: Int64 = 15 * 60

    /// The problems at `now`, in a stable order (kind, then subject), with those not past their
    /// limit yet marked ``HealthProblem/isPending`` and those of things no rule depends on
    /// (``HealthInputs/dependencies``) marked ``HealthProblem/isInformation``; the fleet's problems last. `openSince` gives the start of
    /// an episode already open (a source never fetched that has failed since, a board waiting for
    /// its first fetch): its problem keeps that start. A problem whose start is not known otherwise
    /// has none (nil: it counts from `now` for the limits).
    public static func problems(_ inputs: HealthInputs, limits: HealthSpec, now: Int64,
                                openSince: (String) -> Int64? = { _ in nil }) -> [HealthProblem] {
        var problems: [HealthProblem] = []
        let limit = Int64(limits.sourceStaleAfterSeconds)
        /// Whether no rule depends on `name` (then its problem is information).
        func unused(_ set: KeyPath<HealthDependencies, Set<String>>, _ name: String) -> Bool {
            inputs.dependencies.map { !$0[keyPath: set].contains(name) } ?? false
        }
        for (board, completeness) in inputs.impairedBoards {
            guard case .unloadable(let failures) = completeness else { continue }
            let known = openSince(HealthProblem.id(.board, board))
            // A board only waiting for its first fetch (an ODPT API timetable) has the source limit to get it.
            let waiting = failures.allSatisfy(\.isPending) && now - (known ?? now) < limit
            let list = Message.joined(failures.map { Message(.healthFailedSource, ["source": .message($0.sourceText), "why": .message($0.text)]) },
                                      separator: Message(.healthDetailSeparator))
            var problem = HealthProblem(kind: .board, subject: board, since: known, detail: Message(.healthDetailBoard, ["failures": .message(list)]))
            problem.isPending = waiting
            problem.isInformation = unused(\.boards, board)
            problems.append(problem)
        }
        problems += unknownDateProblems(inputs, limit: limit, now: now, openSince: openSince)
        for row in inputs.sources {
            let overdue = row.nextRefreshAt.map { now - $0 > overdueSeconds } ?? false
            guard row.lastError != nil || overdue else { continue }
            // Failing: since the worker first saw it fail (its episode); overdue: since its refresh was due.
            let known = row.lastError != nil ? openSince(HealthProblem.id(.source, row.name)) : row.nextRefreshAt
            let since = known ?? now
            let detail: Message
            if let error = row.lastError {
                detail = row.checkedAt.map { Message(.healthDetailSourceFailing, ["age": .message(age(now - $0)), "error": .text(error)]) }
                    ?? Message(.healthDetailSourceNever, ["error": .text(error)])
            } else {
                detail = Message(.healthDetailSourceOverdue, ["age": .message(age(now - (row.checkedAt ?? since))),
                                                             "due": .text(ZoneClock(identifier: limits.timeZone)?.iso8601(since) ?? "")])
            }
            var problem = HealthProblem(kind: .source, subject: row.name, since: known, detail: detail)
            problem.isPending = now - since <= max(limit, row.lastError != nil ? 0 : overdueSeconds)
            problem.isInformation = unused(\.sources, row.name)
            problems.append(problem)
        }
        for (board, notice) in inputs.endingFeeds {
            let subject = board + "/" + notice.source
            var problem = HealthProblem(kind: .feed, subject: subject, since: openSince(HealthProblem.id(.feed, subject)), detail: notice.text)
            problem.subjectText = .verbatim(board + "/") + notice.sourceText
            problem.isInformation = unused(\.boards, board)
            problems.append(problem)
        }
        for (channel, streak) in inputs.channelStreaks.sorted(by: { $0.key < $1.key }) where streak.count >= limits.channelFailures {
            var problem = HealthProblem(kind: .channel, subject: channel, since: streak.since,
                                        detail: Message(.healthDetailChannel, ["count": .number(streak.count), "error": .text(streak.lastError ?? "-")]))
            problem.isInformation = unused(\.channels, channel)
            problems.append(problem)
        }
        for (channel, secret) in inputs.missingSecrets {
            var problem = HealthProblem(kind: .secret, subject: channel, since: openSince(HealthProblem.id(.secret, channel)),
                                        detail: Message(.healthDetailSecret, ["secret": .text(secret)]))
            problem.isInformation = unused(\.channels, channel)
            problems.append(problem)
        }
        for (channel, reason) in inputs.heldDesktops {
            problems.append(HealthProblem(kind: .channel, subject: channel, since: openSince(HealthProblem.id(.channel, channel)),
                                          detail: Message(reason == .noNotifySend ? .healthDetailNoNotifySend : .healthDetailNoSessionBus)))
        }
        if let failure = inputs.commitFailure {
            problems.append(HealthProblem(kind: .commit, subject: "state", since: failure.since,
                                          detail: Message(.healthDetailCommit, ["error": .text(failure.error)])))
        }
        problems += inputs.fleetProblems
        let order = Dictionary(uniqueKeysWithValues: HealthProblem.Kind.allCases.enumerated().map { ($1, $0) })
        return problems.sorted { (order[$0.kind]!, $0.subject) < (order[$1.kind]!, $1.subject) }
    }

    /// One problem per board whose rules stop at an unknown service date: the first such date, why,
    /// and the rules. None for a board with no loadable source (its own problem says so) nor for a
    /// date unknown only because a source's validity ended (the feed's problem says so). A date
    /// unknown only because an ODPT API timetable was not fetched yet is pending for the source limit.
    static func unknownDateProblems(_ inputs: HealthInputs, limit: Int64, now: Int64, openSince: (String) -> Int64?) -> [HealthProblem] {
        let unloadable = Set(inputs.impairedBoards.compactMap { if case .unloadable = $0.completeness { return $0.board } else { return nil } })
        var byBoard: [String: (date: UnknownServiceDate, rules: [String])] = [:]
        for (rule, board, unknown) in inputs.unknownDates where !unloadable.contains(board) {
            let told = unknown.causes.filter { cause in
                if case .outOfValidity(let notice) = cause.reason, case .ended = notice.kind { return false }
                return true
            }
            guard !told.isEmpty else { continue }
            var date = unknown
            date.causes = told
            if let known = byBoard[board] {
                byBoard[board] = (known.date.from <= date.from ? known.date : date, known.rules + [rule])
            } else {
                byBoard[board] = (date, [rule])
            }
        }
        return byBoard.sorted { $0.key < $1.key }.map { board, found in
            let known = openSince(HealthProblem.id(.timetable, board))
            var problem = HealthProblem(kind: .timetable, subject: board, since: known, detail: Message(.healthDetailUnknown, [
                "date": .text("\(found.date.date)"), "causes": .message(found.date.causesText), "rules": .message(.list(found.rules)), "count": .number(found.rules.count),
            ]))
            problem.isPending = found.date.isPending && now - (known ?? now) < limit
            return problem
        }
    }

    /// A short age in the reader's language: `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`.
    public static func age(_ seconds: Int64) -> Message {
        let seconds = Int(max(0, seconds))
        if seconds < 60 { return Message(.ageSeconds, ["seconds": .number(seconds)]) }
        if seconds < 3600 { return Message(.ageMinutes, ["minutes": .number(seconds / 60)]) }
        if seconds < 86_400 {
            let minutes = seconds % 3600 / 60
            return minutes > 0 ? Message(.ageHoursMinutes, ["hours": .number(seconds / 3600), "minutes": .number(minutes)])
                : Message(.ageHours, ["hours": .number(seconds / 3600)])
        }
        let hours = seconds % 86_400 / 3600
        return hours > 0 ? Message(.ageDaysHours, ["days": .number(seconds / 86_400), "hours": .number(hours)])
            : Message(.ageDays, ["days": .number(seconds / 86_400)])
    }
}
