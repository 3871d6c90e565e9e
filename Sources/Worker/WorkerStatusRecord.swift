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
            "{\"channel\": \(JSONStringEscaping.quoted(channel)), \"secret\": \(JSONStringEscaping.quoted(secret)), \"count\": \(count)}"
        }
    }

    /// Parses the stored JSON; nil when it is not a status record.
    public init?(json text: String) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              let pid = object["pid"] as? Int, let at = object["at"] as? Int else { return nil }
        self.pid = Int32(pid)
        self.at = Int64(at)
        self.next = (object["next"] as? Int).map(Int64.init)
        var wakes: [String: Int64?] = [:]
        for (rule, value) in object["wakes"] as? [String: Any] ?? [:] { wakes[rule] = (value as? Int).map(Int64.init) }
        self.wakes = wakes
        self.held = (object["held"] as? [[String: Any]] ?? []).compactMap { item in
            guard let channel = item["channel"] as? String, let secret = item["secret"] as? String,
                  let count = item["count"] as? Int else { return nil }
            return Held(channel: channel, secret: secret, count: count)
        }
    }

    /// Whether the process that wrote it is still alive (on this machine).
    public var processIsAlive: Bool { kill(pid, 0) == 0 || errno == EPERM }
}
