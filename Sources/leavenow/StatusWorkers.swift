import JSONText
import Messages
import Store
import Timetable
import Worker

/// The worker part of `leavenow status`: whether the rules are being run, and by whom.
///
/// - On SQLite, one worker: running while the process that wrote the status record is alive and
///   did not record a stop. A worker that stopped cleanly because `run --until` said so, or that
///   ran `--once`, is information; one stopped by a signal or gone without a word is a problem.
/// - On a shared PostgreSQL state, the fleet (``WorkerFleet``): the workers with a heartbeat within
///   the lease TTL are live; a problem only when no worker is live, or when partitions of the rules
///   have no live holder (a worker's lease expired and nobody took it over). A worker that died and
///   whose partitions were taken over is information.
struct StatusWorkers {
    /// The record shown as "the worker": SQLite's one; on a shared state the freshest live worker's,
    /// else the last clean stop's, else that of the worker heard from last.
    let record: WorkerStatusRecord?
    /// The fleet, on a shared PostgreSQL state.
    let fleet: WorkerFleet?
    /// Some worker runs the rules: SQLite's process is alive; on a shared state, one worker is live.
    let running: Bool

    /// The workers of `store` at the real moment `real` (seconds since the epoch).
    init(store: any NotificationStore, real: Double) throws {
        if let shared = store.sharedFleet {
            let fleet = try WorkerFleet.read(shared, real: real, ttl: StatusCommand.leaseTTL)
            self.fleet = fleet
            running = !fleet.live.isEmpty
            let latest = fleet.members.filter { $0.record != nil }.max { $0.holder.heartbeat < $1.holder.heartbeat }?.record
            let ended = fleet.lastStop.flatMap { stop in fleet.members.allSatisfy { $0.holder.heartbeat <= stop.stopped?.at ?? stop.at } ? stop : nil }
            record = fleet.live.compactMap(\.record).max { $0.at < $1.at } ?? ended ?? latest ?? fleet.lastStop
                ?? fleet.records.values.max { $0.at < $1.at }
        } else {
            fleet = nil
            let record = try store.meta(WorkerStatusRecord.metaKey).flatMap(WorkerStatusRecord.init(json:))
            self.record = record
            running = record.map { $0.stopped == nil && $0.processIsAlive } ?? false
        }
    }

    /// The channels held for a missing secret, as the worker shown last recorded them.
    var held: [WorkerStatusRecord.Held] { record?.held ?? [] }

    /// With no worker running on a shared state, the clean stop that ended the fleet: the last
    /// stop record, when no registered worker heartbeat after it.
    private var fleetEnding: WorkerStatusRecord? {
        guard let fleet, fleet.live.isEmpty, let stop = fleet.lastStop, stop.once || stop.stopped != nil else { return nil }
        return fleet.members.allSatisfy { $0.holder.heartbeat <= stop.stopped?.at ?? stop.at } ? stop : nil
    }

    /// The health problems of the workers; `rules` are the configured rule ids, `clock` writes times.
    func problems(rules: [String], clock: ZoneClock) -> [HealthProblem] {
        if let fleet {
            if running { return fleet.leaseProblems(rules: rules, clock: clock) }
            if let ending = fleetEnding { return Self.stopProblems(ending, clock: clock) }
            if let last = fleet.members.max(by: { $0.holder.heartbeat < $1.holder.heartbeat })?.holder {
                var problem = HealthProblem(kind: .worker, subject: "workers", since: last.heartbeat + fleet.ttl, detail: Message(.healthDetailFleetDown, [
                    "heartbeat": .text(clock.iso8601(last.heartbeat)), "pid": .number(last.pid), "host": .text(last.host), "ttl": .number(Int(fleet.ttl)),
                ]))
                problem.subjectText = Message(.healthSubjectWorkers)
                return [problem]
            }
        }
        if running { return [] }
        guard let record else { return [HealthProblem(kind: .worker, subject: "worker", since: nil, detail: Message(.healthDetailWorkerNever))] }
        return Self.stopProblems(record, clock: clock)
    }

    /// The problem of a worker that is not running, by what its record says: none after `--once`
    /// or `run --until`; a stop by a signal; else gone without a word.
    private static func stopProblems(_ record: WorkerStatusRecord, clock: ZoneClock) -> [HealthProblem] {
        if record.once { return [] }
        switch record.stopped?.reason {
        case .until?:
            return []
        case .signal?:
            return [HealthProblem(kind: .worker, subject: "worker", since: record.stopped?.at, detail: Message(.healthDetailWorkerSignalled, [
                "time": .text(clock.iso8601(record.stopped?.at ?? record.at)), "pid": .number(Int(record.pid)),
            ]))]
        case nil:
            return [HealthProblem(kind: .worker, subject: "worker", since: record.at,
                                  detail: Message(.healthDetailWorkerStopped, ["pid": .number(Int(record.pid))]))]
        }
    }

    /// The next wake-up of rule `id` to show: nil with `known` false when nobody recorded the rule
    /// (`-`); nil with `known` true when it runs on new data only.
    func wake(of rule: String) -> (known: Bool, at: Int64?) {
        if let fleet { return fleet.wake(of: rule) }
        guard let record else { return (false, nil) }
        return (true, record.wakes[rule] ?? nil)
    }

    /// Whether rule `id` is evaluated by nobody: its partition has no live holder (shared state).
    func isUnheld(rule: String) -> Bool {
        guard let fleet, running else { return false }
        return fleet.isOrphaned(rule: rule)
    }

    // MARK: - Text

