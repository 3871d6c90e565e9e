import Delivery
import Foundation
import JSONText

/// What a running worker last wrote about itself into the state's `meta` table (`leavenow status`
/// reads it): its pid, when it wrote, when it next wakes, each rule's next wake-up, how its clock
/// relates to the real one, and — written as it exits cleanly — that it stopped and why.
///
/// One worker on SQLite writes ``metaKey``. On a shared PostgreSQL state each worker writes its own
/// record under ``key(worker:)`` while it runs (`status` shows the fleet: each worker's last pass and
/// its rules' wake-ups), and the record of its clean stop under ``metaKey`` (the last worker that
/// stopped); the records of workers forgotten by the lease table are removed with them.
public struct WorkerStatusRecord: Sendable, Equatable {
    /// The `meta` key it is stored under (one worker; on a shared state, the last clean stop).
    public static let metaKey = "worker.status"
    /// The prefix of the per-worker keys of a shared state.
    public static let workerKeyPrefix = "worker.status."

    /// The `meta` key of worker `id`'s record on a shared state.
    public static func key(worker id: String) -> String { workerKeyPrefix + id }

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
    /// The worker's id on a shared state (nil: one worker on SQLite).
    public var worker: String?
    /// When it wrote the record by the real clock (milliseconds since the epoch; nil in records of
    /// older releases): with ``speed`` it gives the worker clock's reading at any real moment
    /// (``clockNow(real:)``), so `status` judges heartbeats and leases on the workers' own clock
    /// (a simulated one included).
    public var realAtMilliseconds: Int64?
    /// Worker-clock seconds per real second (1 for the system clock).
    public var speed: Double = 1
    /// The lease TTL of the worker on a shared state (seconds of its clock).
    public var leaseTTL: Int64?
    /// Set when the worker exited cleanly: when (its clock) and why.
    public var stopped: Stop?

    /// A clean exit of `leavenow run`.
    public struct Stop: Sendable, Equatable {
        /// Why the worker stopped.
        public enum Reason: String, Sendable {
            /// Its clock reached `run --until`: it was asked to run until then (a demo, a test).
            case until
            /// SIGTERM or SIGINT (`systemctl stop`, Ctrl-C).
            case signal
        }
        /// When (the worker's clock).
        public var at: Int64
        public var reason: Reason

        public init(at: Int64, reason: Reason) {
            self.at = at
            self.reason = reason
        }
    }

    /// The worker clock's reading at the real moment `real` (seconds since the epoch): extrapolated
    /// from when the record was written; `real` itself for records without a real time.
    public func clockNow(real: Double) -> Int64 {
        guard let realAtMilliseconds else { return Int64(real.rounded(.down)) }
        return at + Int64(((real - Double(realAtMilliseconds) / 1000) * speed).rounded(.down))
    }

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

    /// What a record says about the worker besides its pass: its id on a shared state, its clock,
    /// its lease TTL, its clean stop.
    struct Context {
        var worker: String?
        var realAtMilliseconds: Int64?
        var speed: Double = 1
        var leaseTTL: Int64?
        var stopped: Stop?
    }

    /// The stored JSON of a record, spaced, the rules' wake-ups in the order given:
    /// `{"pid": 7, "at": 100, "real_at_ms": 100250, "speed": 1, "next": 160, "wakes": {"commute": 160, "rain": null}, "held": []}`.
    static func json(pid: Int32, at: Int64, next: Int64?, wakes: [(rule: String, at: Int64?)], held: [Held], once: Bool = false,
                     context: Context = Context()) -> String {
        var writer = JSONWriter(style: .spaced)
        writer.beginObject()
        writer.member("pid", Int64(pid))
        if let worker = context.worker { writer.member("worker", worker) }
        if once { writer.member("once", true) }
        writer.member("at", at)
        if let real = context.realAtMilliseconds, context.speed.isFinite, context.speed > 0 {
            writer.member("real_at_ms", real)
            writer.member("speed", raw: context.speed == context.speed.rounded() && abs(context.speed) < 1e15
                          ? String(Int64(context.speed)) : String(context.speed))
        }
        if let ttl = context.leaseTTL { writer.member("lease_ttl", ttl) }
        if let stopped = context.stopped {
            writer.key("stopped")
            writer.beginObject()
            writer.member("at", stopped.at)
            writer.member("reason", stopped.reason.rawValue)
            writer.endObject()
        }
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
        self.worker = object["worker"]?.stringValue
        self.realAtMilliseconds = object["real_at_ms"]?.wholeNumber
        if let speed = object["speed"]?.numberValue, speed > 0 { self.speed = speed }
        self.leaseTTL = object["lease_ttl"]?.wholeNumber
        if let stop = object["stopped"], let at = stop["at"]?.wholeNumber,
           let reason = stop["reason"]?.stringValue.flatMap(Stop.Reason.init(rawValue:)) {
            self.stopped = Stop(at: at, reason: reason)
        }
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
