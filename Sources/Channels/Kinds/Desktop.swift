import Foundation
import Messages
import Notifications
import Secrets

extension ChannelKind {
    /// `type: desktop`: `notify-send` on the session bus of the machine the worker runs on.
    public static let desktop: ChannelKind = "desktop"
}

/// `type: desktop`. Settings: `app_name` (`leavenow` by default), `icon`, `category`, `expire`
/// (seconds or a duration such as `5m`), `rate_per_minute` (30 by default). No secrets.
public struct DesktopIntegration: ChannelIntegration {
    /// The integration.
    public init() {}
    /// `desktop`.
    public var kind: ChannelKind { .desktop }
    /// `app_name`, `icon`, `expire`, `category`.
    public var settingKeys: [String] { ["app_name", "icon", "expire", "category"] }
    /// None.
    public var secrets: [SecretSetting] { [] }
    /// 30 a minute.
    public var defaultRatePerMinute: Int? { 30 }

    /// Checks `expire` and `app_name`.
    public func check(_ values: ChannelValues) throws(ChannelSettingsError) -> DesktopArguments {
        var values = values
        var arguments = DesktopArguments(appName: values["app_name"] ?? "leavenow", icon: values["icon"], category: values["category"])
        if let text = values["expire"] {
            // Seconds (`30`) or a duration (`5m`), as notify-send takes milliseconds in an Int32.
            var seconds = Int(text)
            if seconds == nil, case .success(let value) = DurationText.seconds(in: text) { seconds = value }
            if let value = seconds, value > 0, value <= Int(Int32.max / 1000) {
                arguments.expireSeconds = value
            } else {
                values.problem("expire", .channelDesktopExpire, ["max": .number(Int(Int32.max / 1000)), "value": .text("\"\(text)\"")])
            }
        }
        if arguments.appName.trimmingCharacters(in: .whitespaces).isEmpty {
            values.problem("app_name", .channelNotEmpty, ["key": .text("app_name")])
        }
        return try values.result(arguments)
    }

    /// A ``DesktopChannelNotifier``.
    public func notifier(_ settings: DesktopArguments, secrets: ResolvedSecrets, channel: String) throws(ChannelSetupError) -> any Notifier {
        DesktopChannelNotifier(arguments: settings)
    }
}

/// Shows notifications with `notify-send` (run by the dispatcher's desktop runner).
public struct DesktopChannelNotifier: Notifier {
    /// The options of every notification.
    public let arguments: DesktopArguments

    /// The `notify-send` options.
    public func message(for job: ChannelJob, now: Int64) -> ChannelMessage { .desktop(arguments) }
    /// Nothing secret.
    public var redaction: URLRedaction { .standard }
    /// Empty: nothing is posted.
    public var displayURL: String { "" }
    /// Nil: nothing is posted.
    public var url: String? { nil }
}

/// The `notify-send` arguments for a notification: a pure function, the argv after the program.
///
/// `--app-name=<app>`, `--urgency=low|normal|critical`, `--expire-time=<ms>` (until a leave-now's
/// expiry, else the channel's `expire` seconds, else the server's default), `--category`, `--icon`,
/// then `--` and the summary (the title) and the body (the text, then the link unless the text
/// shows it already, with `&`, `<`, `>` written as entities because notification servers read the
/// body as markup, and `\` doubled because `notify-send` reads C escapes such as `\n` in the body).
public struct DesktopArguments: Sendable, Equatable {
    /// `--app-name`, `leavenow` by default (`app_name`).
    public var appName: String
    /// `--icon`: a name from the icon theme or a path (`icon`).
    public var icon: String?
    /// `--category`, e.g. `transfer` or `im.received` (`category`).
    public var category: String?
    /// How long a notification stays, in seconds, when it has no expiry of its own (`expire`).
    public var expireSeconds: Int?

    /// Options from a desktop channel's settings.
    public init(appName: String = "leavenow", icon: String? = nil, category: String? = nil, expireSeconds: Int? = nil) {
        self.appName = appName
        self.icon = icon
        self.category = category
        self.expireSeconds = expireSeconds
    }

    /// The argv (without `notify-send` itself) for `notification` at `now` (seconds since the epoch).
    public func arguments(for notification: Notice, now: Int64) -> [String] {
        var arguments = ["--app-name=" + appName, "--urgency=" + notification.urgency.rawValue]
        if let milliseconds = expireMilliseconds(for: notification, now: now) {
            arguments.append("--expire-time=\(milliseconds)")
        }
        if let category, !category.isEmpty { arguments.append("--category=" + category) }
        if let icon, !icon.isEmpty { arguments.append("--icon=" + icon) }
        var body = notification.text
        if let link = notification.linkAfterText { body += (body.isEmpty ? "" : "\n") + link }
        arguments += ["--", notification.title, Self.markupEscaped(body).replacingOccurrences(of: "\\", with: "\\\\")]
        return arguments
    }

    /// Milliseconds until the notification's expiry (at least 1), else the `expire` setting.
    public func expireMilliseconds(for notification: Notice, now: Int64) -> Int? {
        if let expiresAt = notification.expiresAt {
            let seconds = min(max(expiresAt - now, 0), Int64(Int32.max / 1000))
            return max(Int(seconds) * 1000, 1)
        }
        return expireSeconds.map { min($0, Int(Int32.max / 1000)) * 1000 }
    }

    /// `&`, `<`, `>` as `&amp;`, `&lt;`, `&gt;`.
    public static func markupEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
