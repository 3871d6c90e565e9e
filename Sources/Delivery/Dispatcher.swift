import Config
import Foundation
import HTTP
import Secrets

/// Sends delivery jobs: every HTTP job of a batch concurrently through one libcurl multi
/// `perform` within a capped, reused connection pool; desktop jobs one after another.
///
/// For each job, in order: an unknown or misconfigured channel is a permanent failure; an
/// expired notification is not sent (``DeliveryOutcome/expired``); a job over its channel's rate
/// limit is deferred (not an attempt); the rest are sent. The idempotency key is the
/// notification's key on every attempt. Answers are classified: 2xx delivered; 408, 429, 5xx,
/// timeouts and connection failures retried (honouring `Retry-After`); other 4xx and 3xx
/// permanent. No message shows a channel's URL, topic, token or signing secret.
///
/// ``send(_:)`` sends a batch and waits for all of it; ``start(_:tag:)`` and
/// ``collect(waitMilliseconds:wakeDescriptor:)`` send job by job and hand back each result as its
/// request completes (the worker's outbox records each answer as it comes).
///
/// Not `Sendable`: it owns an ``HTTPMultiClient``; confine it to one thread or actor.
public final class Dispatcher {
    /// The settings.
    public let configuration: DispatcherConfiguration
    /// The usable channels by id.
    public let endpoints: [String: ChannelEndpoint]
    /// Channels that cannot be used, by id; their jobs fail permanently with the error.
    public let problems: [String: ChannelConfigurationError]
    /// Warnings about usable channels (a secret URL written in the configuration).
    public let warnings: [String]
    /// The channels whose only problem is a secret (not set, unreadable, unusable), by id: their
    /// configuration is fine and a reload that finds the secret makes them usable. The worker holds
    /// their notifications instead of sending them (a job sent to one anyway fails permanently).
    public var secretProblems: [String: ChannelConfigurationError] { problems.filter { $0.value.secret != nil } }

    let client: HTTPMultiClient
    let desktop: DesktopNotifier
    var rateLimiter: ChannelRateLimiter
    let now: @Sendable () -> Date
    /// The jobs whose requests ``start(_:tag:)`` started and ``collect(waitMilliseconds:wakeDescriptor:)``
    /// has not handed back yet, by tag.
    var runningJobs: [Int: DeliveryJob] = [:]
    /// The tags of the running jobs that are desktop notifications (each `notify-send` on its own thread).
    var runningDesktop = Set<Int>()
    /// The redaction of each running request (the endpoint's plus the header values it sent), by tag.
    var runningRedactions: [Int: URLRedaction] = [:]
    /// The outcomes of desktop notifications finished on their threads, not yet collected.
    let desktopOutcomes = DesktopOutcomes()

    /// A dispatcher for `channels`, resolving their secrets from `secrets` (whose environment also
    /// gives `notify-send` its `DBUS_SESSION_BUS_ADDRESS`, `DISPLAY` and `PATH`).
    ///
    /// - Parameters:
    ///   - now: the clock for expiry, rate limits, retry times and signatures.
    ///   - random: the jitter source of the retry schedule (`0..<1`); nil keeps the configuration's.
    public init(
        channels: [ChannelSpec], secrets: SecretSource, configuration: DispatcherConfiguration = DispatcherConfiguration(),
        now: @escaping @Sendable () -> Date = { Date() }, random: (@Sendable () -> Double)? = nil
    ) {
        var configuration = configuration
        if let random { configuration.retrySchedule.random = random }
        self.configuration = configuration
        var endpoints: [String: ChannelEndpoint] = [:]
        var problems: [String: ChannelConfigurationError] = [:]
        var warnings: [String] = []
        var limits: [String: ChannelRateLimiter.Limit] = [:]
        for spec in channels {
            do {
                let endpoint = try ChannelEndpoint(spec, secrets: secrets)
                endpoints[spec.id] = endpoint
                warnings += endpoint.warnings
                if let limit = endpoint.rateLimit { limits[spec.id] = limit }
            } catch {
                problems[spec.id] = error
            }
        }
        self.endpoints = endpoints
        self.problems = problems
        self.warnings = warnings
        self.now = now
        rateLimiter = ChannelRateLimiter(limits: limits, now: now)
        client = HTTPMultiClient(configuration: HTTPClientConfiguration(
            userAgent: configuration.userAgent, maxIdleConnections: configuration.maxConnections,
            proxy: configuration.proxy, now: now))
        client.limitConnections(configuration.maxConnections, perHost: configuration.maxConnectionsPerHost)
        desktop = DesktopNotifier(environment: secrets.environment, executable: configuration.notifySend,
                                  timeout: configuration.desktopTimeout)
    }

