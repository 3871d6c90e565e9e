import Messages
import Timetable

/// What the two ODPT API formats (`odpt_api`, `odpt_api_busstop_pole`) share: reading their
/// mapping (`{station | pole, direction, operator}`, each id checked by its type) and loading the
/// last good response from the cache.
enum ODPTAPIReading {
    /// The base of the ODPT API's URLs.
    static let baseURL = "https://api.odpt.org/api/v4/"

    /// The keys of the mapping: the stop's id (`station` / `pole`), `direction` (stations only) and `operator`.
    static func keys(idKey: String, example: String, what: String, direction: Bool) -> [ConfigKey] {
        [ConfigKey(idKey, .odptID, required: true, example: example, "The \(what) whose timetable is fetched.")]
            + (direction ? [ConfigKey("direction", .odptID, default: "every direction", example: "odpt.RailDirection:TokyoMetro.Asakusa",
                                      "The direction whose timetables are kept.")] : [])
            + [ConfigKey("operator", .odptID, default: "from the \(what) id", example: "odpt.Operator:TokyoMetro",
                         "The operator the timetable is fetched from.")]
    }

    /// The stop's id, the direction (when `directionKey`) and the operator (from the id by default),
    /// every problem reported at its place; nil when any was.
    static func parse(_ node: YAMLNode, formatKey: String, keys: [ConfigKey], idType: String, example: String, direction directionKey: Bool,
                      context: ConfigFileContext) -> (id: String, direction: String?, operatorID: String)? {
        let diagnostics = context.diagnostics
        guard var reader = MappingReader(node, what: Message(.nounKeyValue, ["key": .text(formatKey)]), keys: keys, diagnostics: diagnostics)
        else { return nil }
        let idKey = keys[0].name
        var id: String?
        if let idNode = reader.require(idKey), let text = diagnostics.decode(idNode, YAMLValue.string) {
            if ODPTIdentifier.has(type: idType, text) {
                id = text
            } else {
                diagnostics.report(.configODPTIDExpected, ["key": .text(idKey), "example": .text(example), "found": .quoted(text)], at: idNode.mark)
            }
        }
        var direction: String?
        if directionKey, let directionNode = reader.optional("direction"), let text = diagnostics.decode(directionNode, YAMLValue.string) {
            if ODPTIdentifier.has(type: "odpt.RailDirection", text) {
                direction = text
            } else {
                diagnostics.report(.configODPTIDExpected, ["key": .text("direction"), "example": .text("odpt.RailDirection:TokyoMetro.Asakusa"),
                                                           "found": .quoted(text)], at: directionNode.mark)
            }
        }
        var operatorID: String?
        if let operatorNode = reader.optional("operator"), let text = diagnostics.decode(operatorNode, YAMLValue.string) {
            if ODPTIdentifier.has(type: "odpt.Operator", text) {
                operatorID = text
            } else {
                diagnostics.report(.configODPTIDExpected, ["key": .text("operator"), "example": .text("odpt.Operator:TokyoMetro"), "found": .quoted(text)],
                                   at: operatorNode.mark)
            }
        }
        reader.finish()
        guard let id, let operatorID = operatorID ?? ODPTIdentifier.operatorID(of: id) else { return nil }
        return (id, direction, operatorID)
    }

    /// The board timetable of a fetched ODPT timetable from its last good response, decoded as
    /// `body`; while nothing is cached (or the command reads no cache), why, as a pending load.
    static func load(_ fetched: FetchedTimetable, as body: TimetableBody, for spec: TimetableSpec,
                     from loading: inout some TimetableLoading) throws -> TimetableLoad {
        switch try loading.cached(fetched) {
        case .notRead:
            return TimetableLoad(pending: Message(.factsODPTAPINotRead, ["what": .message(fetched.what)]))
        case .notCached:
            return TimetableLoad(pending: Message(.factsODPTNotCached, ["what": .message(fetched.what)]))
        case .cached(let bytes, let label):
            let timetable = try loading.decode(bytes, as: body, label: label)
            return TimetableLoad(timetables: [spec.boardTimetable(named: label, timetable)])
        }
    }
}
