import Foundation

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
    }

    /// Whether the process that wrote it is still alive (on this machine).
    public var processIsAlive: Bool { kill(pid, 0) == 0 || errno == EPERM }
}
