import Notifications

extension PostgresStore {
    public func loadRuleStates<State: Decodable>(as type: State.Type,
                                                 onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State] {
        var states: [String: State] = [:]
        try decodeStates(try connection.query("SELECT rule, state FROM rule_state"), into: &states, onUndecodable: onUndecodable)
        return states
    }

    /// The states of `rules` only: one query per chunk of ``stateChunk`` ids (bound as one `text[]`).
    public func loadRuleStates<State: Decodable>(as type: State.Type, rules: [String],
                                                 onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State] {
        var states: [String: State] = [:]
        var start = 0
        while start < rules.count {
            let chunk = rules[start..<min(start + Self.stateChunk * 10, rules.count)]
            start += chunk.count
            try decodeStates(try connection.query("SELECT rule, state FROM rule_state WHERE rule = ANY ($1::text[])", [Self.textArray(chunk)]),
                             into: &states, onUndecodable: onUndecodable)
        }
        return states
    }

    /// Decodes rows of (rule, state JSON) into `states`.
    private func decodeStates<State: Decodable>(_ rows: [PostgresRow], into states: inout [String: State],
                                                onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws {
        for row in rows {
            let rule = try row.text(0)
            do {
                states[rule] = try decode(State.self, from: try row.text(1), "the state of rule \"\(rule)\"")
            } catch {
                guard let onUndecodable else { throw error }
                onUndecodable(rule, error)
            }
        }
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

    public func commit<State: Encodable>(notifications: [Notice], ruleStates: [String: State], extras: CommitExtras,
                                         now: Int64) throws -> [OutboxEntry] {
        try connection.transaction {
            let inserted = try insert(notifications, now: now)
            try upsert(ruleStates, now: now)
            if !extras.isEmpty { try write(extras) }
            return inserted
        }
    }

    /// The writes of `saveRuleStates`, inside the caller's transaction: one statement per chunk of
    /// ``stateChunk`` rules (their ids and JSON bound as two `text[]` values), not one per rule.
    func upsert<State: Encodable>(_ states: [String: State], now: Int64) throws {
        var rules: [String] = [], texts: [String] = []
        rules.reserveCapacity(min(states.count, Self.stateChunk))
        texts.reserveCapacity(min(states.count, Self.stateChunk))
        func flush() throws {
            guard !rules.isEmpty else { return }
            try connection.run("""
                INSERT INTO rule_state (rule, state, updated_at)
                SELECT rule, state, $3::bigint FROM unnest($1::text[], $2::text[]) AS states (rule, state)
                ON CONFLICT (rule) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at
                """, [Self.textArray(rules), Self.textArray(texts), String(now)])
            rules.removeAll(keepingCapacity: true)
            texts.removeAll(keepingCapacity: true)
        }
        for (rule, state) in states {
            rules.append(rule)
            texts.append(try json(state, "the state of rule \"\(rule)\""))
            if rules.count == Self.stateChunk { try flush() }
        }
        try flush()
    }

    /// Rule states per upsert statement (a bound on the size of one statement's arrays).
    static let stateChunk = 1_000
}
