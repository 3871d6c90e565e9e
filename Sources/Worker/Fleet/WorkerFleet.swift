import Foundation
import Messages
import Store
import Timetable

/// The workers of a shared PostgreSQL state, as `leavenow status` and the watchdog see them: each
/// registered worker with its leases and its last status record, which of them are live (a
/// heartbeat younger than the lease TTL), the partitions no live worker holds, and the record of
/// the last worker that stopped cleanly.
///
/// Heartbeats and leases are written in the workers' own clock (a simulated one runs faster than
/// real time): the fleet is judged at ``now``, the workers' clock read from their freshest status
/// record (``WorkerStatusRecord/clockNow(real:)``), so three simulated workers are live to a
/// `status` run in real time, and a killed one ages as they do.
public struct WorkerFleet: Sendable {
    /// One registered worker.
    public struct Member: Sendable {
        /// Its row of `leavenow_workers`, with the leases valid at ``WorkerFleet/now``.
        public var holder: LeaseHolder
        /// A heartbeat within the TTL of ``WorkerFleet/now``.
        public var isLive: Bool
        /// Its last status record (its last pass, its rules' wake-ups), if it wrote one.
        public var record: WorkerStatusRecord?
    }

    /// Every registered worker, by id.
    public var members: [Member]
    /// The partitions no live worker holds.
    public var unheld: [UnheldPartition]
    /// How many partitions the rules are split into.
    public var partitions: Int
    /// The workers' lease TTL (seconds of their clock).
    public var ttl: Int64
    /// The workers' clock at the moment asked.
    public var now: Int64
    /// The record of the last worker that stopped cleanly (or ran `--once`), if any.
    public var lastStop: WorkerStatusRecord?
    /// Every worker's own status record, by worker id (also of workers the lease table forgot, until
    /// a live worker removes them).
    public var records: [String: WorkerStatusRecord] = [:]

    /// The fleet of `store`'s database at the real moment `real` (seconds since the epoch), judged
    /// on the workers' clock. `ttl` is the TTL when no worker recorded its own.
    public static func read(_ store: any SharedFleetStore, real: Double, ttl defaultTTL: Int64 = 30) throws -> WorkerFleet {
        let (records, lastStop) = try self.records(store)
        // The workers' clock: from the record written last by the real clock.
        var candidates: [WorkerStatusRecord] = Array(records.values)
        if let lastStop { candidates.append(lastStop) }
        let freshest = candidates.max { (left: WorkerStatusRecord, right: WorkerStatusRecord) -> Bool in
            (left.realAtMilliseconds ?? .min) < (right.realAtMilliseconds ?? .min)
        }.flatMap { $0.realAtMilliseconds == nil ? nil : $0 }
        return try read(store, now: freshest?.clockNow(real: real) ?? Int64(real.rounded(.down)), ttl: freshest?.leaseTTL ?? defaultTTL,
                        records: records, lastStop: lastStop)
    }

    /// The fleet at `now` of the workers' clock (a worker asking: its own clock).
    public static func read(_ store: any SharedFleetStore, now: Int64, ttl: Int64) throws -> WorkerFleet {
        let (records, lastStop) = try self.records(store)
        return try read(store, now: now, ttl: ttl, records: records, lastStop: lastStop)
    }

    private static func read(_ store: any SharedFleetStore, now: Int64, ttl: Int64, records: [String: WorkerStatusRecord],
                             lastStop: WorkerStatusRecord?) throws -> WorkerFleet {
        let partitions = try store.partitionCount()
        let holders = try store.leaseHolders(now: now, ttl: ttl)
        var fleet = WorkerFleet(members: holders.map { Member(holder: $0, isLive: $0.isLive(now: now, ttl: ttl), record: records[$0.id]) },
                                unheld: try store.unheldPartitions(now: now, ttl: ttl, partitions: partitions),
                                partitions: partitions, ttl: ttl, now: now, lastStop: lastStop)
        fleet.records = records
        return fleet
    }

    /// The workers' own status records (by worker id) and the record of the last clean stop.
    private static func records(_ store: any SharedFleetStore) throws -> ([String: WorkerStatusRecord], WorkerStatusRecord?) {
        var records: [String: WorkerStatusRecord] = [:]
        for (key, value) in try store.metaValues(prefix: WorkerStatusRecord.workerKeyPrefix) {
            guard let record = WorkerStatusRecord(json: value) else { continue }
            records[String(key.dropFirst(WorkerStatusRecord.workerKeyPrefix.count))] = record
        }
        return (records, try store.meta(WorkerStatusRecord.metaKey).flatMap(WorkerStatusRecord.init(json:)))
    }

