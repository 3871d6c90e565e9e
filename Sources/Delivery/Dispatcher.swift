import Channels
import Config
import Foundation
import HTTP
import Secrets
import Messages

/// Sends delivery jobs: every HTTP job of a batch concurrently through one libcurl multi
/// `perform` within a capped, reused connection pool; desktop jobs one after another.
///
/// Every job passes the same stages (`Dispatcher+Stages.swift`), whichever way it is sent:
/// 1. *look up* its channel: an unknown or misconfigured one is a permanent failure;
/// 2. *expire*: an expired notification is not sent (``DeliveryOutcome/expired``);
/// 3. *rate-limit*: a job over its channel's rate is deferred (not an attempt);
/// 4. *compose*: the channel's notifier makes the HTTP request (redacting the credential headers
///    it sends) or the `notify-send` options;
/// 5. *send*: through the curl multi client, or the desktop runner (which checks the expiry again);
/// 6. *classify* the answer: 2xx delivered; 408, 429, 5xx, timeouts and connection failures retried
///    (honouring `Retry-After`); other 4xx and 3xx permanent; then the retry schedule.
///
/// The idempotency key is the notification's key on every attempt. No message shows a channel's
/// URL, topic, token or signing secret.
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
    /// Warnings about usable channels (a secret URL written in the configuration), for the reader's language.
    public let warnings: [Message]
    /// The channels whose only problem is a secret (not set, unreadable, unusable), by id: their
    /// configuration is fine and a reload that finds the secret makes them usable. The worker holds
    /// their notifications instead of sending them (a job sent to one anyway fails permanently).
    public var secretProblems: [String: ChannelConfigurationError] { problems.filter { $0.value.secret != nil } }

    /// The desktop channels that cannot show anything now, by id: no D-Bus session bus, or no
    /// `notify-send` (looked at again on each call: a session can start, the program be installed).
    /// The worker holds their notifications, as for a missing secret, instead of retrying them.
    public func undeliverableChannels() -> [String: DesktopNotifierError] {
        var found: [String: DesktopNotifierError] = [:]
        for (id, endpoint) in endpoints where endpoint.kind == .desktop {
            do {
                try desktop.checkReady()
            } catch {
                found[id] = error
            }
        }
        return found
    }

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
        var warnings: [Message] = []
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
        var requests: [(index: Int, endpoint: ChannelEndpoint, request: HTTPRequest)] = []
        var desktopJobs: [(index: Int, endpoint: ChannelEndpoint, arguments: DesktopArguments)] = []
        let start = now().timeIntervalSince1970

        for (index, job) in jobs.enumerated() {
            switch prepare(job, at: start) {
            case .decided(let outcome): outcomes[index] = outcome
            case .desktop(let endpoint, let arguments): desktopJobs.append((index, endpoint, arguments))
            case .request(let endpoint, let request): requests.append((index, endpoint, request))
            }
        }

        if !requests.isEmpty {
            let responses = client.perform(requests.map(\.request), maxConnections: configuration.maxConnections,
                                           maxConnectionsPerHost: configuration.maxConnectionsPerHost)
            for (sent, response) in zip(requests, responses) {
                outcomes[sent.index] = Self.classify(response, endpoint: sent.endpoint, redaction: sent.request.redaction)
            }
        }

        // Desktop jobs run one after another, each checking its expiry when it runs.
        for sent in desktopJobs {
            outcomes[sent.index] = Self.showDesktop(jobs[sent.index].notification, arguments: sent.arguments, channel: sent.endpoint.id,
                                                    runner: desktop, now: now)
        }

        let finished = currentSecond
        return jobs.enumerated().map { index, job in
            result(job, outcomes[index] ?? .permanent(reason: Message(.deliveryNotSent, ["channel": .text("\"\(job.channel)\"")])), finished: finished)
        }
    }

    /// The most characters of an error answer's body kept in a reason (after redaction).
    static let bodySnippetLength = 300
    /// The most bytes of an error answer's body redacted (a secret cut at the snippet's end would
    /// otherwise escape being recognised).
    static let bodyRedactionBytes = 64 * 1024

    /// The *classify* stage for HTTP: the outcome of one transfer to `endpoint`; `redaction` (the
    /// request's: the endpoint's secrets and the credential headers sent) hides secrets the answer echoes.
    static func classify(_ result: Result<HTTPResponse, HTTPError>, endpoint: ChannelEndpoint,
                         redaction: URLRedaction? = nil) -> DeliveryOutcome {
        let redaction = redaction ?? endpoint.redaction
        // Built only for a failure: a delivery (nearly every answer) allocates nothing here.
        var place: Message { ChannelEndpoint.place(kind: endpoint.kind, id: endpoint.id) }
        switch result {
        case .failure(let error):
            // The error's detail is already redacted with the request's redaction.
            let reason = place + .verbatim(": POST \(endpoint.displayURL): ") + error.reasonText
            return error.isTransient ? .retry(after: nil, reason: reason) : .permanent(reason: reason)
        case .success(let response):
            if response.isSuccess { return .delivered(status: response.status) }
            var reason = "POST \(endpoint.displayURL): HTTP \(response.status)"
            // The whole body (up to a bound) is redacted before it is cut, line by line structure kept
            // (so `Authorization: …` lines are recognised), and only then shortened.
            let body = redaction.redact(text: String(decoding: response.body.prefix(Self.bodyRedactionBytes), as: UTF8.self))
            let snippet = String(body.trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                .prefix(Self.bodySnippetLength))
            if !snippet.isEmpty { reason += ": \(snippet)" }
            let said = place + .verbatim(": " + redaction.redact(text: reason))
            if RetryPolicy.isRetryableStatus(response.status) {
                return .retry(after: response.retryAfterDelay, reason: said)
            }
            if (300..<400).contains(response.status) { return .permanent(reason: said + Message(.deliveryRedirectsNotFollowed)) }
            return .permanent(reason: said)
        }
    }
}

@available(*, unavailable, message: "Dispatcher owns an HTTPMultiClient: confine it to one thread or actor")
extension Dispatcher: Sendable {}
