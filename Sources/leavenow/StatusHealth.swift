import Config
import Facts
import JSONText
import LiveSources
import Rules
import Store
import Timetable

/// What `status` reports as wrong with the data: boards that cannot load or lack sources, sources
/// whose last fetch failed or is overdue, and feeds whose service ended or ends within two weeks.
struct StatusHealth {
    /// A refresh planned this long ago and not done makes a source stale (the worker is not keeping up).
    static let overdueSeconds: Int64 = 15 * 60

    /// Boards lacking sources, in file order.
    var impaired: [(board: String, completeness: BoardCompleteness)]
    /// Sources whose last fetch failed, or whose planned refresh is overdue.
    var stale: [SourceStateRow]
    /// Feeds whose service ended or ends within `ServicePeriodCheck.warningDays` days, per board.
    var ending: [(board: String, notice: ServicePeriodNotice)]
    /// Leave-now rules that cannot fire within the planning span, with why (an ended service, a
    /// filter that matches nothing), by rule id.
    var silentRules: [String: String]
    let now: Int64

    /// Loads the boards as the worker does (API timetables from the source cache of `stateDirectory`).
    init(configuration: Configuration, stateDirectory: String, sources: [SourceStateRow], now: Int64) {
        let catalog = CachedFacts.boards(configuration: configuration, cache: SourceCache(stateDirectory: stateDirectory))
        impaired = catalog.impairedBoards.map { ($0.board.id, $0.completeness) }
        stale = sources.filter { row in
            row.lastError != nil || row.nextRefreshAt.map { now - $0 > Self.overdueSeconds } ?? false
        }
        ending = catalog.boards.flatMap { board in
            board.endingServices(today: board.clock.localTime(at: now).date, within: ServicePeriodCheck.warningDays)
                .map { (board.id, $0) }
        }
        silentRules = Dictionary(RuleEngine(configuration: configuration).silentLeaveNowRules(boards: catalog.boardsByID, now: now)
            .map { ($0.rule.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
        self.now = now
    }

    /// The ids of boards with no loadable source.
    var unloadableBoards: Set<String> {
        Set(impaired.compactMap { if case .unloadable = $0.completeness { return $0.board } else { return nil } })
    }

    /// The human sections: `boards:`, `stale sources:`, `feeds:` (each says when all is well).
    var lines: [String] {
        var lines = ["\nboards:"]
        let boardLines = impaired.flatMap { $0.completeness.lines(board: $0.board) }
        lines += boardLines.isEmpty ? ["every source loaded"] : boardLines
        lines.append("\nstale sources:")
        lines += stale.isEmpty ? ["none"] : stale.map { row in
            var text = row.name + ": last fetch " + (row.checkedAt.map { SourceTime.age(now - $0) + " ago" } ?? "never")
            if let error = row.lastError { text += "; last error: \(error)" }
            if let next = row.nextRefreshAt, now - next > Self.overdueSeconds { text += "; refresh overdue since \(SourceTime.iso8601(next))" }
            return text
        }
        lines.append("\nfeeds:")
        lines += ending.isEmpty ? ["no feed's service ends within \(ServicePeriodCheck.warningDays) days"] : ending.map { board, notice in
            "board \"\(board)\": \(notice.source): \(notice.message)"
        }
        return lines
    }

    /// `[{"board", "state", "source", "message", "location"}]` per failed source.
    var boardJSON: [JSONOutput] {
        impaired.flatMap { board, completeness in
            completeness.failures.map { failure in
                JSONOutput.object([("board", .string(board)), ("state", .string(completeness.name)),
                                  ("source", .string(failure.source)), ("message", .string(failure.message)),
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
