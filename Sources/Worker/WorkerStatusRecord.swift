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
    /// The channels whose notifications are held because their secret is missing, by channel id.
    public var held: [Held]
    /// Whether the worker ran one pass and exited (`run --once`, for cron): its process being gone
    /// is then no sign of trouble.
    public var once: Bool = false

    /// A channel held until its secret is found, and how many of its notifications wait.
    public struct Held: Sendable, Equatable {
        /// The channel id.
        public var channel: String
        /// The missing secret: an environment variable (also the systemd credential's name) or a file.
        public var secret: String
        /// Its pending notifications when the worker wrote the record.
        public var count: Int

        /// A held channel.
        public init(channel: String, secret: String, count: Int) {
            self.channel = channel
            self.secret = secret
            self.count = count
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
            return Held(channel: channel, secret: secret, count: count)
        }
    }

    /// Whether the process that wrote it is still alive (on this machine).
    public var processIsAlive: Bool { kill(pid, 0) == 0 || errno == EPERM }
}
