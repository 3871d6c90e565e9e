import Foundation
import JSONText
import Messages
import Notifications
import Secrets

extension ChannelKind {
    /// `type: gotify`: an application on a self-hosted Gotify server.
    public static let gotify: ChannelKind = "gotify"
}

/// `type: gotify`. Settings: `server` (required, the server's https:// or http:// base URL, a path
/// allowed for a server behind a proxy), `token_env` / `token_file` (the application token; a
/// literal `token` is accepted with a warning, as a literal webhook URL is), `priority` (0–10;
/// by default from the urgency: low 2, normal 5, critical 8), `rate_per_minute` (60 by default).
public struct GotifyIntegration: ChannelIntegration {
    /// A Gotify channel's checked settings.
    public struct Settings: Sendable {
        /// `server`, without a trailing slash.
        public var server: String
        /// `priority`, 0 to 10; nil: from the notification's urgency.
        public var priority: Int?
    }

    /// The integration.
    public init() {}
    /// `gotify`.
    public var kind: ChannelKind { .gotify }
    /// `server`, `priority`.
    public var settingKeys: [String] { ["server", "priority"] }
    /// The application token (required; a literal warns).
    public var secrets: [SecretSetting] {
        [SecretSetting(what: Message(.secretWhatToken), prefix: "token", literal: .warned(Message(.secretLiteralGotifyToken)),
                       required: true)]
    }
    /// 60 a minute.
    public var defaultRatePerMinute: Int? { 60 }

    /// Checks `server`, the token and `priority`.
    public func check(_ values: ChannelValues) throws(ChannelSettingsError) -> Settings {
        var values = values
        if values["server"] == nil { values.problem(nil, .channelGotifyNeedsServer) }
        let server = values.plainURL("server")
        values.requireExactlyOne(of: ["token", "token_env", "token_file"])
        if let token = values["token"], token.trimmingCharacters(in: .whitespaces).isEmpty {
            values.problem("token", .channelNotEmpty, ["key": .text("token")])
        }
        var priority: Int?
        if let text = values["priority"] {
            if let value = Int(text), (0...10).contains(value) {
                priority = value
            } else {
                values.problem("priority", .channelGotifyPriority, ["value": .text("\"\(text)\"")])
            }
        }
        return try values.result(Settings(server: server ?? "", priority: priority))
    }

    /// A ``GotifyNotifier`` posting to `<server>/message`.
    public func notifier(_ settings: Settings, secrets: ResolvedSecrets, channel: String) throws(ChannelSetupError) -> any Notifier {
        guard let token = secrets["token"] else { throw ChannelSetupError(.channelNeedsOneOf, ["keys": .message(.list(["token", "token_env", "token_file"]))]) }
        guard !token.value.isEmpty else { throw ChannelSetupError(.channelSecretEmpty, ["what": .key(.secretWhatToken)], secret: token.name) }
        let url = settings.server + "/message"
        if let problem = ChannelValueChecks.urlProblem(url, key: Message(.nounTheURL)) { throw ChannelSetupError(problem) }
        return GotifyNotifier(destination: HTTPDestination(url: url, urlIsSecret: false, secrets: [token.value]),
                              priority: settings.priority, token: token.value)
    }
}

/// Posts messages to a Gotify application.
public struct GotifyNotifier: Notifier {
    let destination: HTTPDestination
    let priority: Int?
    let token: String

    /// The Gotify payload.
    public func message(for job: ChannelJob, now: Int64) -> ChannelMessage {
        .http(url: destination.url, payload: GotifyPayload.build(job.notification, priority: priority, token: token))
    }
    /// Hides the token.
    public var redaction: URLRedaction { destination.redaction }
    /// The server's scheme and host.
    public var displayURL: String { destination.displayURL }
    /// `<server>/message`.
    public var url: String? { destination.url }
    /// `x-gotify-key` and `authorization`.
    public var credentialHeaders: Set<String> { ["authorization", GotifyPayload.tokenHeader.lowercased()] }
}

extension GotifyNotifier: CustomReflectable {
    /// The host only: `dump` never shows the token.
    public var customMirror: Mirror { Mirror(self, children: ["displayURL": destination.displayURL]) }
}

/// A Gotify message (`POST <server>/message`, the application token in `X-Gotify-Key`):
///
/// ```json
/// {"title": "…", "message": "text\nlink", "priority": 5,
///  "extras": {"client::display": {"contentType": "text/plain"},
///             "client::notification": {"click": {"url": "link"}}}}
/// ```
///
/// The link is the last line of the message (every client shows it) and, when there is one,
/// `extras` make a tap on the Android notification open it; without a link there are no `extras`.
/// Headers: `Content-Type: application/json`, `Idempotency-Key`, `X-Gotify-Key`.
public enum GotifyPayload {
    /// The header carrying the application token.
    public static let tokenHeader = "X-Gotify-Key"

    /// Gotify's priority (0–10) for an urgency: low 2, normal 5, critical 8.
    public static func priority(for urgency: Urgency) -> Int {
        switch urgency {
        case .low: 2
        case .normal: 5
        case .critical: 8
        }
    }

    /// The payload for `notification`.
    ///
    /// - Parameters:
    ///   - priority: the channel's `priority`, replacing the urgency's.
    ///   - token: the application token.
    public static func build(_ notification: Notice, priority: Int? = nil, token: String) -> DeliveryPayload {
        var message = notification.text
        let link = notification.link.flatMap { $0.isEmpty ? nil : $0 }
        if let link = notification.linkAfterText { message += (message.isEmpty ? "" : "\n") + link }
        var writer = JSONWriter(style: .compact, capacity: 512)
        writer.beginObject()
        writer.member("title", notification.title)
        writer.member("message", message)
        writer.member("priority", Int64(priority ?? self.priority(for: notification.urgency)))
        if let link {
            writer.key("extras")
            writer.beginObject()
            writer.key("client::display")
            writer.beginObject()
            writer.member("contentType", "text/plain")
            writer.endObject()
            writer.key("client::notification")
            writer.beginObject()
            writer.key("click")
            writer.beginObject()
            writer.member("url", link)
            writer.endObject()
            writer.endObject()
            writer.endObject()
        }
        writer.endObject()
        var payload = DeliveryPayload.json(Data(writer.bytes), idempotencyKey: notification.key)
        payload.headers.add(tokenHeader, HeaderValue.sanitized(token))
        return payload
    }
}
