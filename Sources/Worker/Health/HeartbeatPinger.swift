import Daemon
import Foundation
import HTTP
import Secrets
import Synchronization

/// The heartbeat of the `health:` section: a GET of a monitor's ping URL (healthchecks.io, Uptime
/// Kuma's push monitors, …) on a thread of its own, so a slow or unreachable monitor never delays a
/// rule. The worker's loop asks for each ping (``ping()``) when its interval has passed: a worker
/// whose loop is stuck, or that died, stops pinging, and the monitor says so.
///
/// The URL is a secret (it is the monitor's credential): the requests are made with it redacted
/// from every error, and the log shows `REDACTED` for it. One ping at a time: a ping asked for while
/// the last one still runs is skipped.
final class HeartbeatPinger: Sendable {
    private struct State {
        var wanted = false
        var stopping = false
        /// Whether the last ping failed (the next success is logged).
        var failing = false
        /// Pings answered 2xx so far (the first is logged).
        var succeeded = 0
    }

    private let state = Mutex(State())
    private let signal = DispatchSemaphore(value: 0)
    private let thread = Mutex<ServiceThread?>(nil)
    private let url: String
    private let logger: LogfmtLogger
    private let proxy: HTTPClientConfiguration.Proxy

    /// Starts the pinging thread for `url` (resolved from the configuration's secret reference).
    init(url: String, proxy: HTTPClientConfiguration.Proxy, logger: LogfmtLogger) {
        self.url = url
        self.proxy = proxy
        self.logger = logger.redacting(URLRedaction.derivedForms(of: url))
        let pinging = ServiceThread(name: "leavenow-heartbeat") { [self] in run() }
        thread.withLock { $0 = pinging }
    }

    /// Asks for a ping now (returns at once).
    func ping() {
        let start = state.withLock { state -> Bool in
            guard !state.wanted, !state.stopping else { return false }
            state.wanted = true
            return true
        }
        if start { signal.signal() }
    }

    /// Ends the thread after the ping running or asked for (bounded by its timeout), waiting at most
    /// `timeout` seconds (0: not at all).
    func stop(timeout: Double = 15) {
        state.withLock { $0.stopping = true }
        signal.signal()
        thread.withLock { $0 }?.join(timeout: timeout)
    }

    private func run() {
        let client = HTTPClient(configuration: HTTPClientConfiguration(proxy: proxy))
        let redaction = URLRedaction.standard.adding(secrets: [url])
        while true {
            signal.wait()
            // A ping asked for is made even when a stop follows (`run --once` pings once, then exits).
            let (wanted, stopping) = state.withLock { ($0.wanted, $0.stopping) }
            guard wanted else {
                if stopping { return }
                continue
            }
            let request = HTTPRequest(url: url, connectTimeout: .seconds(5), timeout: .seconds(10), maxResponseBytes: 64 * 1024,
                                      redaction: redaction)
            var failure: String?
            do {
                let response = try client.perform(request)
                if !(200..<300).contains(response.status) { failure = "HTTP \(response.status)" }
            } catch {
                failure = "\(error)"
            }
            let (wasFailing, first) = state.withLock { state -> (Bool, Bool) in
                state.wanted = false
                let before = (state.failing, state.succeeded == 0)
                state.failing = failure != nil
                if failure == nil { state.succeeded += 1 }
                return before
            }
            if let failure {
                logger.log(.warning, "heartbeat.failed", ["msg": "the heartbeat ping failed: \(failure); the monitor may report the worker down"])
            } else if wasFailing || first {
                logger.log(.info, "heartbeat.ok", ["msg": wasFailing ? "the heartbeat ping answers again" : "the first heartbeat ping was answered"])
            }
            if stopping { return }
        }
    }
}
