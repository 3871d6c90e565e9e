import Messages
extension PostgresStore {
    /// Appends the history of `extras` (one statement per chunk of ``stateChunk`` rows) and prunes
    /// each rule appended to (one statement), then writes its `meta` values, inside the caller's
    /// transaction.
    func write(_ extras: CommitExtras) throws {
        var start = 0
        let history = extras.history
        while start < history.count {
            let chunk = history[start..<min(start + Self.stateChunk, history.count)]
            start += chunk.count
            try connection.run("""
                INSERT INTO rule_history (rule, at, record)
                SELECT rule, at, record FROM unnest($1::text[], $2::bigint[], $3::text[]) WITH ORDINALITY AS rows (rule, at, record, position)
                ORDER BY position
                """, [Self.textArray(chunk.map(\.rule)), Self.integerArray(chunk.map(\.at)), Self.textArray(chunk.map(\.record))])
        }
        if !history.isEmpty {
            var seen = Set<String>()
            let rules = history.map(\.rule).filter { seen.insert($0).inserted }
            // The rows past each rule's newest `keep` (rule_history_rule: one index range per rule).
            try connection.run("""
                DELETE FROM rule_history h WHERE h.rule = ANY ($1::text[]) AND h.id <= (
                    SELECT x.id FROM rule_history x WHERE x.rule = h.rule ORDER BY x.id DESC OFFSET $2::bigint LIMIT 1)
                """, [Self.textArray(rules), String(max(0, extras.historyKeep))])
        }
        for (key, value) in extras.meta { try setMeta(key, value) }
    }

    public func history(rule: String, since: Int64?, limit: Int) throws -> [RuleHistoryEntry] {
        try connection.query("""
            SELECT id, rule, at, record FROM (
                SELECT id, rule, at, record FROM rule_history WHERE rule = $1 AND at >= $2::bigint ORDER BY id DESC LIMIT $3::bigint) AS last
            ORDER BY id
            """, [rule, String(since ?? Int64.min), String(max(0, limit))]).map { row throws(StoreError) in
            RuleHistoryEntry(id: try row.int64(0), rule: try row.text(1), at: try row.int64(2), record: try row.text(3))
        }
    }

    public func historyRules() throws -> [String] {
        try connection.query("SELECT DISTINCT rule FROM rule_history ORDER BY rule").map { row throws(StoreError) in try row.text(0) }
    }

    public func purgeHistory(olderThan: Int64) throws -> Int {
        try connection.run("DELETE FROM rule_history WHERE at < $1::bigint", [String(olderThan)], idempotent: true)
    }

    public func deliveryLog(after: Int64, limit: Int) throws -> [DeliveryLogEntry] {
        try connection.query("""
            SELECT id, entry_id, key, channel, at, outcome, status_code, detail
            FROM delivery_log WHERE id > $1::bigint ORDER BY id LIMIT $2::bigint
            """, [String(after), String(max(0, limit))]).map { row throws(StoreError) in
            try logEntry(row, operation: Message(.storeReadingLogAfter, ["after": .number(Int(after))]))
        }
    }

    /// A delivery-log row of `SELECT id, entry_id, key, channel, at, outcome, status_code, detail`.
    func logEntry(_ row: PostgresRow, operation: Message) throws(StoreError) -> DeliveryLogEntry {
        let outcome = try row.text(5)
        guard let event = DeliveryLogEntry.Event(rawValue: outcome) else {
            throw StoreError(path: path, operation: operation, message: Message(.storeUnknownOutcome, ["outcome": .inQuotes(outcome)]), code: .badValue)
        }
        return DeliveryLogEntry(id: try row.int64(0), entryID: try row.int64(1), key: try row.text(2),
                                channel: try row.text(3), at: try row.int64(4), event: event,
                                statusCode: row.optionalInt64(6).map { Int($0) }, detail: row.optionalText(7))
    }
}
