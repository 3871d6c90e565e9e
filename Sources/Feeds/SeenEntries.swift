/// The identities of the entries a feed watcher has already handled. A value: the caller stores it
/// (e.g. as JSON) between polls and restarts, and gets a new one back from ``NewEntryDetector``.
///
/// Bounded: it keeps every identity currently in the feed plus the `capacity` most recently seen
/// others, so a long-running watch never grows without limit.
public struct SeenEntries: Sendable, Equatable, Codable {
    /// Identities, oldest first.
    public private(set) var identities: [String]
    /// How many identities no longer in the feed are kept.
    public var capacity: Int
    private var lookup: Set<String>

    /// The default number of out-of-feed identities kept.
    public static let defaultCapacity = 1_000

    /// A set holding `identities` (oldest first).
    public init(identities: [String] = [], capacity: Int = SeenEntries.defaultCapacity) {
        var unique: [String] = []
        var lookup: Set<String> = []
        for identity in identities where lookup.insert(identity).inserted { unique.append(identity) }
        self.identities = unique
        self.capacity = max(0, capacity)
        self.lookup = lookup
    }

    /// Whether `identity` was seen.
    public func contains(_ identity: String) -> Bool { lookup.contains(identity) }

    /// The number of identities held.
    public var count: Int { identities.count }

    /// This set plus `current` (the feed's identities, oldest first), trimmed to the bound.
    func adding(current: [String]) -> SeenEntries {
        let currentSet = Set(current)
        let others = identities.filter { !currentSet.contains($0) }.suffix(capacity)
        return SeenEntries(identities: Array(others) + current, capacity: capacity)
    }

    private enum CodingKeys: String, CodingKey { case identities, capacity }

    /// Decodes `{"identities": [...], "capacity": 1000}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            identities: try container.decode([String].self, forKey: .identities),
            capacity: try container.decodeIfPresent(Int.self, forKey: .capacity) ?? SeenEntries.defaultCapacity)
    }

    /// Encodes `{"identities": [...], "capacity": 1000}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identities, forKey: .identities)
        try container.encode(capacity, forKey: .capacity)
    }
}
