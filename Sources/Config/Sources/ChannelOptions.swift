import Foundation
import Timetable

/// A channel's settings checked and typed: every value of a `channels:` entry that delivery uses,
/// except the secrets, which stay references (`url_env`, `topic_file`, …) resolved when the
/// channel is used.
///
/// This is the one place channel values are checked: the configuration parser reports each
/// ``ChannelOptionsError/Problem`` at the value in the YAML (so `leavenow check` refuses what the
/// worker could not use), and delivery builds its endpoints from these typed values. A URL that
/// comes from a secret is checked by ``urlProblem(_:key:)`` once it is resolved.
public struct ChannelOptions: Sendable {
    /// `rate_per_minute` as given: nil for the kind's default, 0 for unlimited.
    public var ratePerMinute: Double?
    /// `url` written in the YAML (webhook, Slack, Discord), checked like any URL.
    public var url: String?
    /// ntfy `server`, without a trailing slash (`https://ntfy.sh` by default).
    public var server: String
    /// ntfy `priority`, 1 to 5; nil: from the notification's urgency.
    public var priority: Int?
    /// ntfy `tags`, split at commas and trimmed (empty ones left out).
    public var tags: [String]
    /// ntfy `icon` (an http(s) URL) or desktop `icon` (an icon name or a path).
    public var icon: String?
    /// desktop `app_name` (`leavenow` by default).
    public var appName: String
    /// desktop `category`.
    public var category: String?
    /// desktop `expire` (`30` seconds or a duration such as `5m`): how long a notification without an
    /// expiry of its own stays on screen.
    public var expireSeconds: Int?
    /// webhook `body_template`.
    public var bodyTemplate: BodyTemplate?
    /// webhook `timezone`: the zone of the times in the body (UTC when nil).
    public var timezone: ZoneClock?
    /// webhook `signature_header`, when given.
    public var signatureHeader: String?

    /// The default ntfy server.
    public static let defaultServer = "https://ntfy.sh"

