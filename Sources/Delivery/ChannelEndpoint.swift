import Config
import Foundation
import Secrets
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

    /// Builds the channel from its checked settings (``ChannelSpec/options()``: the same checks
    /// `leavenow check` makes) and resolves its secrets from `secrets`.
    /// - Throws: ``ChannelConfigurationError`` naming the place and the problem; its
    ///   ``ChannelConfigurationError/secret`` names the secret when that is what is missing or unusable.
    public init(_ spec: ChannelSpec, secrets: SecretSource) throws(ChannelConfigurationError) {
        id = spec.id
        kind = spec.kind
        warnings = []
        redaction = .standard
        displayURL = ""
        let settings = spec.settings
        func fail(_ message: String, secret: String? = nil) -> ChannelConfigurationError {
            ChannelConfigurationError(channel: spec.id, location: spec.location, message: message, secret: secret)
        }
        let options: ChannelOptions
        do { options = try spec.options() } catch { throw fail(error.description) }
        /// The secret `prefix` names (`url` → `url_env` / `url_file`), or the literal setting.
        func secret(_ what: String, prefix: String) throws(ChannelConfigurationError) -> (value: String, name: String?)? {
            if let literal = settings[prefix] { return (literal, nil) }
            guard let reference = Self.secretReference(spec, prefix) else { return nil }
            do {
                return (try secrets.resolve(reference, for: "channel \"\(spec.id)\""), Self.secretName(reference))
            } catch {
                throw fail("no \(what): " + error.reasons.joined(separator: "; "), secret: Self.secretName(reference))
            }
        }

        if let rate = options.ratePerMinute {
            rateLimit = rate == 0 ? nil : ChannelRateLimiter.Limit(perMinute: rate)
        } else {
            rateLimit = ChannelRateLimiter.defaultRatePerMinute(for: spec.kind).map { ChannelRateLimiter.Limit(perMinute: Double($0)) }
        }

        var knownSecrets: [String] = []
        var urlSecret: String?
        switch spec.kind {
        case .webhook, .slack, .discord:
            guard let (url, name) = try secret("URL", prefix: "url") else { throw fail("needs one of url, url_env, url_file") }
            knownSecrets += Self.secretParts(of: url)
            if settings["url"] != nil {
                warnings.append("\(spec.location): channel \"\(spec.id)\": the URL is written in the configuration; "
                    + "whoever knows a webhook URL can post to it: prefer url_env or url_file")
            }
            self.url = url
            urlSecret = name
        case .ntfy:
            guard let (topic, name) = try secret("topic", prefix: "topic") else {
                throw fail("needs one of topic, topic_env, topic_file")
            }
            guard !topic.isEmpty else { throw fail("the topic is empty", secret: name) }
            if settings["topic"] != nil {
                warnings.append("\(spec.location): channel \"\(spec.id)\": the topic is written in the configuration; "
                    + "whoever knows an ntfy topic can read and post to it: prefer topic_env or topic_file")
            }
            knownSecrets.append(topic)
            let encodedTopic = topic.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? topic
            if encodedTopic != topic { knownSecrets.append(encodedTopic) }
            url = options.server + "/" + encodedTopic
            ntfyToken = try secret("token", prefix: "token")?.value
            if let token = ntfyToken { knownSecrets.append(token) }
            ntfyPriority = options.priority
            ntfyTags = options.tags
            ntfyIcon = options.icon
        case .desktop:
            desktop = DesktopArguments(appName: options.appName, icon: options.icon, category: options.category,
                                       expireSeconds: options.expireSeconds)
        }

        if let url {
            // A URL from a secret is checked here, once it is known (one written in the YAML already was).
            if let problem = ChannelOptions.urlProblem(url, key: urlSecret.map { "the URL from \($0)" } ?? "the URL") {
                throw fail(problem, secret: urlSecret)
            }
            displayURL = Self.display(url)
        }
        if spec.kind == .webhook {
            template = options.bodyTemplate
            zone = options.timezone
            if let (secret, _) = try secret("signing secret", prefix: "secret") {
                knownSecrets.append(secret)
                signer = WebhookSigner(secret: secret, header: options.signatureHeader ?? WebhookSigner.defaultHeader)
            }
        }
        redaction = URLRedaction.standard.adding(secrets: knownSecrets)
    }

    /// The secret settings of each kind: what they hold and the prefix of their `_env` / `_file` keys.
    public static func secretSettings(for kind: ChannelSpec.Kind) -> [(what: String, prefix: String)] {
        switch kind {
        case .webhook: [("URL", "url"), ("signing secret", "secret")]
        case .slack, .discord: [("URL", "url")]
        case .ntfy: [("topic", "topic"), ("token", "token")]
        case .desktop: []
        }
    }

    /// The reference `spec`'s `<prefix>_env` / `<prefix>_file` settings make; nil when it has neither.
    public static func secretReference(_ spec: ChannelSpec, _ prefix: String) -> SecretReference? {
        let reference = SecretReference(environmentVariable: spec.settings[prefix + "_env"], file: spec.settings[prefix + "_file"])
        return reference.environmentVariable != nil || reference.file != nil ? reference : nil
    }

    /// What names a secret in the log and in `leavenow status`: the variable (also the systemd
    /// credential's name), else the file.
    public static func secretName(_ reference: SecretReference) -> String {
        reference.environmentVariable ?? reference.credential ?? reference.file ?? "?"
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

    /// The redaction of a request carrying `payload`: this channel's, plus the values of the
    /// credential headers it sends (`Authorization`, the signature header: an HMAC cannot be derived
    /// from the secret alone, so the exact value sent is hidden if an answer echoes it).
    public func redaction(sending payload: DeliveryPayload) -> URLRedaction {
        var sent: [String] = []
        for field in payload.headers {
            let name = field.name.lowercased()
            guard name == "authorization" || name == signer?.header.lowercased() else { continue }
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
