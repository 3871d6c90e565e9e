/// Reads the `odpt:` section of a configuration file (see `ODPTSpec`), reporting every problem
/// with its place; a section with any problem is left out (nil).
public struct ODPTConfigParser {
    public let context: ConfigFileContext
    var diagnostics: DiagnosticCollector { context.diagnostics }

    public init(context: ConfigFileContext) { self.context = context }

    /// Reads the value of `odpt:`.
    public func parse(_ node: YAMLNode) -> ODPTSpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: "odpt", diagnostics: diagnostics) else { return nil }
        let key = reader.optionalSecret("key", resolve: context.resolve(path:))
        if key == nil, !reader.contains("key_env"), !reader.contains("key_file") {
            diagnostics.report("odpt needs key_env or key_file: where the ODPT consumer key comes from (never the key itself)", at: node.mark)
        }
        var timetableRefresh = ODPTSpec.defaultTimetableRefresh
        if let refreshNode = reader.optional("timetable_refresh"), let seconds = diagnostics.decode(refreshNode, YAMLValue.duration) {
            if seconds < ODPTSpec.minimumTimetableRefresh {
                diagnostics.report("timetable_refresh must be at least 1h (timetables change rarely), found \(quoted(refreshNode.scalarText ?? ""))",
                                   at: refreshNode.mark)
            }
            timetableRefresh = seconds
        }
        var statuses: [ServiceStatusSpec] = []
        if let listNode = reader.optional("service_status"), let items = diagnostics.decode(listNode, YAMLValue.list) {
            statuses = items.compactMap(parseServiceStatus)
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before else { return nil }
        return ODPTSpec(key: key, timetableRefreshSeconds: timetableRefresh, serviceStatus: statuses,
                        location: context.location(of: node))
    }

    /// One `service_status:` entry: `id`, `operator`, `refresh`.
    func parseServiceStatus(_ node: YAMLNode) -> ServiceStatusSpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: "service status", diagnostics: diagnostics) else { return nil }
        var id: String?
        if let idNode = reader.require("id"), let text = diagnostics.decode(idNode, YAMLValue.string) {
            id = text
            if !BoardConfigParser.isValidID(text) {
                diagnostics.report("service status id \(quoted(text)) may only contain lowercase letters a-z, digits 0-9 and \"-\"", at: idNode.mark)
            }
        }
        var operatorID: String?
        if let operatorNode = reader.require("operator"), let text = diagnostics.decode(operatorNode, YAMLValue.string) {
            operatorID = text
            if !ODPTIdentifier.has(type: "odpt.Operator", text) {
                diagnostics.report("operator must be an ODPT id like odpt.Operator:TokyoMetro, found \(quoted(text))", at: operatorNode.mark)
            }
        }
        var refresh = ServiceStatusSpec.defaultRefresh
        if let refreshNode = reader.optional("refresh"), let seconds = diagnostics.decode(refreshNode, YAMLValue.duration) {
            if seconds < ServiceStatusSpec.minimumRefresh {
                diagnostics.report("refresh must be at least 1m, found \(quoted(refreshNode.scalarText ?? ""))", at: refreshNode.mark)
            }
            refresh = seconds
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before, let id, let operatorID else { return nil }
        return ServiceStatusSpec(id: id, operator: operatorID, refreshSeconds: refresh, location: context.location(of: node))
    }
}

@available(*, unavailable)
extension ODPTConfigParser: Sendable {}
