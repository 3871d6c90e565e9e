/// What one configuration file declares. Each top-level section of the file fills one field.
public struct ConfigFile: Sendable {
    /// The file, as shown in diagnostics.
    public var name: String
    /// The `boards:` section: boards that were read without problems, in file order.
    public var boards: [BoardSpec]

    /// The `rules:` section.
    public var rules: [RuleSpec] = []
    /// Every reference the rules make, including rules left out for other problems.
    public var ruleReferences: [RuleReferenceUse] = []
    /// The `weather:` section: forecast sources.
    public var weather: [WeatherSpec] = []
    /// The `feeds:` section.
    public var feeds: [FeedSpec] = []
    /// The `channels:` section.
    public var channels: [ChannelSpec] = []
    /// The `odpt:` section (ODPT API key, service status sources), when the file has one.
    public var odpt: ODPTSpec?
    /// The `state:` section (a shared PostgreSQL state), when the file has one.
    public var state: StateSpec?
    /// The `health:` section (the worker's watchdog), when the file has one.
    public var health: HealthSpec?
    /// The `history:` section (evaluations kept per rule), when the file has one.
    public var history: HistorySpec?
    /// The ids each read section declares, also those of items left out for problems: a board
    /// whose `title:` has a typo is still a board a rule may name (one mistake, one diagnostic).
    public var declaredIDs: [RuleReference.Target: [String]] = [:]
    /// Whether the file has an `odpt:` section, also one left out for problems.
    public var declaresODPT = false

    /// Creates an empty file's content.
    public init(name: String, boards: [BoardSpec] = []) {
        self.name = name
        self.boards = boards
    }
}

extension ConfigFile {
    /// Notes the ids the value of the section `key` declares (the `id:` of each item of its list;
    /// for `odpt:`, of its `service_status:` list), whether or not the items have problems.
    mutating func declare(section key: String, _ value: YAMLNode) {
        func ids(_ list: YAMLNode?) -> [String] {
            (list?.sequenceItems ?? []).compactMap { item in
                guard let id = item.mappingPairs?.first(where: { $0.key.scalarText == "id" })?.value, !id.isNull,
                      let text = id.scalarText, !text.isEmpty else { return nil }
                return text
            }
        }
        func entry(_ key: String, of node: YAMLNode) -> YAMLNode? {
            node.mappingPairs?.first { $0.key.scalarText == key }?.value
        }
        switch key {
        case "boards": declaredIDs[.board, default: []] += ids(value)
        case "weather": declaredIDs[.weather, default: []] += ids(value)
        case "feeds": declaredIDs[.feed, default: []] += ids(value)
        case "channels": declaredIDs[.channel, default: []] += ids(value)
        case "odpt":
            declaresODPT = true
            declaredIDs[.serviceStatus, default: []] += ids(entry("service_status", of: value))
        default: break
        }
    }
}
