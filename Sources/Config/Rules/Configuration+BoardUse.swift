/// Which boards the rules read: a board no rule names is not read by `dry-run`, `test` or `explain`,
/// so its problems are not theirs to print.
extension Configuration {
    /// The ids of the boards the rules `rules` name (`board:` of a leave-now or service-status
    /// rule); every rule's when `rules` is nil.
    public func boardIDs(readBy rules: Set<String>? = nil) -> Set<String> {
        var ids = Set<String>()
        for rule in self.rules where rules?.contains(rule.id) ?? true {
            for reference in rule.references where reference.target == .board { ids.insert(reference.name) }
        }
        return ids
    }
}
