import Foundation
import HTTP

extension Dispatcher {
    /// Requests started with ``start(_:tag:)`` whose results ``collect(waitMilliseconds:wakeDescriptor:)``
    /// has not returned yet. Keep it at most ``DispatcherConfiguration/maxConnections``.
    public var runningCount: Int { runningJobs.count }

    /// How many of the running requests are for `channel`.
    public func runningCount(channel: String) -> Int {
        runningJobs.values.reduce(0) { $0 + ($1.channel == channel ? 1 : 0) }
    }

    /// The dispatcher's clock, in whole seconds since the epoch (what expiry and retry times use).
    public var currentSecond: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }

    /// Starts one job, with the checks of ``send(_:)`` in the same order (unknown or unusable
    /// channel, expiry, rate limit), and returns its result when it is decided at once: a permanent
    /// failure, expired, deferred by the rate limit, a desktop notification (shown here, within the
    /// configured `notify-send` timeout), a request that could not be started. Returns nil when the
    /// request is running: ``collect(waitMilliseconds:wakeDescriptor:)`` hands its result back under
    /// `tag` (unique among the running jobs).
    public func start(_ job: DeliveryJob, tag: Int) -> DeliveryResult? {
        let start = now().timeIntervalSince1970
        let second = Int64(start.rounded(.down))
        func decided(_ outcome: DeliveryOutcome) -> DeliveryResult {
            let finished = Int64(now().timeIntervalSince1970.rounded(.down))
            return DeliveryResult(job: job, outcome: outcome,
                                  nextAttemptAt: configuration.retrySchedule.nextAttempt(after: outcome, attempt: job.attempt, now: finished))
        }
        guard let endpoint = endpoints[job.channel] else {
            return decided(.permanent(reason: problems[job.channel]?.description ?? "unknown channel \"\(job.channel)\""))
        }
        if let expiresAt = job.notification.expiresAt, Double(expiresAt) <= start { return decided(.expired) }
        if let until = rateLimiter.acquire(job.channel) { return decided(.deferred(until: until)) }
        guard let payload = endpoint.payload(for: job, now: second), let url = endpoint.url else {
            guard let options = endpoint.desktop else { return decided(.permanent(reason: "channel \"\(job.channel)\": not sent")) }
            do {
                try desktop.notify(job.notification, options: options, now: second)
                return decided(.delivered(status: nil))
            } catch {
                let reason = "desktop channel \"\(endpoint.id)\": \(error.message)"
                return decided(error.isTransient ? .retry(after: nil, reason: reason) : .permanent(reason: reason))
            }
        }
        let request = HTTPRequest(
            method: .post, url: url, headers: payload.headers, body: payload.body,
            connectTimeout: configuration.connectTimeout, timeout: configuration.requestTimeout,
            maxResponseBytes: configuration.maxResponseBytes, redirects: .doNotFollow,
            redaction: endpoint.redaction)
        if let error = client.start(request, tag: tag) {
            return decided(Self.outcome(of: .failure(error), endpoint: endpoint))
        }
        runningJobs[tag] = job
        return nil
    }

    /// The results of the running requests that completed, with their tags: waits for the first
    /// one at most `waitMilliseconds` (less when `wakeDescriptor` becomes readable; see
    /// `HTTPMultiClient.collect`). With nothing running it only waits, so a sender can sleep here
    /// until its next deadline or a wake-up.
    public func collect(waitMilliseconds: Int32, wakeDescriptor: Int32? = nil) -> [(tag: Int, result: DeliveryResult)] {
        let completed = client.collect(waitMilliseconds: waitMilliseconds, wakeDescriptor: wakeDescriptor)
        guard !completed.isEmpty else { return [] }
        let finished = Int64(now().timeIntervalSince1970.rounded(.down))
        return completed.compactMap { tag, response in
            guard let job = runningJobs.removeValue(forKey: tag) else { return nil }
            let outcome: DeliveryOutcome = endpoints[job.channel].map { Self.outcome(of: response, endpoint: $0) }
                ?? .permanent(reason: "channel \"\(job.channel)\": not sent")
            let next = configuration.retrySchedule.nextAttempt(after: outcome, attempt: job.attempt, now: finished)
            return (tag, DeliveryResult(job: job, outcome: outcome, nextAttemptAt: next))
        }
    }
}
