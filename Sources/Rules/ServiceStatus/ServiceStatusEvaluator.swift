import Messages
import Config
import Facts
import Notifications
import Timetable

/// `service_status`: follows each watched railway through disruption episodes. When a line goes
/// from normal (or unknown, at the first snapshot) to a status in `when:`, one notification is sent
/// for the episode; with `notify_recovery: true` another when a snapshot shows it normal again. A
/// snapshot older than `max_age` (default 3 × the source's refresh) is not used.
///
/// Idempotency keys: `<rule>/disruption/<railway>/<since>` and `<rule>/recovery/<railway>/<since>`,
/// where `<railway>` is the id without its prefix (`TokyoMetro.Ginza`) and `<since>` the episode's
/// start (epoch seconds).
struct ServiceStatusEvaluator {
    let rule: RuleSpec
    let spec: ServiceStatusRuleSpec
    /// The service status source read: the rule's `status:`, else its board's.
    let source: String?
    /// The age after which a snapshot is not used.
    let maxAgeSeconds: Int
    /// Labels of the rule's board tied to railway ids by its configuration.
    let railwayByLine: [String: String]

    /// How long a disruption notification stays worth delivering.
    static let disruptionLifetime: Int64 = 2 * 3600
    /// How long a recovery notification stays worth delivering.
    static let recoveryLifetime: Int64 = 3600

    init(rule: RuleSpec, spec: ServiceStatusRuleSpec, boards: [String: BoardSpec], sources: [ServiceStatusSpec]) {
        self.rule = rule
        self.spec = spec
        let board = spec.board.flatMap { boards[$0] }
        let source = spec.status ?? board?.status
        self.source = source
        maxAgeSeconds = spec.maxAgeSeconds ?? ServiceStatusSpec.defaultMaxAgeSeconds(of: source, in: sources)
        railwayByLine = board?.railwayByLine ?? [:]
    }

    func evaluate(facts: FactSet, state: inout RuleState, now: Int64, schedules: inout ScheduleCache, trace: inout Trace) -> RuleOutcome {
        var outcome = RuleOutcome()
        guard let source else {
            trace.note(.explainBoardHasNoStatus, ["board": .inQuotes(spec.board ?? "")])
            return outcome
        }
        guard let snapshot = facts.serviceStatus[source] else {
            trace.note(.explainNoStatusSnapshot, ["source": .inQuotes(source)])
            return outcome
        }
        let clock = rule.common.clock
        let age = snapshot.age(at: now)
        trace.note(.explainStatusFetched, ["source": .inQuotes(source), "time": .text(clock.iso8601(snapshot.fetchedAt)), "age": .number(Int(age / 60)),
                                           "count": .number(snapshot.value.railways.count)])
        guard age <= Int64(maxAgeSeconds) else {
            trace.note(.explainStatusTooOld, ["minutes": .number(maxAgeSeconds / 60)])
            return outcome
        }
        guard let watched = watchedRailways(snapshot.value, facts: facts, now: now, schedules: &schedules, trace: &trace) else {
            return outcome
        }
        var episodes = state.serviceStatus ?? [:]
        for railway in watched {
            let title = railway.ja.railwayTitle
            if let condition = railway.condition {
                var episode = episodes[railway.railway]
                    ?? ServiceStatusEpisode(since: since(railway, fetchedAt: snapshot.fetchedAt), condition: condition, notified: false)
                let isNew = episodes[railway.railway] == nil
                episode.condition = condition
                if !episode.notified, spec.when.contains(condition) {
                    let notification = self.notification(railway, recovered: false, since: episode.since, age: age, now: now)
                    if state.sent[notification.key] == nil {
                        outcome.due.append(DueNotice(forgetAfter: now + 2 * Self.disruptionLifetime, notice: notification))
                        trace.note(.explainLineFires, ["title": .text(title), "condition": .text(condition.rawValue), "time": .text(clock.iso8601(episode.since))])
                    } else {
                        trace.note(.explainLineAlreadyNotified, ["title": .text(title), "condition": .text(condition.rawValue), "key": .text(notification.key)])
                    }
                    episode.notified = true
                } else {
                    trace.note(.explainLineCondition, [
                        "title": .text(title), "condition": .text(condition.rawValue),
                        "episode": isNew ? .key(.explainNewEpisode) : .key(.explainEpisodeSince, ["time": .text(clock.iso8601(episode.since))]),
                        "notified": episode.notified ? .key(.explainAlreadyNotified)
                            : .key(.explainNotInWhen, ["list": .text(spec.when.map(\.rawValue).sorted().joined(separator: ", "))]),
                    ])
                }
                episodes[railway.railway] = episode
            } else if let episode = episodes.removeValue(forKey: railway.railway) {
                if spec.notifyRecovery, episode.notified {
                    let notification = self.notification(railway, recovered: true, since: episode.since, age: age, now: now)
                    if state.sent[notification.key] == nil {
                        outcome.due.append(DueNotice(forgetAfter: now + 2 * Self.recoveryLifetime, notice: notification))
                    }
                    trace.note(.explainRecoveryFires, ["title": .text(title)])
                } else {
                    trace.note(.explainEpisodeEnded, ["title": .text(title), "time": .text(clock.iso8601(episode.since))])
                }
            } else {
                trace.note(.explainLineNormal, ["title": .text(title)])
            }
        }
        state.serviceStatus = episodes.isEmpty ? nil : episodes
        state.lastSnapshotAt = snapshot.fetchedAt
        return outcome
    }

