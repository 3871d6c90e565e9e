import Messages

extension SQLiteStore {
    /// Appends the history of `extras` and prunes each rule appended to, then writes its `meta`
    /// values, inside the caller's transaction.
    func write(_ extras: CommitExtras) throws {
        var rules: [String] = []
        var seen = Set<String>()
        for entry in extras.history {
            try database.run("INSERT INTO rule_history (rule, at, record) VALUES (?, ?, ?)",
                             [.text(entry.rule), .integer(entry.at), .text(entry.record)])
            if seen.insert(entry.rule).inserted { rules.append(entry.rule) }
        }
        // The rows past the newest `keep` go: one index range per rule (rule_history_rule).
        for rule in rules {
            try database.run("""
                DELETE FROM rule_history WHERE rule = ?1 AND id <= (
                    SELECT id FROM rule_history WHERE rule = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)
                """, [.text(rule), .integer(Int64(max(0, extras.historyKeep)))])
        }
        for (key, value) in extras.meta { try setMeta(key, value) }
    }

    public func history(rule: String, since: Int64?, limit: Int) throws -> [RuleHistoryEntry] {
        try database.query("""
            SELECT id, rule, at, record FROM (
                SELECT id, rule, at, record FROM rule_history WHERE rule = ?1 AND at >= ?2 ORDER BY id DESC LIMIT ?3)
            ORDER BY id
            """, [.text(rule), .integer(since ?? Int64.min), .integer(Int64(max(0, limit)))]) { row in
            RuleHistoryEntry(id: try row.int64(0), rule: try row.text(1), at: try row.int64(2), record: try row.text(3))
        }
    }

    public func historyRules() throws -> [String] {
        try database.query("SELECT DISTINCT rule FROM rule_history ORDER BY rule") { row in try row.text(0) }
    }

    public func purgeHistory(olderThan: Int64) throws -> Int {
        try database.transaction { try database.run("DELETE FROM rule_history WHERE at < ?", [.integer(olderThan)]) }
    }

    public func deliveryLog(after: Int64, limit: Int) throws -> [DeliveryLogEntry] {
        try database.query("""
            SELECT id, entry_id, key, channel, at, outcome, status_code, detail
            FROM delivery_log WHERE id > ? ORDER BY id LIMIT ?
            """, [.integer(after), .integer(Int64(max(0, limit)))]) { row in try logEntry(row) }
    }

    /// A delivery-log row of `SELECT id, entry_id, key, channel, at, outcome, status_code, detail`.
    func logEntry(_ row: SQLiteRow) throws -> DeliveryLogEntry {
        let outcome = try row.text(5)
        guard let event = DeliveryLogEntry.Event(rawValue: outcome) else {
            throw StoreError(path: path, operation: Message(.storeReadingLog, ["id": .number(Int(try row.int64(1)))]),
                             message: Message(.storeUnknownOutcome, ["outcome": .text("\"\(outcome)\"")]), code: .badValue)
        }
        return DeliveryLogEntry(id: try row.int64(0), entryID: try row.int64(1), key: try row.text(2),
                                channel: try row.text(3), at: try row.int64(4), event: event,
                                statusCode: row.optionalInt64(6).map { Int($0) }, detail: row.optionalText(7))
    }
}
