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
    public var weather: [WeatherSourceSpec] = []
    /// The `feeds:` section.
    public var feeds: [FeedSourceSpec] = []
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

    /// Creates an empty file's content.
    public init(name: String, boards: [BoardSpec] = []) {
        self.name = name
        self.boards = boards
    }
}