    /// The railways the rule watches in `report`: those `lines:` names, else the board's lines,
    /// else all. Nil (with why in `trace`) when the board is not loaded.
    func watchedRailways(_ report: ServiceStatusReport, facts: FactSet, now: Int64, schedules: inout ScheduleCache,
                         trace: inout Trace) -> [RailwayStatus]? {
        var labels: [String]
        if let lines = spec.lines {
            labels = lines
        } else if let boardID = spec.board {
            guard let board = facts.boards[boardID] else {
                trace.note(.explainStatusBoardNotLoaded, ["board": .inQuotes(boardID)])
                return nil
            }
            var seen = Set<String>()
            labels = schedules.schedule(for: board, now: now).departures.map(\.line).filter { seen.insert($0).inserted }
            labels += railwayByLine.keys.sorted().filter { seen.insert($0).inserted }
        } else {
            return report.railways
        }
        var watched: [RailwayStatus] = []
        for label in labels {
            guard let railway = report.railway(matching: label, railwayByLine: railwayByLine) else {
                trace.note(.explainLineNotInStatus, ["line": .inQuotes(label), "source": .inQuotes(source ?? ""),
                                                     "list": .text(report.railways.map(\.ja.railwayTitle).joined(separator: ", "))])
                continue
            }
            if !watched.contains(where: { $0.railway == railway.railway }) { watched.append(railway) }
        }
        return watched
    }

    /// The start of an episode: `odpt:timeOfOrigin` when it parses and is not after the fetch, else the fetch time.
    func since(_ railway: RailwayStatus, fetchedAt: Int64) -> Int64 {
        if let text = railway.ja.timeOfOrigin, let origin = rule.common.clock.parseTimestamp(text), origin <= fetchedAt {
            return origin
        }
        return fetchedAt
    }

    static let disruptionText = MessageRenderer.builtIn([
        .ja: "{{line}}: {{status}}（{{since}}から）{{text}}",
        .en: "{{line}}: {{status}} since {{since}}. {{text}}",
    ])
    static let recoveryText = MessageRenderer.builtIn([
        .ja: "{{line}}: 平常運転に戻りました",
        .en: "{{line}}: back to normal service",
    ])
    static let title = MessageRenderer.builtIn([.ja: "運行情報: {{line}}", .en: "Service status: {{line}}"])

    func notification(_ railway: RailwayStatus, recovered: Bool, since: Int64, age: Int64, now: Int64) -> Notice {
        let renderer = MessageRenderer(rule: rule)
        let information = railway.information(in: renderer.language)
        let values: [String: String] = [
            ServiceStatusVariable.source.rawValue: source ?? "",
            ServiceStatusVariable.line.rawValue: information.railwayTitle,
            ServiceStatusVariable.railway.rawValue: railway.railway,
            ServiceStatusVariable.status.rawValue: railway.statusWord(in: renderer.language),
            ServiceStatusVariable.text.rawValue: information.text,
            ServiceStatusVariable.cause.rawValue: information.cause ?? "",
            ServiceStatusVariable.since.rawValue: renderer.time(since, now: now),
            ServiceStatusVariable.age.rawValue: String(age / 60),
        ]
        let (title, text) = renderer.render(values, fallback: recovered ? Self.recoveryText : Self.disruptionText, fallbackTitle: Self.title)
        let occurrence = "\(recovered ? "recovery" : "disruption")/\(BoardSchedule.token(ODPTIdentifier.name(of: railway.railway)))/\(since)"
        return Notice(key: "\(rule.id)/\(occurrence)", rule: rule.id, kind: .serviceStatus, fireAt: now,
                            expiresAt: now + (recovered ? Self.recoveryLifetime : Self.disruptionLifetime), channels: rule.common.channels,
                            urgency: rule.common.urgency, language: rule.common.language, title: title, text: text)
    }
}
