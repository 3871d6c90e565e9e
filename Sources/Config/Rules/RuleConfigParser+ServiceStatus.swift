extension RuleConfigParser {
    /// `kind: service_status` (see `ServiceStatusRuleSpec`): `status` and / or `board` (at least one),
    /// `lines`, `when`, `notify_recovery`, `max_age`.
    func parseServiceStatusRule(_ rule: inout MappingReader, node: YAMLNode,
                                reference: (RuleReference.Target, String, inout MappingReader) -> String?) -> RuleKindSpec? {
        var spec = ServiceStatusRuleSpec()
        spec.status = reference(.serviceStatus, "status", &rule)
        spec.board = reference(.board, "board", &rule)
        if !rule.contains("status"), !rule.contains("board") {
            diagnostics.report("a service_status rule needs status (an odpt service_status id) or board (a board with status:)", at: node.mark)
        }
        if let nodes = rule.optionalList("lines") {
            if nodes.isEmpty { diagnostics.report("lines needs at least one line title or railway id, e.g. [銀座線]", at: rule.node.mark) }
            spec.lines = nodes.compactMap { diagnostics.decode($0, YAMLValue.string) }
        }
        if let nodes = rule.optionalList("when") {
            var conditions = Set<ServiceStatusCondition>()
            for item in nodes {
                guard let text = diagnostics.decode(item, YAMLValue.string) else { continue }
                if let condition = ServiceStatusCondition(rawValue: text) { conditions.insert(condition) } else {
                    let known = ServiceStatusCondition.allCases.map(\.rawValue).joined(separator: ", ")
                    diagnostics.report("unknown service status \(quoted(text)) in when (expected one of: \(known))", at: item.mark)
                }
            }
            if nodes.isEmpty { diagnostics.report("when needs at least one of: delayed, suspended, other", at: rule.node.mark) }
            spec.when = conditions
        }
        spec.notifyRecovery = rule.optionalBool("notify_recovery") ?? false
        if let ageNode = rule.optional("max_age"), let maxAge = diagnostics.decode(ageNode, YAMLValue.duration) {
            if maxAge < 60 { diagnostics.report("max_age must be at least 1m, found \(quoted(ageNode.scalarText ?? ""))", at: ageNode.mark) }
            spec.maxAgeSeconds = maxAge
        }
        return .serviceStatus(spec)
    }
}