    public init(members: [Member], unheld: [UnheldPartition], partitions: Int, ttl: Int64, now: Int64, lastStop: WorkerStatusRecord?) {
        self.members = members
        self.unheld = unheld
        self.partitions = partitions
        self.ttl = ttl
        self.now = now
        self.lastStop = lastStop
    }

    /// The live workers.
    public var live: [Member] { members.filter(\.isLive) }

    /// How many partitions live workers hold.
    public var held: Int { partitions - unheld.count }

    /// The partitions handed back a moment ago, which a live worker takes at its next heartbeat.
    public var changingHands: [UnheldPartition] { unheld.filter(\.changingHands) }

    /// The partitions waiting for nobody: no live holder, not changing hands.
    public var orphaned: [UnheldPartition] { unheld.filter { !$0.changingHands } }

    /// Registered workers whose heartbeat lapsed and whose partitions all have a live holder again:
    /// information, not a problem (the others took their rules over).
    public var goneTakenOver: [Member] {
        let waiting = Set(orphaned.compactMap(\.worker))
        return members.filter { !$0.isLive && !waiting.contains($0.holder.id) }
    }

    /// The next wake-up of rule `id` as the live workers last recorded it (the freshest record that
    /// has it); nil when none has (`known` false) or it runs only on new data (`known` true).
    public func wake(of rule: String) -> (known: Bool, at: Int64?) {
        let records = live.compactMap(\.record).sorted { $0.at > $1.at }
        for record in records { if let wake = record.wakes[rule] { return (true, wake) } }
        return (false, nil)
    }

    /// Whether rule `id`'s partition has no live holder (and is not merely changing hands).
    public func isOrphaned(rule: String) -> Bool {
        let partition = RulePartition.of(rule, count: partitions)
        return orphaned.contains { $0.partition == partition }
    }

    /// The health problems of the fleet while some worker is live: each worker whose lease expired
    /// without a live worker taking its partitions over, and the partitions no row assigns to a
    /// live worker (free for longer than a handover, or leased to an unknown worker); `rules` are the
    /// configured rule ids (each problem counts those it leaves unevaluated); `clock` writes the
    /// times. With no live worker there is none: nothing runs at all (`status` says so).
    public func leaseProblems(rules: [String], clock: ZoneClock) -> [HealthProblem] {
        guard !live.isEmpty else { return [] }
        func affected(_ group: [UnheldPartition]) -> Int {
            let set = Set(group.map(\.partition))
            return rules.filter { set.contains(RulePartition.of($0, count: partitions)) }.count
        }
        var problems: [HealthProblem] = []
        let byWorker = Dictionary(grouping: orphaned) { $0.worker.flatMap { id in members.contains { $0.holder.id == id } ? id : nil } ?? "" }
        for (id, group) in byWorker.sorted(by: { $0.key < $1.key }) {
            if let member = members.first(where: { $0.holder.id == id }) {
                let expiry = group.map(\.expiresAt).max() ?? now
                var problem = HealthProblem(kind: .worker, subject: id, since: expiry, detail: Message(.healthDetailLeaseExpired, [
                    "pid": .number(member.holder.pid), "host": .text(member.holder.host), "heartbeat": .text(clock.iso8601(member.holder.heartbeat)),
                    "expiry": .text(clock.iso8601(expiry)), "count": .number(group.count), "rules": .number(affected(group)),
                ]))
                problem.subjectText = Message(.healthSubjectWorkerID, ["worker": .text(Self.shortID(id))])
                problems.append(problem)
            } else {
                var problem = HealthProblem(kind: .worker, subject: "partitions", since: nil, detail: Message(.healthDetailPartitionsUnheld, [
                    "count": .number(group.count), "list": .text(Self.list(group.map(\.partition))), "rules": .number(affected(group)),
                ]))
                problem.subjectText = Message(.healthSubjectPartitions)
                problems.append(problem)
            }
        }
        return problems
    }

    /// `0, 3, 17 and 9 more`.
    static func list(_ partitions: [Int]) -> String {
        partitions.prefix(8).map(String.init).joined(separator: ", ") + (partitions.count > 8 ? " … (+\(partitions.count - 8))" : "")
    }

    /// A worker id as people read it: a UUID's first group (`5f97b1a2`), other ids as they are (up to 36 characters).
    public static func shortID(_ id: String) -> String {
        let uuid = id.count == 36 && id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12]
        return uuid ? String(id.prefix(8)) : String(id.prefix(36))
    }
}
