/// The rules' recorded evaluations (`history:` section; `leavenow history`). They are appended by
/// the decision's commit (``RuleStateStore/commit(notifications:ruleStates:extras:now:)``).
public protocol HistoryStore: AnyObject {
    /// The last `limit` recorded evaluations of `rule` at or after `since` (all when nil), oldest first.
    func history(rule: String, since: Int64?, limit: Int) throws -> [RuleHistoryEntry]

    /// The rules with recorded evaluations, sorted.
    func historyRules() throws -> [String]

    /// Deletes the recorded evaluations older than `olderThan` (rules no longer configured leave
    /// theirs behind); returns how many.
    func purgeHistory(olderThan: Int64) throws -> Int
}
