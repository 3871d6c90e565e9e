import Rules

extension SQLiteStore {
    public func loadEngineState() throws -> EngineState {
        try loadEngineState(onUndecodable: nil)
    }

    /// The stored state of every rule. A row that no longer decodes (written by another version of
    /// leavenow) throws when `onUndecodable` is nil; otherwise that rule starts afresh (its row is
    /// kept until the rule's next commit overwrites it) and `onUndecodable` hears the rule and why.
    /// Starting afresh repeats nothing already queued: the outbox's unique (key, channel) refuses
    /// an occurrence it has seen.
    public func loadEngineState(onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> EngineState {
        var state = EngineState()
        for (rule, text) in try database.query("SELECT rule, state FROM rule_state", [], { row in
            (try row.text(0), try row.text(1))
        }) {
            do {
                state.rules[rule] = try decode(RuleState.self, from: text, "the state of rule \"\(rule)\"")
            } catch {
                guard let onUndecodable else { throw error }
                onUndecodable(rule, error)
            }
        }
        return state
    }

    public func saveEngineState(_ state: EngineState, now: Int64) throws {
        try database.transaction {
            try database.run("DELETE FROM rule_state")
            try upsert(state.rules, now: now)
        }
    }

    public func saveRuleStates(_ states: [String: RuleState], now: Int64) throws {
        try database.transaction { try upsert(states, now: now) }
    }

    public func commit(notifications: [Notification], ruleStates: [String: RuleState], now: Int64) throws -> [OutboxEntry] {
        try database.transaction {
            let inserted = try insert(notifications, now: now)
            try upsert(ruleStates, now: now)
            return inserted
        }
    }

    /// The writes of `saveRuleStates`, inside the caller's transaction.
    func upsert(_ states: [String: RuleState], now: Int64) throws {
        for (rule, state) in states {
            try database.run("""
                INSERT INTO rule_state (rule, state, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (rule) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                """, [.text(rule), .text(try json(state, "the state of rule \"\(rule)\"")), .integer(now)])
        }
    }
}