    /// The `worker:` line (SQLite) or `workers:` line (shared state).
    func headline(clock: ZoneClock) -> String {
        func time(_ instant: Int64?) -> String { instant.map(clock.iso8601) ?? "-" }
        if let fleet, running {
            return Message(.statusFleetRunning, [
                "live": .number(fleet.live.count), "count": .number(fleet.members.count), "ttl": .number(Int(fleet.ttl)),
                "held": .number(fleet.held), "partitions": .number(fleet.partitions),
            ]).text
        }
        if let fleet, fleetEnding == nil, let last = fleet.members.max(by: { $0.holder.heartbeat < $1.holder.heartbeat })?.holder {
            return Message(.statusFleetNone, ["heartbeat": .text(time(last.heartbeat)), "ttl": .number(Int(fleet.ttl))]).text
        }
        guard let record else { return Message(.statusWorkerNeverRan).text }
        let pid: MessageArgument = .number(Int(record.pid))
        if running {
            return Message(.statusWorkerRunning, ["pid": pid, "last": .text(time(record.at)), "next": .text(time(record.next))]).text
        }
        if record.once { return Message(.statusWorkerOnce, ["pid": pid, "last": .text(time(record.at))]).text }
        switch record.stopped?.reason {
        case .until?: return Message(.statusWorkerFinished, ["pid": pid, "time": .text(time(record.stopped?.at))]).text
        case .signal?: return Message(.statusWorkerSignalled, ["pid": pid, "time": .text(time(record.stopped?.at))]).text
        case nil: return Message(.statusWorkerStopped, ["pid": pid, "last": .text(time(record.at))]).text
        }
    }

    /// The earliest next wake-up of the live workers (shared state), or the worker's.
    var nextWake: Int64? {
        guard let fleet else { return record?.next }
        return fleet.live.compactMap { $0.record?.next }.min()
    }

    /// The `workers sharing the PostgreSQL state:` section (shared state only): the table, the
    /// workers gone whose partitions were taken over, the partitions changing hands.
    func fleetLines(clock: ZoneClock) -> [String] {
        guard let fleet else { return [] }
        var lines = [Message(.statusWorkersHeader).text]
        if fleet.members.isEmpty {
            lines.append(Message(.statusNoLeases).text)
        } else {
            let headers: [MessageKey] = [.statusHeaderHost, .statusHeaderPID, .statusHeaderState, .statusHeaderLeases, .statusHeaderHeartbeat,
                                         .statusHeaderLastPass]
            lines.append(TextTable.render([["ID"] + headers.map { Message($0).text }] + fleet.members.map { member in
                [member.holder.id, member.holder.host, "\(member.holder.pid)", Message(member.isLive ? .statusStateLive : .statusStateGone).text,
                 "\(member.holder.leases)", clock.iso8601(member.holder.heartbeat), member.record.map { clock.iso8601($0.at) } ?? "-"]
            }))
        }
        for member in fleet.goneTakenOver {
            lines.append(Message(.statusFleetGone, [
                "worker": .text(WorkerFleet.shortID(member.holder.id)), "pid": .number(member.holder.pid), "host": .text(member.holder.host),
                "heartbeat": .text(clock.iso8601(member.holder.heartbeat)),
            ]).text)
        }
        if running, !fleet.changingHands.isEmpty {
            lines.append(Message(.statusFleetChangingHands, ["count": .number(fleet.changingHands.count)]).text)
        }
        return lines
    }

    // MARK: - JSON

    /// `"worker": {"running", "pid", "updated_at", "next_wake", "stopped"}`, on a shared state with
    /// `"live"` (how many) and `"lease_ttl"`.
    func workerJSON(clock: ZoneClock) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("running", .bool(running)), ("pid", record.map { .int(Int64($0.pid)) } ?? .null),
            ("updated_at", record.map { .string(clock.iso8601($0.at)) } ?? .null),
            ("next_wake", nextWake.map { .string(clock.iso8601($0)) } ?? .null),
            ("stopped", record?.stopped.map { .object([("at", .string(clock.iso8601($0.at))), ("reason", .string($0.reason.rawValue))]) } ?? .null),
        ]
        if let fleet { members += [("live", .int(Int64(fleet.live.count))), ("lease_ttl", .int(fleet.ttl))] }
        return .object(members)
    }

    /// `"workers": [{"id", "host", "pid", "leases", "started", "heartbeat", "live", "last_pass", "next_wake"}]`
    /// and `"partitions": {"count", "held", "changing_hands", "unheld"}` (shared state only).
    func fleetJSON(clock: ZoneClock) -> [(String, JSONOutput)] {
        guard let fleet else { return [] }
        return [
            ("workers", .array(fleet.members.map { member in
                let holder = member.holder
                return .object([("id", .string(holder.id)), ("host", .string(holder.host)), ("pid", .int(Int64(holder.pid))),
                                ("leases", .int(Int64(holder.leases))), ("started", .string(clock.iso8601(holder.started))),
                                ("heartbeat", .string(clock.iso8601(holder.heartbeat))), ("live", .bool(member.isLive)),
                                ("last_pass", member.record.map { .string(clock.iso8601($0.at)) } ?? .null),
                                ("next_wake", member.record?.next.map { .string(clock.iso8601($0)) } ?? .null)])
            })),
            ("partitions", .object([("count", .int(Int64(fleet.partitions))), ("held", .int(Int64(fleet.held))),
                                    ("changing_hands", .int(Int64(fleet.changingHands.count))),
                                    ("unheld", .array(fleet.orphaned.map { .int(Int64($0.partition)) }))])),
        ]
    }
}
