import Delivery
import Foundation
import JSONText

/// What a running worker last wrote about itself into the state's `meta` table (`leavenow status`
/// reads it): its pid, when it wrote, when it next wakes, and each rule's next wake-up.
public struct WorkerStatusRecord: Sendable, Equatable {
    /// The `meta` key it is stored under.
    public static let metaKey = "worker.status"

    public var pid: Int32
    /// When the worker wrote it (seconds since the epoch, the worker's clock).
    public var at: Int64
    /// The worker's next wake-up.
    public var next: Int64?
    /// Each rule's next wake-up (nil: only on new data), by rule id.
    public var wakes: [String: Int64?]
    /// The channels whose notifications are held (a secret missing, a desktop that cannot show them), by channel id.
    public var held: [Held]
    /// Whether the worker ran one pass and exited (`run --once`, for cron): its process being gone
    /// is then no sign of trouble.
    public var once: Bool = false

    /// A channel held until its secret is found (or, for a desktop channel, until it can show
    /// notifications), and how many of its notifications wait.
    public struct Held: Sendable, Equatable {
        /// Why a channel is held.
        public enum Reason: String, Sendable, Equatable {
            /// Its secret is missing (``secret`` names it).
            case secret
            /// A desktop channel without a D-Bus session bus.
            case noSessionBus = "no_session_bus"
            /// A desktop channel without `notify-send`.
            case noNotifySend = "no_notify_send"

            /// The reason of a desktop channel that cannot show anything.
            public init(_ error: DesktopNotifierError) {
                self = error.code == .notInstalled ? .noNotifySend : .noSessionBus
            }
        }

        /// The channel id.
        public var channel: String
        /// Why it is held.
        public var reason: Reason
        /// The missing secret: an environment variable (also the systemd credential's name) or a file;
        /// empty for another reason.
        public var secret: String
        /// Its pending notifications when the worker wrote the record.
        public var count: Int

        /// A channel held for its missing `secret`.
        public init(channel: String, secret: String, count: Int) {
            self.channel = channel
            self.reason = .secret
            self.secret = secret
            self.count = count
        }

        /// A channel held for `reason` (not a secret).
        public init(channel: String, reason: Reason, count: Int) {
            self.channel = channel
            self.reason = reason
            self.secret = ""
            self.count = count
        }

        /// `secret HOOK_URL missing`, `no session bus`, `no notify-send` (the systemd status line, English).
        var reasonText: String {
            switch reason {
            case .secret: "secret \(secret) missing"
            case .noSessionBus: "no session bus"
            case .noNotifySend: "no notify-send"
            }
        }

        /// `{"channel": "hook", "secret": "HOOK_URL", "count": 2}`.
        var json: String {
            var writer = JSONWriter(style: .spaced)
            write(to: &writer)
            return writer.text
        }

        /// Writes the object with `writer`.
        func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.member("channel", channel)
            // A missing secret is written as it always was (no reason); another reason is named.
            if reason != .secret { writer.member("reason", reason.rawValue) }
            writer.member("secret", secret)
            writer.member("count", Int64(count))
            writer.endObject()
        }
    }

    /// The stored JSON of a record, spaced, the rules' wake-ups in the order given:
    /// `{"pid": 7, "at": 100, "next": 160, "wakes": {"commute": 160, "rain": null}, "held": []}`.
    static func json(pid: Int32, at: Int64, next: Int64?, wakes: [(rule: String, at: Int64?)], held: [Held], once: Bool = false) -> String {
        var writer = JSONWriter(style: .spaced)
        writer.beginObject()
        writer.member("pid", Int64(pid))
        if once { writer.member("once", true) }
        writer.member("at", at)
        writer.member("next", next)
        writer.key("wakes")
        writer.beginObject()
        for wake in wakes { writer.member(wake.rule, wake.at) }
        writer.endObject()
        writer.key("held")
        writer.beginArray()
        for item in held { item.write(to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// Parses the stored JSON; nil when it is not a status record.
    public init?(json text: String) {
        guard let object = try? JSONParser.parse(Array(text.utf8)),
              let pid = object["pid"]?.wholeNumber.flatMap(Int32.init(exactly:)), let at = object["at"]?.wholeNumber else { return nil }
        self.pid = pid
        self.at = at
        self.next = object["next"]?.wholeNumber
        self.once = object["once"]?.boolValue ?? false
        var wakes: [String: Int64?] = [:]
        for (rule, value) in object["wakes"]?.objectValue ?? [:] { wakes[rule] = value.wholeNumber }
        self.wakes = wakes
        self.held = (object["held"]?.arrayValue ?? []).compactMap { item in
            guard let channel = item["channel"]?.stringValue, let secret = item["secret"]?.stringValue,
                  let count = item["count"]?.wholeNumber.flatMap(Int.init(exactly:)) else { return nil }
            // A record written before reasons were: a secret.
            let reason = item["reason"]?.stringValue.flatMap(Held.Reason.init(rawValue:)) ?? .secret
            var held = Held(channel: channel, secret: secret, count: count)
            held.reason = reason
            return held
        }
    }

    /// Whether the process that wrote it is still alive (on this machine).
    public var processIsAlive: Bool { kill(pid, 0) == 0 || errno == EPERM }
}
