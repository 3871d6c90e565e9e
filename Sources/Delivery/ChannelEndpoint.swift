import Foundation
import HTTP
import LiveSources
import Rules
import Timetable

/// A channel ready to send: its settings checked and its secrets (URL, topic, token, signing
/// secret) resolved. Its description and errors never show a secret.
///
/// Secrets: `url_env` / `url_file` (and systemd credentials named like the variable) for webhook,
/// Slack and Discord; `topic_env` / `topic_file` and `token_env` / `token_file` for ntfy;
/// `secret_env` / `secret_file` for a signed webhook. A literal `url` or `topic` in the YAML is
/// accepted (handy for a local sink) but gives a warning, because whoever knows a webhook URL or
/// an ntfy topic can post to it.
public struct ChannelEndpoint: Sendable {
    /// The channel id.
    public var id: String
    /// The kind of channel.
    public var kind: ChannelSpec.Kind
    /// The URL posted to (a secret); nil for a desktop channel.
    var url: String?
    /// Hides the URL, topic, token and signing secret in messages.
    public var redaction: URLRedaction
    /// `https://hooks.slack.com/…`: the URL's scheme and host only.
    public var displayURL: String
    /// The rate limit; nil when unlimited.
    public var rateLimit: ChannelRateLimiter.Limit?
    /// Things worth fixing that do not stop the channel (a literal secret URL).
    public var warnings: [String]

    var signer: WebhookSigner?
    var template: BodyTemplate?
    var zone: ZoneClock?
    var ntfyPriority: Int?
    var ntfyTags: [String] = []
    var ntfyIcon: String?
    var ntfyToken: String?
    var desktop: DesktopArguments?

