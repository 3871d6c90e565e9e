import Config
import Daemon
import Rules
import Secrets

/// The heartbeat of the `health:` section: a GET of the monitor's ping URL every interval, made by
/// a ``HeartbeatPinger`` on a thread of its own so a slow monitor never delays a rule. A worker whose
/// passes stop stops pinging, and the monitor says so. On a shared PostgreSQL state the fleet pings
/// once: the worker leasing the partition of ``HealthNotices/rule`` (the watchdog's), so the monitor
/// hears the fleet while some worker does its work — a dead worker's share is the watchdog's to
/// tell, its lease the others' to take. It uses no store.
final class Heartbeat: WorkerService {
    private let options: WorkerOptions
    private let leases: LeaseKeeper?
    private let logger: LogfmtLogger
    /// The pinging thread (nil without a heartbeat, or without its URL).
    private var pinger: HeartbeatPinger?
    /// Seconds between pings.
    private var interval: Int64?
    /// When the next ping is due.
    private(set) var nextRun: Int64?

    init(rules: Workspace, options: WorkerOptions, leases: LeaseKeeper?, logger: LogfmtLogger) {
        self.options = options
        self.leases = leases
        self.logger = logger
        configure(rules.configuration.health?.heartbeat)
    }

    /// Asks the pinging thread for a ping when the interval has passed since the last one.
    func run(at now: Int64) {
        guard let pinger, let interval else { return }
        if let leases, !leases.holds(HealthNotices.rule, now: now) {
            nextRun = nil
            return
        }
        if let nextRun, now < nextRun { return }
        pinger.ping()
        nextRun = now + interval
    }

    func reload(_ rules: Workspace, at now: Int64) {
        // A reload does not wait for a ping in flight: the old thread ends after it.
        pinger?.stop(timeout: 0)
        configure(rules.configuration.health?.heartbeat)
    }

    /// Ends the thread after the ping running or asked for (`run --once` pings once, then exits).
    func stop(at now: Int64) {
        pinger?.stop()
    }

    /// Sets up the heartbeat (a missing URL secret is logged, and there is no ping until a reload finds it).
    private func configure(_ beat: HeartbeatSpec?) {
        pinger = nil
        nextRun = nil
        interval = beat.map { Int64($0.intervalSeconds) }
        guard let beat else { return }
        do {
            let url = try SecretSource(environment: options.environment).resolve(beat.url, for: "the heartbeat")
            pinger = HeartbeatPinger(url: url, proxy: options.dispatcherConfiguration.proxy, logger: logger)
        } catch {
            logger.log(.warning, "heartbeat.secret_missing", fields: [
                (key: "secret", value: beat.url.hint),
                (key: "msg", value: "no heartbeat URL: \(error.reasons.joined(separator: "; ")); no ping until a reload (SIGHUP, a rules change, a restart) finds it"),
            ])
        }
    }
}

@available(*, unavailable, message: "a service of the worker's one thread")
extension Heartbeat: Sendable {}
