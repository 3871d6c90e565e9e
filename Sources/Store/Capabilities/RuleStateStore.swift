import Notifications

/// The rules' memory and the transaction that commits what they decided: each rule's state (kept as
/// JSON: the store sits below the rules and does not look inside), and ``commit(notifications:ruleStates:extras:now:)``,
/// which writes the decision — the notifications into the outbox, the changed states, the recorded
/// evaluations and `meta` values — at once.
public protocol RuleStateStore: AnyObject {
    /// The state of every rule saved so far, decoded as `State` (the engine's rule state). A row that
    /// no longer decodes (written by another version of leavenow) throws when `onUndecodable` is nil;
    /// otherwise that rule is left out (its row is kept until the rule's next commit overwrites it)
    /// and `onUndecodable` hears the rule and why.
    func loadRuleStates<State: Decodable>(as type: State.Type,
                                          onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State]

    /// As ``loadRuleStates(as:onUndecodable:)`` for the rules `rules` only (those with a saved state):
    /// what a worker reads when it takes rules over from another worker, without reading every rule's.
    func loadRuleStates<State: Decodable>(as type: State.Type, rules: [String],
                                          onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State]

    /// Replaces all rule state with `states` (rules not in it are forgotten).
    func replaceRuleStates<State: Encodable>(_ states: [String: State], now: Int64) throws

    /// Writes the state of the given rules only (the ones that changed).
    func saveRuleStates<State: Encodable>(_ states: [String: State], now: Int64) throws

    /// Enqueues `notifications` and saves the changed rule states in ONE transaction, with `extras`:
    /// evaluations appended to the rules' history (each rule appended to pruned to
    /// `extras.historyKeep` rows) and `meta` values. After a crash either all of it happened or none
    /// did, so an evaluation is neither lost nor enqueued twice. Returns the entries inserted now (as
    /// ``OutboxStore/enqueue(_:now:)``).
    func commit<State: Encodable>(notifications: [Notice], ruleStates: [String: State], extras: CommitExtras,
                                  now: Int64) throws -> [OutboxEntry]
}

extension RuleStateStore {
    /// Every state, then those of `rules` (a store with one worker has no cheaper way to need).
    public func loadRuleStates<State: Decodable>(as type: State.Type, rules: [String],
                                                 onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> [String: State] {
        let wanted = Set(rules)
        return try loadRuleStates(as: type, onUndecodable: onUndecodable).filter { wanted.contains($0.key) }
    }

    /// ``commit(notifications:ruleStates:extras:now:)`` without history or `meta` values.
    public func commit<State: Encodable>(notifications: [Notice], ruleStates: [String: State], now: Int64) throws -> [OutboxEntry] {
        try commit(notifications: notifications, ruleStates: ruleStates, extras: CommitExtras(), now: now)
    }
}
