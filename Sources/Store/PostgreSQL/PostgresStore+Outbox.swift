import Messages
import Notifications

extension PostgresStore: OutboxRecording {
    /// The columns `entry(_:)` reads, in order.
    static let entryColumns = "SELECT \(entryColumnList) FROM outbox"
    /// The columns of `entry(_:)`, for a `SELECT` or a `RETURNING`.
    static let entryColumnList = "id, key, channel, status, attempts, next_attempt_at, last_error, created_at, delivered_at, notification"

    public func enqueue(_ notifications: [Notice], now: Int64) throws -> [OutboxEntry] {
        try connection.transaction { try insert(notifications, now: now) }
    }

    /// The inserts of `enqueue`, inside the caller's transaction: one statement per chunk of rows
    /// (arrays unnested in the given order, so ids increase in that order). A (key, channel) repeated
    /// in the batch is inserted once (its first occurrence); `ON CONFLICT DO NOTHING` skips the ones
    /// already in the outbox, and keeps (key, channel) unique across every worker sharing the database.
    func insert(_ notifications: [Notice], now: Int64) throws -> [OutboxEntry] {
        var rows: [(notification: Notice, channel: String)] = []
        var seen = Set<OutboxKey>()
        for notification in notifications {
            for channel in notification.channels where seen.insert(OutboxKey(key: notification.key, channel: channel)).inserted {
                rows.append((notification, channel))
            }
        }
        var inserted: [OutboxEntry] = []
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + Self.insertChunk, rows.count)]
            start += chunk.count
            var texts: [String] = []
            texts.reserveCapacity(chunk.count)
            for row in chunk { texts.append(NotificationJSON.encode(row.notification)) }
            var ids: [OutboxKey: Int64] = [:]
            for row in try connection.query("""
                INSERT INTO outbox (key, channel, rule, fire_at, expires_at, status, attempts, next_attempt_at,
                                    created_at, updated_at, notification, claimed_by, claim_until)
                SELECT key, channel, rule, fire_at, expires_at, 'pending', 0, fire_at, $6::bigint, $6::bigint, notification,
                       $8::text, CASE WHEN $8::text IS NULL THEN NULL ELSE $9::bigint END
                FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $7::text[])
                     WITH ORDINALITY AS rows (key, channel, rule, fire_at, expires_at, notification, position)
                ORDER BY position
                ON CONFLICT (key, channel) DO NOTHING
                RETURNING id, key, channel
                """, [Self.textArray(chunk.map(\.notification.key)), Self.textArray(chunk.map(\.channel)),
                      Self.textArray(chunk.map(\.notification.rule)),
                      Self.integerArray(chunk.map(\.notification.fireAt)),
                      Self.integerArray(chunk.map(\.notification.expiresAt)), String(now), Self.textArray(texts),
                      claimer, String(now + claimSeconds)],
                idempotent: false) {
                ids[OutboxKey(key: try row.text(1), channel: try row.text(2))] = try row.int64(0)
            }
            for row in chunk {
                guard let id = ids[OutboxKey(key: row.notification.key, channel: row.channel)] else { continue }
                inserted.append(OutboxEntry(id: id, key: row.notification.key, channel: row.channel,
                                            notification: row.notification, status: .pending, attempts: 0,
                                            nextAttemptAt: row.notification.fireAt, lastError: nil, createdAt: now,
                                            deliveredAt: nil))
            }
        }
        // Delivered at commit, to every worker listening (``PostgresListener``): an idle one wakes.
        if !inserted.isEmpty { try notifyQueued() }
        return inserted
    }

    /// `NOTIFY leavenow_outbox` (at the commit of the transaction it runs in).
    func notifyQueued() throws {
        _ = try connection.query("SELECT pg_notify($1, '')", [Self.notifyChannel], idempotent: false)
    }

    /// Rows per INSERT statement of `insert` (a bound on the size of one statement's arrays).
    static let insertChunk = 1_000

    /// As `SQLiteStore`'s, and with a ``claimer`` the entries returned are claimed: in one statement
    /// (`UPDATE … WHERE id = ANY (ARRAY(SELECT … FOR UPDATE SKIP LOCKED)) RETURNING …`: the ids
    /// picked first, then updated through the primary key — an `IN (subquery)` is planned as a hash
    /// join over the whole outbox, which grew with its size) they get `claimed_by`
    /// and `claim_until = now + claimSeconds`. Entries claimed by another worker until after `now`
    /// are left out; this worker's own claims are returned again (and renewed). Two workers claiming
    /// at once get different entries: a row locked by one is skipped by the other, and a row whose
    /// claim committed meanwhile is re-checked by PostgreSQL and no longer matches.
    public func due(now: Int64, limit: Int, excludingChannels held: Set<String>) throws -> [OutboxEntry] {
        guard let claimer else {
            return try connection.query("""
                \(Self.entryColumns)
                WHERE status = 'pending' AND next_attempt_at <= $1::bigint AND (expires_at IS NULL OR expires_at > $1::bigint)
                  AND NOT (channel = ANY ($2::text[]))
                ORDER BY next_attempt_at, id LIMIT $3::bigint
                FOR UPDATE SKIP LOCKED
                """, [String(now), Self.textArray(held.sorted()), String(limit)]).map(entry)
        }
        let limited = channelRates.filter { !held.contains($0.key) }
        if !limited.isEmpty {
            return try claimRateLimited(now: now, limit: limit, held: held, claimer: claimer, limited: limited)
        }
        let claimed = try connection.query("""
            UPDATE outbox SET claimed_by = $4::text, claim_until = $5::bigint
            WHERE id = ANY (ARRAY(
                SELECT id FROM outbox
                WHERE status = 'pending' AND next_attempt_at <= $1::bigint AND (expires_at IS NULL OR expires_at > $1::bigint)
                  AND NOT (channel = ANY ($2::text[]))
                  AND (claim_until IS NULL OR claim_until <= $1::bigint OR claimed_by = $4::text)
                ORDER BY next_attempt_at, id LIMIT $3::bigint
                FOR UPDATE SKIP LOCKED))
            RETURNING \(Self.entryColumnList)
            """, [String(now), Self.textArray(held.sorted()), String(limit), claimer, String(now + claimSeconds)],
            idempotent: true).map(entry)
        // RETURNING keeps no order: oldest due first, then by id, as without claims.
        return claimed.sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
    }

    /// As `SQLiteStore`'s; with a ``claimer``, an entry claimed by another worker counts from the end
    /// of its claim (when it comes back if that worker died), its expiry still counting as is; an
    /// entry of a rate-limited channel (``channelRates``) whose bucket is empty counts from when the
    /// bucket has a token again (its expiry still counting as is).
    public func nextAttemptTime(excludingChannels held: Set<String>) throws -> Int64? {
        let rows = try connection.query("""
            SELECT channel,
                   MIN(CASE WHEN channel = ANY ($1::text[]) THEN expires_at
                            WHEN expires_at IS NOT NULL AND expires_at < next_attempt_at THEN expires_at
                            WHEN $2::text IS NOT NULL AND claimed_by IS DISTINCT FROM $2::text AND claim_until > next_attempt_at
                                THEN LEAST(claim_until, COALESCE(expires_at, claim_until))
                            ELSE next_attempt_at END),
                   MIN(expires_at)
            FROM outbox WHERE status = 'pending' GROUP BY channel
            """, [Self.textArray(held.sorted()), claimer])
        let limited = claimer == nil ? [:] : channelRates.filter { !held.contains($0.key) }
        let refills = limited.isEmpty ? [:] : try refillTimes(limited)
        var earliest: Int64?
        for row in rows {
            let channel = try row.text(0)
            guard var next = row.optionalInt64(1) else { continue }
            if let refill = refills[channel], refill > next {
                next = min(refill, row.optionalInt64(2) ?? refill)
            }
            earliest = min(earliest ?? next, next)
        }
        return earliest
    }

    public func pendingCountsByChannel() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try connection.query("SELECT channel, COUNT(*) FROM outbox WHERE status = 'pending' GROUP BY channel") {
            counts[try row.text(0)] = Int(try row.int64(1))
        }
        return counts
    }

    public func record(_ results: [DeliveryRecord], now: Int64) throws {
        let at = String(now)
        // The common case — every outcome delivered, with one HTTP status, each id once — is one
        // statement (the update and its log rows in a CTE): one round trip instead of BEGIN, the
        // UPDATE, the INSERT and COMMIT.
        if let status = Self.singleDeliveredStatus(results) {
            try connection.run("""
                WITH done AS (
                    UPDATE outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = $1::bigint, last_error = NULL,
                                      updated_at = $1::bigint, claimed_by = NULL, claim_until = NULL
                    WHERE id = ANY ($2::bigint[]) RETURNING id, key, channel)
                INSERT INTO delivery_log (entry_id, key, channel, at, outcome, status_code, detail)
                SELECT done.id, done.key, done.channel, $1::bigint, 'delivered', $3::integer, NULL
                FROM unnest($2::bigint[]) WITH ORDINALITY AS ids (id, position) JOIN done ON done.id = ids.id
                ORDER BY ids.position
                """, [at, Self.integerArray(results.map(\.entryID)), status.map(String.init)])
            return
        }
        try connection.transaction { try apply(results, now: now) }
    }

    public func releaseBackoff(channels: Set<String>, now: Int64) throws -> Int {
        guard !channels.isEmpty else { return 0 }
        // Every worker's entries (a backoff holds no claim: recording the failure released it), and
        // the idle workers woken at the commit to send them.
        return try connection.transaction {
            let released = try connection.run("""
                UPDATE outbox SET next_attempt_at = $1::bigint, updated_at = $1::bigint
                WHERE status = 'pending' AND next_attempt_at > $1::bigint AND attempts > 0 AND last_error IS NOT NULL
                  AND (expires_at IS NULL OR expires_at > $1::bigint) AND channel = ANY ($2::text[])
                """, [String(now), Self.textArray(channels.sorted())])
            if released > 0 { try notifyQueued() }
            return released
        }
    }

    /// The status of `results` when every one is `.delivered` with that same status (nil inside:
    /// none given) and no id comes twice; nil (the outer one) otherwise, or when there are none.
    static func singleDeliveredStatus(_ results: [DeliveryRecord]) -> Int??  {
        guard case .delivered(let first)? = results.first?.outcome else { return nil }
        var seen = Set<Int64>()
        seen.reserveCapacity(results.count)
        for result in results {
            guard case .delivered(let status) = result.outcome, status == first, seen.insert(result.entryID).inserted else { return nil }
        }
        return .some(first)
    }

    func recordDelivered(_ run: DeliveredRun, now: Int64) throws {
        for group in run.groups {
            let ids = Self.integerArray(group.ids)
            try connection.run("""
                UPDATE outbox SET status = 'delivered', attempts = attempts + 1, delivered_at = $1::bigint, last_error = NULL,
                                  updated_at = $1::bigint, claimed_by = NULL, claim_until = NULL
                WHERE id = ANY ($2::bigint[])
                """, [String(now), ids])
            try connection.run("""
                INSERT INTO delivery_log (entry_id, key, channel, at, outcome, status_code, detail)
                SELECT outbox.id, outbox.key, outbox.channel, $1::bigint, 'delivered', $3::integer, NULL
                FROM unnest($2::bigint[]) WITH ORDINALITY AS ids (id, position) JOIN outbox ON outbox.id = ids.id
                ORDER BY ids.position
                """, [String(now), ids, group.status.map(String.init)])
        }
    }

    func recordDeferred(entry: Int64, until: Int64, now: Int64) throws {
        try connection.run("""
            UPDATE outbox SET next_attempt_at = $1::bigint, updated_at = $2::bigint, claimed_by = NULL, claim_until = NULL
            WHERE id = $3::bigint AND status = 'pending'
            """, [String(until), String(now), String(entry)])
    }

    func recordRetry(entry: Int64, at: Int64, error: String, now: Int64) throws -> Int {
        try connection.run("""
            UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1::bigint, last_error = $2,
                              updated_at = $3::bigint, claimed_by = NULL, claim_until = NULL
            WHERE id = $4::bigint AND status = 'pending'
            """, [String(at), error, String(now), String(entry)])
    }

    func recordDead(entry: Int64, error: String, now: Int64) throws -> Int {
        try connection.run("""
            UPDATE outbox SET status = 'dead', attempts = attempts + 1, last_error = $1, updated_at = $2::bigint,
                              claimed_by = NULL, claim_until = NULL
            WHERE id = $3::bigint AND status = 'pending'
            """, [error, String(now), String(entry)])
    }

    func recordExpired(entry: Int64, now: Int64) throws -> Int {
        try connection.run("""
            UPDATE outbox SET status = 'expired', updated_at = $1::bigint, claimed_by = NULL, claim_until = NULL
            WHERE id = $2::bigint AND status = 'pending'
            """, [String(now), String(entry)])
    }

    public func expire(now: Int64) throws -> [OutboxEntry] {
        // Nearly every pass has nothing to expire: a read answers that without a write transaction.
        guard try !connection.query("""
            SELECT 1 FROM outbox WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= $1::bigint LIMIT 1
            """, [String(now)]).isEmpty else { return [] }
        return try connection.transaction {
            let entries = try connection.query("""
                \(Self.entryColumns)
                WHERE status = 'pending' AND expires_at IS NOT NULL AND expires_at <= $1::bigint ORDER BY id
                FOR UPDATE SKIP LOCKED
                """, [String(now)]).map(entry)
            return try expire(entries, now: now)
        }
    }

    public func list(statuses: Set<OutboxStatus>?, limit: Int) throws -> [OutboxEntry] {
        guard let statuses else {
            return try connection.query("\(Self.entryColumns) ORDER BY id DESC LIMIT $1::bigint", [String(limit)]).map(entry)
        }
        return try connection.query("""
            \(Self.entryColumns) WHERE status = ANY ($1::text[]) ORDER BY id DESC LIMIT $2::bigint
            """, [Self.textArray(statuses.map(\.rawValue).sorted()), String(limit)]).map(entry)
    }

    public func retry(id: Int64, now: Int64) throws -> OutboxRetryResult {
        try connection.transaction {
            guard let row = try connection.query("""
                SELECT status, expires_at, updated_at FROM outbox WHERE id = $1::bigint FOR UPDATE
                """, [String(id)]).first else {
                return .notFound
            }
            let statusText = try row.text(0)
            guard let status = OutboxStatus(rawValue: statusText) else {
                throw StoreError(path: path, operation: Message(.storeReadingEntry, ["id": .number(Int(id))]),
                             message: Message(.storeUnknownStatus, ["status": .inQuotes(statusText)]),
                                 code: .badValue)
            }
            let expiresAt = row.optionalInt64(1)
            switch status {
            case .pending, .delivered:
                return .notRetryable(status)
            case .expired:
                // Expired is final: the notification stopped being useful and is never sent late.
                return .expired(at: try expiresAt ?? row.int64(2))
            case .dead:
                if let expiresAt, expiresAt <= now { return .expired(at: expiresAt) }
            }
            // The expiry stays: a retried entry that is still undelivered at its expiry expires.
            try connection.run("""
                UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1::bigint, updated_at = $1::bigint,
                                  claimed_by = NULL, claim_until = NULL
                WHERE id = $2::bigint AND status = 'dead'
                """, [String(now), String(id)])
            try log(entry: id, at: now, event: .requeued, statusCode: nil, detail: "was dead")
            try notifyQueued()
            return .requeued
        }
    }

    public func purge(statuses: Set<OutboxStatus>, olderThan: Int64) throws -> Int {
        guard !statuses.isEmpty else { return 0 }
        // The log rows go with their entries (ON DELETE CASCADE).
        return try connection.transaction {
            try connection.run("DELETE FROM outbox WHERE status = ANY ($1::text[]) AND updated_at < $2::bigint",
                               [Self.textArray(statuses.map(\.rawValue).sorted()), String(olderThan)])
        }
    }

    public func counts() throws -> [OutboxStatus: Int] {
        var counts = Dictionary(uniqueKeysWithValues: OutboxStatus.allCases.map { ($0, 0) })
        for row in try connection.query("SELECT status, COUNT(*) FROM outbox GROUP BY status") {
            if let status = OutboxStatus(rawValue: try row.text(0)) {
                counts[status] = Int(try row.int64(1))
            }
        }
        return counts
    }

    public func deliveryLog(entry: Int64) throws -> [DeliveryLogEntry] {
        try connection.query("""
            SELECT id, entry_id, key, channel, at, outcome, status_code, detail
            FROM delivery_log WHERE entry_id = $1::bigint ORDER BY id
            """, [String(entry)]).map { row throws(StoreError) in
            try logEntry(row, operation: Message(.storeReadingLog, ["id": .number(Int(entry))]))
        }
    }

    // MARK: Internals

    /// Appends a delivery-log row for entry `id`, copying its key and channel.
    func log(entry id: Int64, at: Int64, event: DeliveryLogEntry.Event, statusCode: Int?, detail: String?) throws {
        try connection.run("""
            INSERT INTO delivery_log (entry_id, key, channel, at, outcome, status_code, detail)
            SELECT id, key, channel, $1::bigint, $2, $3::integer, $4 FROM outbox WHERE id = $5::bigint
            """, [String(at), event.rawValue, statusCode.map(String.init), detail, String(id)])
    }

    /// An entry from a row of `entryColumns`.
    func entry(_ row: PostgresRow) throws(StoreError) -> OutboxEntry {
        let id = try row.int64(0)
        let statusText = try row.text(3)
        guard let status = OutboxStatus(rawValue: statusText) else {
            throw StoreError(path: path, operation: Message(.storeReadingEntry, ["id": .number(Int(id))]),
                             message: Message(.storeUnknownStatus, ["status": .inQuotes(statusText)]),
                             code: .badValue)
        }
        let text = try row.text(9)
        let notification: Notice
        do throws(NotificationJSON.Failure) {
            notification = try NotificationJSON.decode(text)
        } catch {
            throw StoreError(path: path, operation: Message(.storeDecodingEntry, ["id": .number(Int(id))]),
                             message: Message(.storeNotificationInvalid, ["error": .text("\(error)")]),
                             code: .badValue)
        }
        return OutboxEntry(id: id, key: try row.text(1), channel: try row.text(2), notification: notification,
                           status: status, attempts: Int(try row.int64(4)), nextAttemptAt: try row.int64(5),
                           lastError: row.optionalText(6), createdAt: try row.int64(7), deliveredAt: row.optionalInt64(8))
    }
}

/// An outbox entry's identity: unique in the outbox.
struct OutboxKey: Hashable {
    var key: String
    var channel: String
}
