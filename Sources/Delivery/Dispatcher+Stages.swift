import Channels
import Foundation
import HTTP
import Notifications
import Messages

/// The stages every job passes, the same for ``Dispatcher/send(_:)`` (a batch) and
/// ``Dispatcher/start(_:tag:)`` (the worker's incremental path): look up → expire → rate-limit →
/// compose, then the transport (curl multi, or the desktop runner) and classify.
extension Dispatcher {
    /// A job after the stages before the transport.
    enum Prepared {
        /// Decided without sending: an unknown or unusable channel, expired, or deferred by the rate limit.
        case decided(DeliveryOutcome)
        /// A desktop notification: `notify-send` with these options.
        case desktop(ChannelEndpoint, DesktopArguments)
        /// An HTTP request, redacting the endpoint's secrets and the header values it sends.
        case request(ChannelEndpoint, HTTPRequest)
    }

    /// Look up, expire, rate-limit, compose: everything before the transport, at `start` (seconds
    /// since the epoch).
    func prepare(_ job: DeliveryJob, at start: TimeInterval) -> Prepared {
        let endpoint: ChannelEndpoint
        switch lookUp(job) {
        case .success(let found): endpoint = found
        case .failure(let refusal): return .decided(refusal.outcome)
        }
        if Self.hasExpired(job.notification, at: start) { return .decided(.expired) }
        if let deferred = rateLimit(job) { return .decided(deferred) }
        return compose(job, endpoint: endpoint, now: Int64(start.rounded(.down)))
    }

    /// Why a job has no channel to go through.
    struct Refusal: Error {
        /// A permanent failure naming the problem.
        var outcome: DeliveryOutcome
    }

    /// *Look up*: the job's usable channel, or a permanent failure (unknown, or unusable and why).
    func lookUp(_ job: DeliveryJob) -> Result<ChannelEndpoint, Refusal> {
        if let endpoint = endpoints[job.channel] { return .success(endpoint) }
        return .failure(Refusal(outcome: .permanent(reason: problems[job.channel]?.descriptionMessage
            ?? Message(.deliveryUnknownChannel, ["channel": .text("\"\(job.channel)\"")]))))
    }

    /// *Expire*: whether `notification` has expired at `time` (seconds since the epoch).
    static func hasExpired(_ notification: Notice, at time: TimeInterval) -> Bool {
        guard let expiresAt = notification.expiresAt else { return false }
        return Double(expiresAt) <= time
    }

    /// *Rate-limit*: nil when the job may go now (a token taken), else its deferral.
    func rateLimit(_ job: DeliveryJob) -> DeliveryOutcome? {
        rateLimiter.acquire(job.channel).map { .deferred(until: $0) }
    }

    /// *Compose*: what the channel's notifier makes of the job at `now`, as an HTTP request (with
    /// this dispatcher's limits, no redirects, and the redaction of the credential headers sent) or
    /// the desktop options.
    func compose(_ job: DeliveryJob, endpoint: ChannelEndpoint, now: Int64) -> Prepared {
        switch endpoint.message(for: job, now: now) {
        case .desktop(let arguments):
            return .desktop(endpoint, arguments)
        case .http(let url, let payload):
            return .request(endpoint, HTTPRequest(
                method: .post, url: url, headers: HTTPHeaders(payload.headers), body: payload.body,
                connectTimeout: configuration.connectTimeout, timeout: configuration.requestTimeout,
                maxResponseBytes: configuration.maxResponseBytes, redirects: .doNotFollow,
                redaction: endpoint.redaction(sending: payload),
                // A channel answers in a few bytes (read only for an error's snippet): no Accept-Encoding.
                acceptsCompression: false))
        }
    }

    /// *Send* (desktop) and *classify*: shows `notification` with `runner` unless it expired while
    /// waiting (desktop jobs run one after another, or on a thread of their own).
    static func showDesktop(_ notification: Notice, arguments: DesktopArguments, channel: String, runner: DesktopNotifier,
                            now: @Sendable () -> Date) -> DeliveryOutcome {
        let second = Int64(now().timeIntervalSince1970.rounded(.down))
        if hasExpired(notification, at: Double(second)) { return .expired }
        do {
            try runner.notify(notification, options: arguments, now: second)
            return .delivered(status: nil)
        } catch {
            let reason = ChannelEndpoint.place(kind: .desktop, id: channel) + .verbatim(": ") + error.text
            return error.isTransient ? .retry(after: nil, reason: reason) : .permanent(reason: reason)
        }
    }

    /// The result of `job` with `outcome`, finished at `finished`: when to try again, from the retry
    /// schedule, within the channel's `max_retry_delay` and before the notification expires.
    func result(_ job: DeliveryJob, _ outcome: DeliveryOutcome, finished: Int64) -> DeliveryResult {
        DeliveryResult(job: job, outcome: outcome,
                       nextAttemptAt: configuration.retrySchedule.nextAttempt(
                           after: outcome, attempt: job.attempt, now: finished, expiresAt: job.notification.expiresAt,
                           maxDelay: endpoints[job.channel]?.maxRetryDelay))
    }
}
