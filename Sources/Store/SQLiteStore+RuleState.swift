import Messages
import Notifications

extension SQLiteStore {
    public func loadRuleStates<State: Decodable>(as type: State.Type,
                                                 onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State] {
        var states: [String: State] = [:]
        for (rule, text) in try database.query("SELECT rule, state FROM rule_state", [], { row in
            (try row.text(0), try row.text(1))
        }) {
            do {
                states[rule] = try decode(type, from: text, Message(.storeRuleState, ["rule": .text("\"\(rule)\"")]))
            } catch {
                guard let onUndecodable else { throw error }
                onUndecodable(rule, error)
            }
        }
        return states
    }

    // The JSON of notifications and states is made before the transaction begins: the write lock
    // (which the sender's records wait for) is held for SQLite's work only.

    public func replaceRuleStates<State: Encodable>(_ states: [String: State], now: Int64) throws {
        let texts = try encoded(states)
        try database.transaction {
            try database.run("DELETE FROM rule_state")
            try upsert(texts, now: now)
        }
    }

    public func saveRuleStates<State: Encodable>(_ states: [String: State], now: Int64) throws {
        let texts = try encoded(states)
        try database.transaction { try upsert(texts, now: now) }
    }

    public func commit<State: Encodable>(notifications: [Notice], ruleStates: [String: State], extras: CommitExtras,
                                         now: Int64) throws -> [OutboxEntry] {
        let notificationTexts = notifications.map(NotificationJSON.encode)
        let stateTexts = try encoded(ruleStates)
        return try database.transaction {
            let inserted = try insert(notifications, texts: notificationTexts, now: now)
            try upsert(stateTexts, now: now)
            if !extras.isEmpty { try write(extras) }
            return inserted
        }
    }

    /// Each state's JSON text, by rule.
    private func encoded<State: Encodable>(_ states: [String: State]) throws -> [(rule: String, text: String)] {
        try states.map { rule, state in (rule, try json(state, Message(.storeRuleState, ["rule": .text("\"\(rule)\"")]))) }
    }

    /// The writes of `saveRuleStates`, inside the caller's transaction.
    private func upsert(_ states: [(rule: String, text: String)], now: Int64) throws {
        for (rule, text) in states {
            try database.run("""
                INSERT INTO rule_state (rule, state, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (rule) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                """, [.text(rule), .text(text), .integer(now)])
        }
    }
}
