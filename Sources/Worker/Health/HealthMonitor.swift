import Config
import Daemon
import Foundation
import Messages
import Notifications
import Rules
import Store

/// The worker's watchdog of itself (the `health:` section): once a minute it runs the
/// ``HealthCheck`` on what the worker knows, opens an episode for each new problem and closes the
/// episodes of the problems gone, and queues one notice per change — "problem" when an episode
/// opens, "resolved" when a notified one closes — in ONE transaction with the episodes
/// (``HealthEpisodes`` in `meta`): a restart neither repeats a "problem" nor misses a "resolved".
///
/// When that commit fails (the state cannot be written: the very problem it may be reporting), the
/// notices are sent directly through the dispatcher instead, and the episodes are written by the
/// next commit that succeeds.
final class HealthMonitor {
    /// The section.
    let spec: HealthSpec
    private let logger: LogfmtLogger
    private var episodes = HealthEpisodes()
    /// Whether the episodes were read from the state (on a shared state, again when this worker
    /// takes the watchdog over).
    private var loaded = false
    /// The episodes' JSON as last committed.
    private var saved: String?
    /// When the next check is due (nil: at the next pass).
    private(set) var nextCheck: Int64?

    /// Seconds between checks.
    static let interval: Int64 = 60
    /// A commit failing this long is a problem (a lock held for a moment is not).
    static let commitGraceSeconds: Int64 = 60

    init(spec: HealthSpec, logger: LogfmtLogger) {
        self.spec = spec
        self.logger = logger
    }

    /// Reads the episodes from the state again at the next check (another worker kept them meanwhile).
    func forget() {
        loaded = false
        nextCheck = nil
    }

    /// Makes the next check come at `instant` at the latest.
    func checkAgain(at instant: Int64) {
        nextCheck = min(nextCheck ?? instant, instant)
    }

    /// Checks at `now` when due: returns the entries queued (for the sender). `inputs` is built only
    /// when a check runs; `direct` sends a notice without the outbox (when the commit fails).
    func checkIfDue(now: Int64, store: any MetaStore & RuleStateStore & OutboxReader, inputs: () -> HealthInputs,
                    direct: (Notice) -> Void) -> [OutboxEntry] {
        if let nextCheck, now < nextCheck { return [] }
        nextCheck = now + Self.interval
        if !loaded {
            do {
                let text = try store.meta(HealthEpisodes.metaKey)
                episodes = text.flatMap(HealthEpisodes.init(json:)) ?? HealthEpisodes()
                saved = text
                loaded = true
            } catch {
                logger.log(.error, "health.load_failed", ["msg": "\(error); the check goes on from the episodes in memory"])
            }
        }
        var state = episodes
        do {
            try state.channels.advance(in: store)
        } catch {
            logger.log(.warning, "health.log_unread", ["msg": "the delivery log could not be read: \(error)"])
        }
        var facts = inputs()
        facts.channelStreaks = state.channels.streaks
        let problems = HealthCheck.problems(facts, limits: spec, now: now, openSince: { state.open[$0]?.since })
        let clock = HealthNotices.clock(spec)
        var notices: [Notice] = []
        var current = Set<String>()
        for found in problems {
            // Nothing a rule needs: no episode is opened and nobody is told (one already open, from
            // before no rule used it, stays as it is until the condition ends).
            if found.isInformation {
                if state.open[found.id] != nil { current.insert(found.id) }
                continue
            }
            current.insert(found.id)
            var episode = state.open[found.id] ?? HealthEpisodes.Episode(since: found.since ?? now, notified: false, summary: "")
            // Not past its limit yet: the episode is open (its limit counts from here), nothing is told.
            if found.isPending {
                state.open[found.id] = episode
                continue
            }
            // The episode's start is the problem's: the one its notices and `status` give.
            var problem = found
            problem.since = episode.since
            episode.summary = problem.summary(clock: clock).english
            if !episode.notified {
                logger.log(.warning, "health.problem", ["problem": problem.id, "msg": episode.summary])
                if !spec.channels.isEmpty { notices.append(HealthNotices.problem(problem, since: episode.since, spec: spec, now: now)) }
                episode.notified = true
            }
            state.open[problem.id] = episode
        }
        for (id, episode) in state.open.sorted(by: { $0.key < $1.key }) where !current.contains(id) {
            state.open[id] = nil
            guard let colon = id.firstIndex(of: ":"), let kind = HealthProblem.Kind(rawValue: String(id[..<colon])) else { continue }
            let subject = String(id[id.index(after: colon)...])
            logger.log(.notice, "health.resolved", ["problem": id, "msg": "resolved after \(now - episode.since) s: \(episode.summary)"])
            if episode.notified, !spec.channels.isEmpty {
                notices.append(HealthNotices.resolved(kind: kind, subject: subject, since: episode.since, spec: spec, now: now))
            }
        }
        episodes = state
        let json = state.json
        guard !notices.isEmpty || json != saved else { return [] }
        do {
            let queued = try store.commit(notifications: notices, ruleStates: [String: RuleState](),
                                          extras: CommitExtras(meta: [(HealthEpisodes.metaKey, json)]), now: now)
            saved = json
            for entry in queued {
                logger.log(.info, "notification.queued", ["id": "\(entry.id)", "rule": entry.notification.rule,
                                                         "channel": entry.channel, "key": entry.key])
            }
            return queued
        } catch {
            logger.log(.error, "health.commit_failed", ["msg": "\(error); the health notices are sent directly, the episodes written later"])
            for notice in notices { direct(notice) }
            // Written at the next check that can.
            nextCheck = min(nextCheck ?? now + 5, now + 5)
            return []
        }
    }

    /// The problems open now, with their English summaries (for the worker's status record).
    var openProblems: [(id: String, since: Int64, summary: String)] {
        episodes.open.sorted { $0.key < $1.key }.map { (id: $0.key, since: $0.value.since, summary: $0.value.summary) }
    }
}
