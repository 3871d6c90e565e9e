/// One evaluation of a rule as the worker recorded it for `leavenow history`. The store keeps the
/// record as JSON text and does not look inside (it sits below the rules in the module graph, as
/// it does for rule state); the worker writes and reads it.
public struct RuleHistoryEntry: Sendable, Equatable {
    /// The row id: increasing in the order the evaluations were committed (0 before it is stored).
    public var id: Int64
    /// The rule evaluated.
    public var rule: String
    /// When it was evaluated (seconds since the epoch, the worker's clock).
    public var at: Int64
    /// What the evaluation used, decided and queued, as JSON.
    public var record: String

    /// An evaluation to append (``id`` 0) or as stored.
    public init(id: Int64 = 0, rule: String, at: Int64, record: String) {
        self.id = id
        self.rule = rule
        self.at = at
        self.record = record
    }
}

/// What a commit writes besides the outbox and the rule states, in the same transaction: the
/// evaluations to append to the rules' history (each rule's history then pruned to ``historyKeep``
/// rows) and `meta` values (the worker's health episodes), so a crash keeps all of it or none.
public struct CommitExtras: Sendable {
    /// Evaluations to append, in order.
    public var history: [RuleHistoryEntry]
    /// Rows kept per rule appended to (the oldest go).
    public var historyKeep: Int
    /// `meta` values to store (nil removes the key), in order.
    public var meta: [(key: String, value: String?)]

    /// Nothing more than the outbox and the rule states.
    public init(history: [RuleHistoryEntry] = [], historyKeep: Int = 0, meta: [(key: String, value: String?)] = []) {
        self.history = history
        self.historyKeep = historyKeep
        self.meta = meta
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { history.isEmpty && meta.isEmpty }
}
