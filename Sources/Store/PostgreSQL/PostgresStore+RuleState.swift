import Notifications

extension PostgresStore {
    public func loadRuleStates<State: Decodable>(as type: State.Type,
                                                 onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State] {
        var states: [String: State] = [:]
        for row in try connection.query("SELECT rule, state FROM rule_state") {
            let rule = try row.text(0)
            do {
                states[rule] = try decode(type, from: try row.text(1), "the state of rule \"\(rule)\"")
            } catch {
                guard let onUndecodable else { throw error }
                onUndecodable(rule, error)
            }
        }
        return states
    }

    public func replaceRuleStates<State: Encodable>(_ states: [String: State], now: Int64) throws {
        try connection.transaction {
            try connection.run("DELETE FROM rule_state")
            try upsert(states, now: now)
        }
    }

    public func saveRuleStates<State: Encodable>(_ states: [String: State], now: Int64) throws {
        try connection.transaction { try upsert(states, now: now) }
    }

    public func commit<State: Encodable>(notifications: [Notice], ruleStates: [String: State], now: Int64) throws -> [OutboxEntry] {
        try connection.transaction {
            let inserted = try insert(notifications, now: now)
            try upsert(ruleStates, now: now)
            return inserted
        }
    }

    /// The writes of `saveRuleStates`, inside the caller's transaction.
    func upsert<State: Encodable>(_ states: [String: State], now: Int64) throws {
        for (rule, state) in states {
            try connection.run("""
                INSERT INTO rule_state (rule, state, updated_at) VALUES ($1, $2, $3::bigint)
                ON CONFLICT (rule) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                """, [rule, try json(state, "the state of rule \"\(rule)\""), String(now)])
        }
    }
}
