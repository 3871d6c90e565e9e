import JSONText
import Messages
import Notifications

extension SQLiteStore: OutboxRecording {
    /// The columns `entry(_:)` reads, in order.
    static let entryColumns = """
        SELECT id, key, channel, status, attempts, next_attempt_at, last_error, created_at, delivered_at, notification
        FROM outbox
        """

    public func enqueue(_ notifications: [Notice], now: Int64) throws -> [OutboxEntry] {
        // Encoded before the write lock is taken.
        let texts = notifications.map(NotificationJSON.encode)
        return try database.transaction { try insert(notifications, texts: texts, now: now) }
    }

    /// The inserts of `enqueue`, inside the caller's transaction; `texts` are the notifications'
    /// `NotificationJSON`, in the same order.
    func insert(_ notifications: [Notice], texts: [String], now: Int64) throws -> [OutboxEntry] {
        var inserted: [OutboxEntry] = []
        inserted.reserveCapacity(notifications.count)
        for (notification, text) in zip(notifications, texts) {
            for channel in notification.channels {
                let changes = try database.run("""
                    INSERT INTO outbox (key, channel, rule, fire_at, expires_at, status, attempts, next_attempt_at,
                                        created_at, updated_at, notification)
                    VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?)
                    ON CONFLICT (key, channel) DO NOTHING
                    """, [.text(notification.key), .text(channel), .text(notification.rule), .integer(notification.fireAt),
                          SQLiteValue(notification.expiresAt), .integer(notification.fireAt), .integer(now), .integer(now),
                          .text(text)])
                guard changes == 1 else { continue }
                inserted.append(OutboxEntry(id: database.lastInsertRowID, key: notification.key, channel: channel,
                                            notification: notification, status: .pending, attempts: 0,
                                            nextAttemptAt: notification.fireAt, lastError: nil, createdAt: now,
                                            deliveredAt: nil))
            }
        }
        return inserted
    }

    public func due(now: Int64, limit: Int, excludingChannels held: Set<String>) throws -> [OutboxEntry] {
        // `status = 'pending'` is written out so the partial index `outbox_pending` applies.
        guard !held.isEmpty else {
            return try database.query("""
                \(Self.entryColumns)
                WHERE status = 'pending' AND next_attempt_at <= ? AND (expires_at IS NULL OR expires_at > ?)
                ORDER BY next_attempt_at, id LIMIT ?
                """, [.integer(now), .integer(now), .integer(Int64(limit))], entry)
        }
        return try database.query("""
            \(Self.entryColumns)
            WHERE status = 'pending' AND next_attempt_at <= ? AND (expires_at IS NULL OR expires_at > ?)
              AND channel NOT IN (SELECT value FROM json_each(?))
            ORDER BY next_attempt_at, id LIMIT ?
            """, [.integer(now), .integer(now), .text(Self.jsonArray(held)), .integer(Int64(limit))], entry)
    }

    /// The earliest instant a pending entry needs the worker: its next attempt, or its expiry when that
    /// comes first (so the worker wakes to expire it with `expire(now:)` rather than to send it); for
    /// an entry of a held channel, only its expiry.
    public func nextAttemptTime(excludingChannels held: Set<String>) throws -> Int64? {
        try database.query("""
            SELECT MIN(CASE WHEN channel IN (SELECT value FROM json_each(?)) THEN expires_at
                            WHEN expires_at IS NOT NULL AND expires_at < next_attempt_at THEN expires_at
                            ELSE next_attempt_at END)
            FROM outbox WHERE status = 'pending'
            """, [.text(Self.jsonArray(held))]) { row in row.optionalInt64(0) }.first ?? nil
    }