    /// Sends `jobs` and returns one result per job, in the order given. Blocks until every
    /// request has finished or timed out.
    public func send(_ jobs: [DeliveryJob]) -> [DeliveryResult] {
        var outcomes = [DeliveryOutcome?](repeating: nil, count: jobs.count)
        var requests: [HTTPRequest] = []
        var requestJobs: [Int] = []
        var desktopJobs: [Int] = []
        let start = now().timeIntervalSince1970

        for (index, job) in jobs.enumerated() {
            switch prepare(job, at: start) {
            case .decided(let outcome): outcomes[index] = outcome
            case .desktop: desktopJobs.append(index)
            case .request(_, let request):
                requests.append(request)
                requestJobs.append(index)
            }
        }

        if !requests.isEmpty {
            let responses = client.perform(requests, maxConnections: configuration.maxConnections,
                                           maxConnectionsPerHost: configuration.maxConnectionsPerHost)
            for (position, response) in responses.enumerated() {
                let index = requestJobs[position]
                guard let endpoint = endpoints[jobs[index].channel] else { continue }
                outcomes[index] = Self.outcome(of: response, endpoint: endpoint, redaction: requests[position].redaction)
            }
        }

        for index in desktopJobs {
            guard let endpoint = endpoints[jobs[index].channel], let options = endpoint.desktop else { continue }
            let nowSecond = Int64(now().timeIntervalSince1970.rounded(.down))
            // Desktop jobs run one after another: one that expired while the others ran is not shown.
            if let expiresAt = jobs[index].notification.expiresAt, expiresAt <= nowSecond {
                outcomes[index] = .expired
                continue
            }
            do {
                try desktop.notify(jobs[index].notification, options: options, now: nowSecond)
                outcomes[index] = .delivered(status: nil)
            } catch {
                let reason = "desktop channel \"\(endpoint.id)\": \(error.message)"
                outcomes[index] = error.isTransient ? .retry(after: nil, reason: reason) : .permanent(reason: reason)
            }
        }

        let finished = Int64(now().timeIntervalSince1970.rounded(.down))
        return jobs.enumerated().map { index, job in
            let outcome = outcomes[index] ?? .permanent(reason: "channel \"\(job.channel)\": not sent")
            let next = configuration.retrySchedule.nextAttempt(after: outcome, attempt: job.attempt, now: finished)
            return DeliveryResult(job: job, outcome: outcome, nextAttemptAt: next)
        }
    }

    /// What a job needs before anything is sent, the same for ``send(_:)`` and ``start(_:tag:)``.
    enum Prepared {
        /// Decided without sending: an unknown or unusable channel, expired, or deferred by the rate limit.
        case decided(DeliveryOutcome)
        /// A desktop notification (`notify-send`), or a channel that sends nothing.
        case desktop(ChannelEndpoint)
        /// An HTTP request, redacting the endpoint's secrets and the header values it sends.
        case request(ChannelEndpoint, HTTPRequest)
    }

    /// Looks the job's channel up, then checks expiry (at `start`) and the rate limit, then builds the
    /// request: the stages every send passes before the transport.
    func prepare(_ job: DeliveryJob, at start: TimeInterval) -> Prepared {
        guard let endpoint = endpoints[job.channel] else {
            return .decided(.permanent(reason: problems[job.channel]?.description ?? "unknown channel \"\(job.channel)\""))
        }
        if let expiresAt = job.notification.expiresAt, Double(expiresAt) <= start { return .decided(.expired) }
        if let until = rateLimiter.acquire(job.channel) { return .decided(.deferred(until: until)) }
        guard let payload = endpoint.payload(for: job, now: Int64(start.rounded(.down))), let url = endpoint.url else {
            return .desktop(endpoint)
        }
        return .request(endpoint, HTTPRequest(
            method: .post, url: url, headers: payload.headers, body: payload.body,
            connectTimeout: configuration.connectTimeout, timeout: configuration.requestTimeout,
            maxResponseBytes: configuration.maxResponseBytes, redirects: .doNotFollow,
            redaction: endpoint.redaction(sending: payload)))
    }

    /// The most characters of an error answer's body kept in a reason (after redaction).
    static let bodySnippetLength = 300
    /// The most bytes of an error answer's body redacted (a secret cut at the snippet's end would
    /// otherwise escape being recognised).
    static let bodyRedactionBytes = 64 * 1024

    /// The outcome of one HTTP transfer to `endpoint`; `redaction` (the request's: the endpoint's
    /// secrets and the credential headers sent) hides secrets the answer echoes.
    static func outcome(of result: Result<HTTPResponse, HTTPError>, endpoint: ChannelEndpoint,
                        redaction: URLRedaction? = nil) -> DeliveryOutcome {
        let redaction = redaction ?? endpoint.redaction
        let place = "\(endpoint.kind.rawValue) channel \"\(endpoint.id)\""
        switch result {
        case .failure(let error):
            // The error's detail is already redacted with the request's redaction.
            let reason = "\(place): POST \(endpoint.displayURL): \(error.reason)"
            return error.isTransient ? .retry(after: nil, reason: reason) : .permanent(reason: reason)
        case .success(let response):
            if response.isSuccess { return .delivered(status: response.status) }
            var reason = "\(place): POST \(endpoint.displayURL): HTTP \(response.status)"
            // The whole body (up to a bound) is redacted before it is cut, line by line structure kept
            // (so `Authorization: …` lines are recognised), and only then shortened.
            let body = redaction.redact(text: String(decoding: response.body.prefix(Self.bodyRedactionBytes), as: UTF8.self))
            let snippet = String(body.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                .prefix(Self.bodySnippetLength))
            if !snippet.isEmpty { reason += ": \(snippet)" }
            reason = redaction.redact(text: reason)
            if RetryPolicy.isRetryableStatus(response.status) {
                return .retry(after: response.retryAfterDelay, reason: reason)
            }
            if (300..<400).contains(response.status) { return .permanent(reason: reason + " (redirects are not followed)") }
            return .permanent(reason: reason)
        }
    }
}

@available(*, unavailable, message: "Dispatcher owns an HTTPMultiClient: confine it to one thread or actor")
extension Dispatcher: Sendable {}
