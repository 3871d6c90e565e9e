import Config
import Daemon
import Delivery
import Foundation
import Notifications
import Rules
import Secrets
import Store

/// Sends the outbox. Under ``Worker/run()`` (without `--once`) on an ``OutboxSender`` thread of its
/// own (own connection, own curl multi handle), so no channel — slow, stalling, failing — delays a
/// rule's evaluation or the commit of its decisions: each pass hands it what was committed. Passes
/// driven from outside (``Worker/pass()`` without `run`, and `--once`) send inline after the commit:
/// expire, send what is due, record each outcome as its request completes.
///
/// Its dispatcher on the worker's thread also says which channels are held (a missing secret, a
/// desktop that cannot show anything) and sends the watchdog's notices directly when their commit
/// failed. It uses the outbox capability, and on a shared state the fleet's (claims, shared rate
/// limits, the `NOTIFY` that wakes it).
final class Sender: WorkerService {
    private let options: WorkerOptions
    private let store: any OutboxStore
    private let fleet: (any SharedFleetStore)?
    private let handoff: OutboxHandoff
    private let clock: any WorkerClock
    private let logger: LogfmtLogger
    /// The worker thread's pump: inline sends, and the dispatcher the others read.
    private let pump: OutboxPump
    /// The sending thread while `run` runs without `--once` (nil: passes send inline).
    private var thread: OutboxSender?
    /// The outbox's next retry or expiry after an inline send.
    private(set) var nextRun: Int64?
    /// Between rounds of a long inline send (`--once`): false stops it (the supervisor's SIGTERM).
    var betweenRounds: () -> Bool = { true }

    /// A sender through the channels of `rules`.
    init(rules: Workspace, options: WorkerOptions, store: any OutboxStore, fleet: (any SharedFleetStore)?, handoff: OutboxHandoff,
         clock: any WorkerClock, logger: LogfmtLogger) {
        self.options = options
        self.store = store
        self.fleet = fleet
        self.handoff = handoff
        self.clock = clock
        self.logger = logger
        pump = OutboxPump(store: store, fleet: fleet, dispatcher: Self.dispatcher(for: rules.configuration, options: options, clock: clock, logger: logger),
                          logger: logger, batchSize: options.batchSize)
    }

    /// The channels' dispatcher on the worker's thread (held channels, direct sends).
    var dispatcher: Dispatcher { pump.dispatcher }

    /// Starts the sending thread, claiming as `claimer` on a shared state. Call it after the
    /// ``WakeSource`` blocked the signals (the thread inherits the mask).
    func startThread(rules: Workspace, claimer: String) throws {
        thread = try OutboxSender(options: options, channels: rules.configuration.channels, clock: clock, logger: logger, claimer: claimer,
                              notifications: fleet?.outboxNotifications)
    }

    func run(at now: Int64) {
        let queued = handoff.take()
        if let thread {
            // The sender thread sends (and wakes itself for retries and expiries): the pass is done.
            thread.enqueue(queued)
            nextRun = nil
            return
        }
        pump.deliver(now: now, fresh: queued, betweenRounds: betweenRounds)
        nextRun = (try? store.nextAttemptTime(excludingChannels: pump.heldChannels)) ?? nil
    }

    /// Wakes the sending thread to look at the outbox again (a clock change: retries and expiries moved).
    func poke() { thread?.poke() }

    func reload(_ rules: Workspace, at now: Int64) {
        pump.dispatcher = Self.dispatcher(for: rules.configuration, options: options, clock: clock, logger: logger)
        thread?.reload(channels: rules.configuration.channels)
    }

    /// Stops the sending thread (the requests running finish within the request timeout and are
    /// recorded) and waits for it.
    func stop(at now: Int64) {
        guard let thread else { return }
        self.thread = nil
        let limit = options.dispatcherConfiguration.requestTimeout + options.dispatcherConfiguration.connectTimeout + .seconds(5)
        if !thread.stop(timeout: Double(limit.components.seconds)) {
            logger.log(.error, "outbox.sender_stuck", ["msg": "the sender did not finish its requests within \(limit); exiting anyway"])
        }
    }

    /// Sends a notice without the outbox (its commit failed): through the worker thread's
    /// dispatcher, to each of its channels, once; the outcome is logged.
    func sendDirectly(_ notice: Notice) {
        let jobs = notice.channels.map { DeliveryJob(id: 0, notification: notice, channel: $0) }
        for result in pump.dispatcher.send(jobs) {
            logger.log(.warning, "health.sent_directly", ["channel": result.job.channel, "key": notice.key, "outcome": "\(result.outcome)"])
        }
    }

    /// A dispatcher for the configuration's channels. A channel whose secret is missing is logged
    /// (`channel.secret_missing`) and held: its notifications wait, pending, until a reload finds the
    /// secret, and expire on time meanwhile. So is a desktop channel without a session bus or
    /// `notify-send` (`channel.held`), until the outbox sees it can show again. Any other unusable channel is logged
    /// (`channel.unusable`); its notifications become dead letters with the reason.
    private static func dispatcher(for configuration: Configuration, options: WorkerOptions, clock: any WorkerClock,
                                   logger: LogfmtLogger) -> Dispatcher {
        let dispatcher = Dispatcher(channels: configuration.channels, secrets: SecretSource(environment: options.environment),
                                    configuration: options.dispatcherConfiguration, now: clock.date)
        for (id, problem) in dispatcher.problems.sorted(by: { $0.key < $1.key }) {
            if let secret = problem.secret {
                logger.log(.warning, "channel.secret_missing", fields: [
                    (key: "channel", value: id), (key: "secret", value: secret),
                    (key: "msg", value: "\(problem); its notifications are held until a reload (SIGHUP, a rules change, a restart) finds it"),
                ])
            } else {
                logger.log(.error, "channel.unusable", ["channel": id, "msg": "\(problem)"])
            }
        }
        for (id, error) in dispatcher.undeliverableChannels().sorted(by: { $0.key < $1.key }) {
            logger.log(.warning, "channel.held", ["channel": id, "msg": error.holdMessage.english])
        }
        for warning in dispatcher.warnings { logger.log(.warning, "channel.warning", ["msg": warning.english]) }
        return dispatcher
    }
}

@available(*, unavailable, message: "a service of the worker's one thread")
extension Sender: Sendable {}