    public func pendingCountsByChannel() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for (channel, count) in try database.query("""
            SELECT channel, COUNT(*) FROM outbox WHERE status = 'pending' GROUP BY channel
            """, [], { row in (try row.text(0), try row.int64(1)) }) {
            counts[channel] = Int(count)
        }
        return counts
    }

    /// `["a","b"]`: strings as a JSON array, bound as one value and read back with `json_each`.
    static func jsonArray(_ values: Set<String>) -> String {
        "[" + values.sorted().map(JSONStringEscaping.quoted).joined(separator: ",") + "]"
    }

    public func record(_ results: [DeliveryRecord], now: Int64) throws {
        try database.transaction { try apply(results, now: now) }
    }

    public func releaseBackoff(channels: Set<String>, now: Int64) throws -> Int {
        guard !channels.isEmpty else { return 0 }
        // Through the pending entries' index, from `now` on (the backoffs, and entries not due yet).
        return try database.transaction {
            try database.run("""
                UPDATE outbox SET next_attempt_at = ?1, updated_at = ?1
                WHERE status = 'pending' AND next_attempt_at > ?1 AND attempts > 0 AND last_error IS NOT NULL
                  AND (expires_at IS NULL OR expires_at > ?1) AND channel IN (SELECT value FROM json_each(?2))
                """, [.integer(now), .text(Self.jsonArray(channels))])
        }
    }

    func recordDelivered(_ run: DeliveredRun, now: Int64) throws {
        for group in run.groups {
            // The ids as a JSON array, read back with json_each: one bound value for any count.
            let ids = "[" + group.ids.map(String.init).joined(separator: ",") + "]"
            try database.run("""
                UPDATE outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = ?1, last_error = NULL,
                                  updated_at = ?1
                WHERE id IN (SELECT value FROM json_each(?2))
                """, [.integer(now), .text(ids)])
            try database.run("""
                INSERT INTO delivery_log (entry_id, key, channel, at, outcome, status_code, detail)
                SELECT outbox.id, outbox.key, outbox.channel, ?1, 'delivered', ?3, NULL
                FROM json_each(?2) AS ids CROSS JOIN outbox ON outbox.id = ids.value
                """, [.integer(now), .text(ids), SQLiteValue(group.status)])
            // CROSS JOIN keeps json_each the outer loop: the rows are logged in the order of the ids
            // (an ORDER BY sorted them in a temporary tree each time).
        }
    }

    func recordDeferred(entry: Int64, until: Int64, now: Int64) throws {
        try database.run("""
            UPDATE outbox SET next_attempt_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'
            """, [.integer(until), .integer(now), .integer(entry)])
    }

    func recordRetry(entry: Int64, at: Int64, error: String, now: Int64) throws -> Int {
        try database.run("""
            UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, updated_at = ?
            WHERE id = ? AND status = 'pending'
            """, [.integer(at), .text(error), .integer(now), .integer(entry)])
    }

    func recordDead(entry: Int64, error: String, now: Int64) throws -> Int {
        try database.run("""
            UPDATE outbox SET status = 'dead', attempts = attempts + 1, last_error = ?, updated_at = ?
            WHERE id = ? AND status = 'pending'
            """, [.text(error), .integer(now), .integer(entry)])
    }

    func recordExpired(entry: Int64, now: Int64) throws -> Int {
        try database.run("""
            UPDATE outbox SET status = 'expired', updated_at = ? WHERE id = ? AND status = 'pending'
            """, [.integer(now), .integer(entry)])
    }

    public func expire(now: Int64) throws -> [OutboxEntry] {
        // Nearly every pass has nothing to expire: a read answers that without taking the write lock
        // and writing an empty transaction. Both read the pending entries through their index
        // (`outbox_pending` holds their expiry), never the whole outbox with its history.
        guard try !database.query("""
            SELECT 1 FROM outbox INDEXED BY outbox_pending
            WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= ? LIMIT 1
            """, [.integer(now)], { _ in true }).isEmpty else { return [] }
        return try database.transaction {
            let entries = try database.query("""
                \(Self.entryColumns) INDEXED BY outbox_pending
                WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= ? ORDER BY id
                """, [.integer(now)], entry)
            return try expire(entries, now: now)
        }
    }

    public func list(statuses: Set<OutboxStatus>?, limit: Int) throws -> [OutboxEntry] {
        try database.query("""
            \(Self.entryColumns)
            \(statuses.map { "WHERE status IN \(Self.sqlList($0))" } ?? "")
            ORDER BY id DESC LIMIT ?
            """, [.integer(Int64(limit))], entry)
    }

    public func retry(id: Int64, now: Int64) throws -> OutboxRetryResult {
        try database.transaction {
            guard let row = try database.query("""
                SELECT status, expires_at, updated_at FROM outbox WHERE id = ?
                """, [.integer(id)], { row in (try row.text(0), row.optionalInt64(1), try row.int64(2)) }).first else {
                return .notFound
            }
            guard let status = OutboxStatus(rawValue: row.0) else {
                throw StoreError(path: path, operation: Message(.storeReadingEntry, ["id": .number(Int(id))]),
                                 message: Message(.storeUnknownStatus, ["status": .text("\"\(row.0)\"")]), code: .badValue)
            }
            switch status {
            case .pending, .delivered:
                return .notRetryable(status)
            case .expired:
                // Expired is final: the notification stopped being useful and is never sent late.
                return .expired(at: row.1 ?? row.2)
            case .dead:
                if let expiresAt = row.1, expiresAt <= now { return .expired(at: expiresAt) }
            }
            // The expiry stays: a retried entry that is still undelivered at its expiry expires.
            try database.run("""
                UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, updated_at = ?
                WHERE id = ? AND status = 'dead'
                """, [.integer(now), .integer(now), .integer(id)])
            try log(entry: id, at: now, event: .requeued, statusCode: nil, detail: "was dead")
            return .requeued
        }
    }

    public func purge(statuses: Set<OutboxStatus>, olderThan: Int64) throws -> Int {
        guard !statuses.isEmpty else { return 0 }
        // The log rows go with their entries (ON DELETE CASCADE). Without pending entries the
        // finished-entries index (`status <> 'pending'`) finds them.
        let finishedOnly = statuses.contains(.pending) ? "" : "status <> 'pending' AND "
        return try database.transaction {
            try database.run("DELETE FROM outbox WHERE \(finishedOnly)status IN \(Self.sqlList(statuses)) AND updated_at < ?",
                             [.integer(olderThan)])
        }
    }

    public func counts() throws -> [OutboxStatus: Int] {
        var counts = Dictionary(uniqueKeysWithValues: OutboxStatus.allCases.map { ($0, 0) })
        // One statement (one snapshot), two index-only counts: the pending entries (`outbox_pending`),
        // the finished ones (`outbox_finished`).
        for (status, count) in try database.query("""
            SELECT 'pending', COUNT(*) FROM outbox WHERE status = 'pending'
            UNION ALL SELECT status, COUNT(*) FROM outbox WHERE status <> 'pending' GROUP BY status
            """, [], { row in
            (try row.text(0), try row.int64(1))
        }) {
            if let status = OutboxStatus(rawValue: status) {
                counts[status] = Int(count)
            }
        }
        return counts
    }

    public func deliveryLog(entry: Int64) throws -> [DeliveryLogEntry] {
        try database.query("""
            SELECT id, entry_id, key, channel, at, outcome, status_code, detail
            FROM delivery_log WHERE entry_id = ? ORDER BY id
            """, [.integer(entry)]) { row in try logEntry(row) }
    }

    // MARK: Internals

    /// Appends a delivery-log row for entry `id`, copying its key and channel.
    func log(entry id: Int64, at: Int64, event: DeliveryLogEntry.Event, statusCode: Int?, detail: String?) throws {
        try database.run("""
            INSERT INTO delivery_log (entry_id, key, channel, at, outcome, status_code, detail)
            SELECT id, key, channel, ?, ?, ?, ? FROM outbox WHERE id = ?
            """, [.integer(at), .text(event.rawValue), SQLiteValue(statusCode), SQLiteValue(detail), .integer(id)])
    }

    /// An entry from a row of `entryColumns`.
    func entry(_ row: SQLiteRow) throws -> OutboxEntry {
        let id = try row.int64(0)
        let statusText = try row.text(3)
        guard let status = OutboxStatus(rawValue: statusText) else {
            throw StoreError(path: path, operation: Message(.storeReadingEntry, ["id": .number(Int(id))]),
                             message: Message(.storeUnknownStatus, ["status": .text("\"\(statusText)\"")]), code: .badValue)
        }
        return OutboxEntry(id: id, key: try row.text(1), channel: try row.text(2),
                           notification: try notification(row, column: 9, id: id),
                           status: status, attempts: Int(try row.int64(4)), nextAttemptAt: try row.int64(5),
                           lastError: row.optionalText(6), createdAt: try row.int64(7),
                           deliveredAt: row.optionalInt64(8))
    }

    /// The notification stored in `column` of outbox entry `id`.
    func notification(_ row: SQLiteRow, column: Int32, id: Int64) throws(StoreError) -> Notice {
        let decoded = row.withTextBytes(column) { bytes -> Result<Notice, NotificationJSON.Failure>? in
            guard let bytes else { return nil }
            do throws(NotificationJSON.Failure) {
                return .success(try NotificationJSON.decode(bytes))
            } catch {
                return .failure(error)
            }
        }
        switch decoded {
        case .success(let notification)?: return notification
        case .failure(let failure)?:
            throw StoreError(path: path, operation: Message(.storeDecodingEntry, ["id": .number(Int(id))]),
                             message: Message(.storeNotificationInvalid, ["error": .text("\(failure)")]), code: .badValue)
        case nil:
            throw StoreError(path: path, operation: Message(.storeReadingEntry, ["id": .number(Int(id))]),
                             message: Message(.storeColumnNull, ["column": .text("\"notification\"")]), code: .badValue)
        }
    }

    /// `('dead', 'expired')`: the raw values are fixed identifiers, safe to write into SQL.
    static func sqlList(_ statuses: Set<OutboxStatus>) -> String {
        "(" + statuses.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ") + ")"
    }
}
