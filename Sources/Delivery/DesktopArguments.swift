import Notifications

/// The `notify-send` arguments for a notification: a pure function, the argv after the program.
///
/// `--app-name=<app>`, `--urgency=low|normal|critical`, `--expire-time=<ms>` (until a leave-now's
/// expiry, else the channel's `expire` seconds, else the server's default), `--category`, `--icon`,
/// then `--` and the summary (the title) and the body (the text and link, with `&`, `<`, `>`
/// written as entities because notification servers read the body as markup, and `\` doubled
/// because `notify-send` reads C escapes such as `\n` in the body).
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
        if let link = notification.link, !link.isEmpty { body += (body.isEmpty ? "" : "\n") + link }
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
