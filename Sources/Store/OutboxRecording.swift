/// The statements behind ``OutboxStore/record(_:now:)``, which each store writes in its own SQL; in
/// what order the outcomes apply is written once, in ``apply(_:now:)``.
protocol OutboxRecording {
    /// Marks the entries of `run` delivered, whatever their status (one statement per HTTP status
    /// for all of them), and logs each once, in the order given; ids no longer in the outbox are skipped.
    func recordDelivered(_ run: DeliveredRun, now: Int64) throws
    /// Moves a pending entry's next attempt to `until`: a deferral is not an attempt (nothing is logged).
    func recordDeferred(entry: Int64, until: Int64, now: Int64) throws
    /// A failed attempt of a pending entry, tried again at `at`; returns how many rows changed.
    func recordRetry(entry: Int64, at: Int64, error: String, now: Int64) throws -> Int
    /// A pending entry that failed for good; returns how many rows changed.
    func recordDead(entry: Int64, error: String, now: Int64) throws -> Int
    /// A pending entry that expired before it was sent; returns how many rows changed.
    func recordExpired(entry: Int64, now: Int64) throws -> Int
    /// Appends a delivery-log row for entry `id`, copying its key and channel.
    func log(entry id: Int64, at: Int64, event: DeliveryLogEntry.Event, statusCode: Int?, detail: String?) throws
}

extension OutboxRecording {
    /// Applies `results` in the order given, inside the caller's transaction. Deliveries — nearly
    /// every result — are applied a run at a time: one UPDATE and one log INSERT per HTTP status for
    /// all the entries of the run, instead of two statements per entry. A run ends before any other
    /// outcome (and before an id seen twice), so results still apply in the order given.
    func apply(_ results: [DeliveryRecord], now: Int64) throws {
        var run = DeliveredRun()
        func flush() throws {
            guard !run.groups.isEmpty else { return }
            try recordDelivered(run, now: now)
            run = DeliveredRun()
        }
        for result in results {
            let id = result.entryID
            let changes: Int
            let event: DeliveryLogEntry.Event
            var detail: String?
            switch result.outcome {
            case .delivered(let status):
                if run.ids.contains(id) { try flush() }
                run.add(id, status: status)
                continue
            case .deferred(let until):
                try flush()
                try recordDeferred(entry: id, until: until, now: now)
                continue
            case .retry(let at, let error):
                try flush()
                changes = try recordRetry(entry: id, at: at, error: error, now: now)
                event = .retry
                detail = "\(error) (next attempt at \(at))"
            case .dead(let error):
                try flush()
                changes = try recordDead(entry: id, error: error, now: now)
                event = .dead
                detail = error
            case .expired:
                try flush()
                changes = try recordExpired(entry: id, now: now)
                event = .expired
            }
            if changes > 0 {
                try log(entry: id, at: now, event: event, statusCode: nil, detail: detail)
            }
        }
        try flush()
    }
}

extension OutboxRecording {
    /// Marks `entries` — pending and past their expiry, read inside the caller's transaction —
    /// expired, logging each; returns them as they are now.
    func expire(_ entries: [OutboxEntry], now: Int64) throws -> [OutboxEntry] {
        var expired: [OutboxEntry] = []
        for var entry in entries {
            _ = try recordExpired(entry: entry.id, now: now)
            try log(entry: entry.id, at: now, event: .expired, statusCode: nil,
                    detail: entry.notification.expiresAt.map { "expired at \($0)" })
            entry.status = .expired
            expired.append(entry)
        }
        return expired
    }
}

/// Consecutive `.delivered` results, their ids grouped by HTTP status (in the order first seen).
struct DeliveredRun {
    var ids = Set<Int64>()
    var groups: [(status: Int?, ids: [Int64])] = []

    mutating func add(_ id: Int64, status: Int?) {
        ids.insert(id)
        if let index = groups.firstIndex(where: { $0.status == status }) {
            groups[index].ids.append(id)
        } else {
            groups.append((status, [id]))
        }
    }
}