    /// Checks `spec` and resolves its secrets from `secrets`.
    /// - Throws: ``ChannelConfigurationError`` naming the place and the problem.
    public init(_ spec: ChannelSpec, secrets: SecretSource) throws(ChannelConfigurationError) {
        id = spec.id
        kind = spec.kind
        warnings = []
        redaction = .standard
        displayURL = ""
        let settings = spec.settings
        func fail(_ message: String) -> ChannelConfigurationError {
            ChannelConfigurationError(channel: spec.id, location: spec.location, message: message)
        }
        func secret(_ what: String, prefix: String) throws(ChannelConfigurationError) -> String? {
            if let literal = settings[prefix] { return literal }
            let reference = SecretReference(environmentVariable: settings[prefix + "_env"], file: settings[prefix + "_file"])
            guard reference.environmentVariable != nil || reference.file != nil else { return nil }
            do {
                return try secrets.resolve(reference, for: "channel \"\(spec.id)\"")
            } catch {
                throw fail("no \(what): " + error.reasons.joined(separator: "; "))
            }
        }

        if let rate = settings["rate_per_minute"] {
            guard let value = Double(rate), value >= 0, value.isFinite else {
                throw fail("rate_per_minute must be a number of notifications per minute (0 for unlimited), not \"\(rate)\"")
            }
            rateLimit = value == 0 ? nil : ChannelRateLimiter.Limit(perMinute: value)
        } else {
            rateLimit = ChannelRateLimiter.defaultRatePerMinute(for: spec.kind).map { ChannelRateLimiter.Limit(perMinute: Double($0)) }
        }

        var knownSecrets: [String] = []
        switch spec.kind {
        case .webhook, .slack, .discord:
            guard let url = try secret("URL", prefix: "url") else { throw fail("needs one of url, url_env, url_file") }
            knownSecrets += Self.secretParts(of: url)
            if settings["url"] != nil {
                warnings.append("\(spec.location): channel \"\(spec.id)\": the URL is written in the configuration; "
                    + "whoever knows a webhook URL can post to it: prefer url_env or url_file")
            }
            self.url = url
        case .ntfy:
            let server = (settings["server"] ?? "https://ntfy.sh").trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
            guard let topic = try secret("topic", prefix: "topic"), !topic.isEmpty else {
                throw fail("needs one of topic, topic_env, topic_file")
            }
            if settings["topic"] != nil {
                warnings.append("\(spec.location): channel \"\(spec.id)\": the topic is written in the configuration; "
                    + "whoever knows an ntfy topic can read and post to it: prefer topic_env or topic_file")
            }
            knownSecrets.append(topic)
            let encodedTopic = topic.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? topic
            if encodedTopic != topic { knownSecrets.append(encodedTopic) }
            url = server + "/" + encodedTopic
            ntfyToken = try secret("token", prefix: "token")
            if let token = ntfyToken { knownSecrets.append(token) }
            if let text = settings["priority"] {
                guard let value = Int(text), (1...5).contains(value) else {
                    throw fail("priority must be 1 to 5 (ntfy's min … max), not \"\(text)\"")
                }
                ntfyPriority = value
            }
            ntfyTags = (settings["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            ntfyIcon = settings["icon"]
        case .desktop:
            var expire: Int?
            if let text = settings["expire"] {
                guard let value = Int(text), value > 0 else {
                    throw fail("expire must be a whole number of seconds, not \"\(text)\"")
                }
                expire = value
            }
            desktop = DesktopArguments(appName: settings["app_name"] ?? "leavenow", icon: settings["icon"],
                                       category: settings["category"], expireSeconds: expire)
        }

        if let url {
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                throw fail("the URL must start with https:// or http:// (it starts with \"\(Self.scheme(of: url))\")")
            }
            displayURL = Self.display(url)
        }
        if spec.kind == .webhook {
            if let text = settings["body_template"] {
                do { template = try BodyTemplate(text) } catch { throw fail(error.description) }
            }
            if let name = settings["timezone"] {
                guard let clock = ZoneClock(identifier: name) else { throw fail("unknown timezone \"\(name)\"") }
                zone = clock
            }
            if let secret = try secret("signing secret", prefix: "secret") {
                knownSecrets.append(secret)
                signer = WebhookSigner(secret: secret, header: settings["signature_header"] ?? WebhookSigner.defaultHeader)
            }
        }
        redaction = URLRedaction.standard.adding(secrets: knownSecrets)
    }

    /// The HTTP payload of `job` at `now` (seconds since the epoch; the signature's timestamp);
    /// nil for a desktop channel.
    public func payload(for job: DeliveryJob, now: Int64) -> DeliveryPayload? {
        switch kind {
        case .webhook:
            WebhookPayload.build(job.notification, channel: id, attempt: job.attempt, zone: zone, template: template,
                                 signer: signer, timestamp: now)
        case .slack: SlackPayload.build(job.notification)
        case .discord: DiscordPayload.build(job.notification)
        case .ntfy:
            NtfyPayload.build(job.notification, priority: ntfyPriority, tags: ntfyTags, icon: ntfyIcon, token: ntfyToken)
        case .desktop: nil
        }
    }

    /// `text` with this channel's secrets and its URL hidden.
    public func redact(_ text: String) -> String { redaction.redact(text: text) }

    /// The whole URL and the part after the host: both secrets in webhook URLs.
    static func secretParts(of url: String) -> [String] {
        var parts = [url]
        if let schemeEnd = url.range(of: "://"),
           let pathStart = url[schemeEnd.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" }) {
            let rest = String(url[pathStart...])
            if rest.count > 1 { parts.append(rest) }
        }
        return parts
    }

    /// `https://host:port/…` (userinfo, path and query hidden).
    static func display(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return URLRedaction.placeholder }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        var authority = afterScheme[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let hasRest = authorityEnd < afterScheme.endIndex && afterScheme[authorityEnd...].count > 1
        return String(url[..<schemeEnd.upperBound]) + authority + (hasRest ? "/…" : "")
    }

    private static func scheme(of url: String) -> String {
        String(url.prefix { $0 != ":" && $0 != "/" }.prefix(10))
    }
}

extension ChannelEndpoint: CustomStringConvertible {
    /// `slack channel "team" → https://hooks.slack.com/…`: never a secret.
    public var description: String {
        "\(kind.rawValue) channel \"\(id)\"" + (displayURL.isEmpty ? "" : " → \(displayURL)")
    }
}

extension ChannelEndpoint: CustomReflectable {
    /// The id, kind and host only: `dump` and debuggers never show the URL or a secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id, "kind": kind, "displayURL": displayURL])
    }
}
