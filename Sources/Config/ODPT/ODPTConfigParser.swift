import Messages

/// Reads the `odpt:` section of a configuration file (see `ODPTSpec`), reporting every problem
/// with its place; a section with any problem is left out (nil).
public struct ODPTConfigParser {
    public let context: ConfigFileContext
    var diagnostics: DiagnosticCollector { context.diagnostics }

    public init(context: ConfigFileContext) { self.context = context }

    /// Reads the value of `odpt:`.
    public func parse(_ node: YAMLNode) -> ODPTSpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: Message(.nounKeyValue, ["key": .text("odpt")]), diagnostics: diagnostics) else { return nil }
        let key = reader.optionalSecret("key", resolve: context.resolve(path:))
        if key == nil, !reader.contains("key_env"), !reader.contains("key_file") {
            diagnostics.report(.configODPTNeedsKey, at: node.mark)
        }
        var timetableRefresh = ODPTSpec.defaultTimetableRefresh
        if let refreshNode = reader.optional("timetable_refresh"), let seconds = diagnostics.decode(refreshNode, YAMLValue.duration) {
            if seconds < ODPTSpec.minimumTimetableRefresh {
                diagnostics.report(.configTimetableRefresh, ["found": .quoted(refreshNode.scalarText ?? "")], at: refreshNode.mark)
            }
            timetableRefresh = seconds
        }
        var statuses: [ServiceStatusSpec] = []
        if let listNode = reader.optional("service_status"), let items = diagnostics.decode(listNode, YAMLValue.list) {
            statuses = items.compactMap(parseServiceStatus)
        }
        var trains: [ODPTTrainsSpec] = []
        if let listNode = reader.optional("trains"), let items = diagnostics.decode(listNode, YAMLValue.list) {
            trains = items.compactMap(parseTrains)
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before else { return nil }
        return ODPTSpec(key: key, timetableRefreshSeconds: timetableRefresh, serviceStatus: statuses, trains: trains,
                        location: context.location(of: node))
    }

    /// One `service_status:` entry: `id`, `operator`, `refresh`.
    func parseServiceStatus(_ node: YAMLNode) -> ServiceStatusSpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: Message(.nounServiceStatus), diagnostics: diagnostics) else { return nil }
        let id = reader.requireID(what: Message(.nounServiceStatus))
        var operatorID: String?
        if let operatorNode = reader.require("operator"), let text = diagnostics.decode(operatorNode, YAMLValue.string) {
            operatorID = text
            if !ODPTIdentifier.has(type: "odpt.Operator", text) {
                diagnostics.report(.configODPTIDExpected, ["key": .text("operator"), "example": .text("odpt.Operator:TokyoMetro"), "found": .quoted(text)],
                                   at: operatorNode.mark)
            }
        }
        var refresh = ServiceStatusSpec.defaultRefresh
        if let refreshNode = reader.optional("refresh"), let seconds = diagnostics.decode(refreshNode, YAMLValue.duration) {
            if seconds < ServiceStatusSpec.minimumRefresh {
                diagnostics.report(.configRefreshAtLeast, ["minimum": .text("1m"), "found": .quoted(refreshNode.scalarText ?? "")], at: refreshNode.mark)
            }
            refresh = seconds
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before, let id, let operatorID else { return nil }
        return ServiceStatusSpec(id: id, operator: operatorID, refreshSeconds: refresh, location: context.location(of: node))
    }

    /// One `trains:` entry: `id`, `operator`, `railway`, `refresh`, `max_age`.
    func parseTrains(_ node: YAMLNode) -> ODPTTrainsSpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: Message(.nounODPTTrains), diagnostics: diagnostics) else { return nil }
        let id = reader.requireID(what: Message(.nounTrainsEntry))
        func identifier(_ key: String, type: String, example: String) -> String? {
            guard let valueNode = reader.require(key), let text = diagnostics.decode(valueNode, YAMLValue.string) else { return nil }
            if !ODPTIdentifier.has(type: type, text) {
                diagnostics.report(.configODPTIDExpected, ["key": .text(key), "example": .text(example), "found": .quoted(text)], at: valueNode.mark)
            }
            return text
        }
        let operatorID = identifier("operator", type: "odpt.Operator", example: "odpt.Operator:TokyoMetro")
        let railway = identifier("railway", type: "odpt.Railway", example: "odpt.Railway:TokyoMetro.Ginza")
        var refresh = ODPTTrainsSpec.defaultRefresh
        if let refreshNode = reader.optional("refresh"), let seconds = diagnostics.decode(refreshNode, YAMLValue.duration) {
            if seconds < ODPTTrainsSpec.minimumRefresh {
                diagnostics.report(.configRefreshAtLeast, ["minimum": .text("30s"), "found": .quoted(refreshNode.scalarText ?? "")], at: refreshNode.mark)
            }
            refresh = seconds
        }
        var maxAge: Int?
        if let maxAgeNode = reader.optional("max_age"), let seconds = diagnostics.decode(maxAgeNode, YAMLValue.duration) {
            if seconds < refresh {
                diagnostics.report(.configMaxAgeAtLeastRefresh, ["refresh": .number(refresh), "found": .quoted(maxAgeNode.scalarText ?? "")], at: maxAgeNode.mark)
            }
            maxAge = seconds
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before, let id, let operatorID, let railway else { return nil }
        return ODPTTrainsSpec(id: id, operator: operatorID, railway: railway, refreshSeconds: refresh, maxAgeSeconds: maxAge,
                              location: context.location(of: node))
    }
}

@available(*, unavailable)
extension ODPTConfigParser: Sendable {}