    /// Checks the settings of a channel of `kind` (strings as written in the YAML).
    /// - Throws: ``ChannelOptionsError`` with every problem, each naming its setting.
    public init(kind: ChannelSpec.Kind, settings: [String: String]) throws(ChannelOptionsError) {
        var problems: [ChannelOptionsError.Problem] = []
        func problem(_ key: String?, _ message: String) {
            problems.append(ChannelOptionsError.Problem(key: key, message: message))
        }

        ratePerMinute = nil
        if let rate = settings["rate_per_minute"] {
            if let value = Double(rate), value >= 0, value.isFinite {
                ratePerMinute = value
            } else {
                problem("rate_per_minute", "rate_per_minute must be a number of notifications per minute (0 for unlimited), not \"\(rate)\"")
            }
        }

        func exactlyOne(_ keys: [String], _ article: String) {
            if keys.filter({ settings[$0] != nil }).count != 1 {
                problem(nil, "\(article) \(kind.rawValue) channel needs exactly one of \(keys.joined(separator: ", "))")
            }
        }
        url = nil
        server = Self.defaultServer
        priority = nil
        tags = []
        icon = settings["icon"]
        appName = settings["app_name"] ?? "leavenow"
        category = settings["category"]
        expireSeconds = nil
        bodyTemplate = nil
        timezone = nil
        signatureHeader = nil

        switch kind {
        case .webhook, .slack, .discord:
            exactlyOne(["url", "url_env", "url_file"], "a")
            if let literal = settings["url"] {
                if let message = Self.urlProblem(literal, key: "url") { problem("url", message) } else { url = literal }
            }
        case .ntfy:
            exactlyOne(["topic", "topic_env", "topic_file"], "an")
            if let topic = settings["topic"], topic.trimmingCharacters(in: .whitespaces).isEmpty {
                problem("topic", "topic must not be empty")
            }
            if let text = settings["server"] {
                if let message = Self.urlProblem(text.trimmingCharacters(in: .whitespaces), key: "server", showing: text) {
                    problem("server", message)
                } else {
                    server = text.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
                }
            }
            if let text = settings["priority"] {
                if let value = Int(text), (1...5).contains(value) {
                    priority = value
                } else {
                    problem("priority", "priority must be 1 to 5 (ntfy's min … max), not \"\(text)\"")
                }
            }
            if let text = settings["tags"] {
                let list = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                if let bad = list.first(where: { tag in tag.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
                    problem("tags", "tags must not contain control characters (a line break?): \"\(Self.visible(bad))\"")
                } else {
                    tags = list
                }
            }
            if let text = settings["icon"], Self.urlProblem(text, key: "icon") != nil {
                problem("icon", "icon must be an https:// or http:// URL of a JPEG or PNG image, not \"\(Self.visible(text))\"")
            }
        case .desktop:
            if let text = settings["expire"] {
                // Seconds (`30`) or a duration (`5m`), as notify-send takes milliseconds in an Int32.
                var seconds = Int(text)
                if seconds == nil, case .success(let value) = DurationText.seconds(in: text) { seconds = value }
                if let value = seconds, value > 0, value <= Int(Int32.max / 1000) {
                    expireSeconds = value
                } else {
                    problem("expire", "expire must be a number of seconds or a duration like 5m, from 1 s to \(Int32.max / 1000) s, "
                        + "not \"\(text)\"")
                }
            }
            if appName.trimmingCharacters(in: .whitespaces).isEmpty {
                problem("app_name", "app_name must not be empty")
            }
        }

        if kind == .webhook {
            if let text = settings["body_template"] {
                do { bodyTemplate = try BodyTemplate(text) } catch { problem("body_template", error.description) }
            }
            if let name = settings["timezone"] {
                if let clock = ZoneClock(identifier: name) { timezone = clock } else { problem("timezone", "unknown timezone \"\(name)\"") }
            }
            if let header = settings["signature_header"] {
                if !Self.isHeaderName(header) {
                    problem("signature_header", "signature_header must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~), "
                        + "not \"\(Self.visible(header))\"")
                } else if settings["secret_env"] == nil && settings["secret_file"] == nil {
                    problem("signature_header", "signature_header needs secret_env or secret_file: there is no signing secret to sign with")
                } else {
                    signatureHeader = header
                }
            }
        }
        guard problems.isEmpty else { throw ChannelOptionsError(problems: problems) }
    }

    /// Why `url` cannot be posted to (`key` names the setting in the message), or nil when it is an
    /// `https://` or `http://` URL with a host and no spaces or control characters. The message
    /// shows only the scheme of a URL that is not `showing` (a secret URL is never quoted).
    public static func urlProblem(_ url: String, key: String, showing: String? = nil) -> String? {
        let shown = showing.map { " \"\(visible($0))\"" } ?? ""
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            let scheme = String(url.prefix { $0 != ":" && $0 != "/" }.prefix(10))
            return showing == nil ? "\(key) must start with https:// or http:// (it starts with \"\(scheme)\")"
                                  : "\(key) must start with https:// or http://, not\(shown)"
        }
        if url.unicodeScalars.contains(where: { $0 == " " || $0.properties.generalCategory == .control }) {
            return "\(key) must not contain spaces or control characters" + (shown.isEmpty ? "" : ":\(shown)")
        }
        guard let schemeEnd = url.range(of: "://") else { return "\(key) must start with https:// or http://" }
        let afterScheme = url[schemeEnd.upperBound...]
        var authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.isEmpty || authority.hasPrefix(":") {
            return "\(key) has no host after the scheme" + (shown.isEmpty ? "" : ":\(shown)")
        }
        return nil
    }

    /// Whether `name` is an HTTP field name (RFC 9110 token).
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
        }
    }

    /// `text` with line breaks and tabs written as `\n`, `\t` so a message stays on one line.
    static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\t", with: "\\t")
    }
}

/// A channel's settings cannot be used: one problem per setting, in the order checked.
public struct ChannelOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One bad setting.
    public struct Problem: Sendable, Equatable {
        /// The setting (`priority`); nil for a problem of the channel as a whole (a missing `url`).
        public var key: String?
        /// What is wrong, quoting the value unless it is a secret.
        public var message: String

        /// A problem with `key`.
        public init(key: String?, message: String) {
            self.key = key
            self.message = message
        }
    }

    /// Every problem found.
    public var problems: [Problem]

    /// An error with `problems`.
    public init(problems: [Problem]) {
        self.problems = problems
    }

    /// The problems' messages joined with `; `.
    public var description: String { problems.map(\.message).joined(separator: "; ") }
}

extension ChannelSpec {
    /// The checked, typed settings (see ``ChannelOptions``).
    /// - Throws: ``ChannelOptionsError`` with every problem.
    public func options() throws(ChannelOptionsError) -> ChannelOptions {
        try ChannelOptions(kind: kind, settings: settings)
    }
}
