import Messages

extension RuleConfigParser {
    /// `kind: service_status` (see `ServiceStatusRuleSpec`): `status` and / or `board` (at least one),
    /// `lines`, `when`, `notify_recovery`, `max_age`.
    func parseServiceStatusRule(_ rule: inout MappingReader, node: YAMLNode,
                                reference: (RuleReference.Target, String, inout MappingReader) -> String?) -> RuleKindSpec? {
        var spec = ServiceStatusRuleSpec()
        spec.status = reference(.serviceStatus, "status", &rule)
        spec.board = reference(.board, "board", &rule)
        if !rule.contains("status"), !rule.contains("board") {
            diagnostics.report(.configServiceStatusNeedsTarget, at: node.mark)
        }
        if let nodes = rule.optionalList("lines") {
            if nodes.isEmpty { diagnostics.report(.configLinesEmpty, at: rule.node.mark) }
            spec.lines = nodes.compactMap { diagnostics.decode($0, YAMLValue.string) }
        }
        if let nodes = rule.optionalList("when") {
            var conditions = Set<ServiceStatusCondition>()
            for item in nodes {
                guard let text = diagnostics.decode(item, YAMLValue.string) else { continue }
                if let condition = ServiceStatusCondition(rawValue: text) { conditions.insert(condition) } else {
                    let known = Message.list(ServiceStatusCondition.allCases.map(\.rawValue))
                    diagnostics.report(.configUnknownServiceStatusCondition, ["name": .quoted(text), "list": .message(known)], at: item.mark)
                }
            }
            if nodes.isEmpty { diagnostics.report(.configWhenEmpty, at: rule.node.mark) }
            spec.when = conditions
        }
        spec.notifyRecovery = rule.optionalBool("notify_recovery") ?? false
        if let ageNode = rule.optional("max_age"), let maxAge = diagnostics.decode(ageNode, YAMLValue.duration) {
            if maxAge < 60 { diagnostics.report(.configMaxAgeMinute, ["found": .quoted(ageNode.scalarText ?? "")], at: ageNode.mark) }
            spec.maxAgeSeconds = maxAge
        }
        return .serviceStatus(spec)
    }
}
