import Notifications
import Rules
import Store

/// The engine's rule state in a store: the store keeps each rule's ``RuleState`` as JSON without
/// knowing the type (the store sits below the rules in the module graph); these name the type once.
extension RuleStateStore {
    /// The state of every rule saved so far.
    public func loadEngineState() throws -> EngineState {
        try loadEngineState(onUndecodable: nil)
    }

    /// The stored state of every rule. A row that no longer decodes throws when `onUndecodable` is
    /// nil; otherwise that rule starts afresh and `onUndecodable` hears the rule and why. Starting
    /// afresh repeats nothing already queued: the outbox's unique (key, channel) refuses an
    /// occurrence it has seen.
    public func loadEngineState(onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> EngineState {
        var state = EngineState()
        state.rules = try loadRuleStates(as: RuleState.self, onUndecodable: onUndecodable)
        return state
    }

    /// The stored state of the rules `rules` only (a worker taking rules over from another).
    public func loadEngineState(rules: [String], onUndecodable: ((_ rule: String, _ error: any Error) -> Void)?) throws -> EngineState {
        var state = EngineState()
        state.rules = try loadRuleStates(as: RuleState.self, rules: rules, onUndecodable: onUndecodable)
        return state
    }

    /// Replaces all rule state with `state` (rules not in it are forgotten).
    public func saveEngineState(_ state: EngineState, now: Int64) throws {
        try replaceRuleStates(state.rules, now: now)
    }

    /// Enqueues `notifications` and saves the changed rule states in one transaction (see
    /// ``RuleStateStore/commit(notifications:ruleStates:now:)``), typed so `[:]` needs no annotation.
    public func commit(notifications: [Notice], ruleStates: [String: RuleState], now: Int64) throws -> [OutboxEntry] {
        try commitStates(notifications, ruleStates, now)
    }

    /// The store's generic commit (inside a generic context the overload above does not apply).
    private func commitStates<State: Encodable>(_ notifications: [Notice], _ states: [String: State], _ now: Int64) throws -> [OutboxEntry] {
        try commit(notifications: notifications, ruleStates: states, now: now)
    }
}
