import Notifications
import Secrets

/// One notification to send through one channel: what the dispatcher hands a ``Notifier``.
public struct ChannelJob: Sendable {
    /// What to send; its key is the idempotency key of every attempt.
    public var notification: Notice
    /// Which attempt this is, 1 for the first.
    public var attempt: Int
    /// The channel id.
    public var channel: String

    /// A job.
    public init(notification: Notice, attempt: Int, channel: String) {
        self.notification = notification
        self.attempt = attempt
        self.channel = channel
    }
}

/// What a notifier sends for one job.
public enum ChannelMessage: Sendable, Equatable {
    /// `POST url` with the payload's headers and body.
    case http(url: String, payload: DeliveryPayload)
    /// A desktop notification: `notify-send` with these options (the argv is made when it runs,
    /// as the expiry is counted from then).
    case desktop(DesktopArguments)
}

/// A channel ready to send, its secrets resolved: turns a job into what to send, and hides its
/// secrets. One type per ``ChannelIntegration``.
public protocol Notifier: Sendable {
    /// What the job is sent as, at `now` (seconds since the epoch; a signature's timestamp).
    func message(for job: ChannelJob, now: Int64) -> ChannelMessage
    /// Hides the channel's secrets (URL, topic, token, signing secret) in text.
    var redaction: URLRedaction { get }
    /// `https://hooks.slack.com/…`: the scheme and host of where it sends; empty for a desktop channel.
    var displayURL: String { get }
    /// The URL posted to (a secret when it came from one); nil for a desktop channel.
    var url: String? { get }
    /// The request headers whose values are credentials (lower case): their exact values sent are
    /// hidden in answers that echo them. `authorization` by default.
    var credentialHeaders: Set<String> { get }
}

extension Notifier {
    /// `authorization`.
    public var credentialHeaders: Set<String> { ["authorization"] }

    /// The redaction of a request carrying `payload`: the notifier's, plus the values of the credential
    /// headers it sends (an HMAC cannot be derived from the secret alone, so the exact value sent is
    /// hidden if an answer echoes it).
    public func redaction(sending payload: DeliveryPayload) -> URLRedaction {
        var sent: [String] = []
        let names = credentialHeaders
        for field in payload.headers where names.contains(field.name.lowercased()) {
            sent.append(field.value)
            // `Bearer <token>`: the credential alone, too.
            if let space = field.value.firstIndex(of: " ") {
                sent.append(String(field.value[field.value.index(after: space)...]))
            }
            // `t=…,v1=<hex>`: each signature alone, too.
            for part in field.value.split(separator: ",") where part.hasPrefix("v1=") { sent.append(String(part.dropFirst(3))) }
        }
        return sent.isEmpty ? redaction : redaction.adding(secrets: sent)
    }
}

/// The common parts of an HTTP notifier: where it posts and what it hides.
public struct HTTPDestination: Sendable {
    /// The URL posted to.
    public var url: String
    /// Hides the URL's secret parts and the channel's other secrets.
    public var redaction: URLRedaction
    /// The scheme and host only.
    public var displayURL: String

    /// A destination posting to `url`, hiding `secrets` (and, when `urlIsSecret`, the URL's path and query).
    public init(url: String, urlIsSecret: Bool, secrets: [String] = []) {
        self.url = url
        displayURL = ChannelValueChecks.display(url)
        redaction = URLRedaction.standard.adding(secrets: (urlIsSecret ? ChannelValueChecks.secretParts(of: url) : []) + secrets)
    }
}

extension HTTPDestination: CustomReflectable {
    /// The host only: `dump` never shows the URL.
    public var customMirror: Mirror { Mirror(self, children: ["displayURL": displayURL]) }
}

/// A notifier that posts the payload a pure function builds from the notification (Slack, Discord).
public struct PayloadNotifier: Notifier {
    let destination: HTTPDestination
    let build: @Sendable (Notice) -> DeliveryPayload

    /// A notifier posting `build`'s payloads to `destination`.
    public init(destination: HTTPDestination, build: @escaping @Sendable (Notice) -> DeliveryPayload) {
        self.destination = destination
        self.build = build
    }

    /// The payload of the job's notification.
    public func message(for job: ChannelJob, now: Int64) -> ChannelMessage {
        .http(url: destination.url, payload: build(job.notification))
    }
    /// Hides the URL.
    public var redaction: URLRedaction { destination.redaction }
    /// The URL's scheme and host.
    public var displayURL: String { destination.displayURL }
    /// The URL.
    public var url: String? { destination.url }
}

extension PayloadNotifier: CustomReflectable {
    /// The host only: `dump` never shows the URL.
    public var customMirror: Mirror { Mirror(self, children: ["displayURL": destination.displayURL]) }
}
