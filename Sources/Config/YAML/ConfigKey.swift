/// One key of the configuration as the reference documents it and the parser reads it: its name,
/// the type of its value, its default, an example and one line of description (a mapping's own
/// keys nested in ``keys``).
///
/// A parser declares its keys in a table of these and reads a mapping through a ``MappingReader``
/// given the table: a key it reads that the table lacks is noted on the ``DiagnosticCollector``
/// (``DiagnosticCollector/undeclaredKeys``), which the tests keep empty, so the configuration
/// reference generated from the tables lists every key the parser reads.
///
/// ```swift
/// ConfigKey("walk", .duration, default: "0m", example: "4m", "Time to walk to the stop: departures are left for that much earlier.")
/// ```
public struct ConfigKey: Sendable, Equatable, CustomStringConvertible {
    /// The type of a key's value, as the reference names it.
    public enum ValueType: String, Sendable, Equatable {
        /// Any scalar, read as text (`stop: 12` is `"12"`).
        case string
        /// A file or directory, relative to the YAML file that names it.
        case path
        /// `90s`, `4m`, `1h30m`.
        case duration
        /// `YYYY-MM-DD`.
        case date
        /// A timezone name (`Asia/Tokyo`).
        case timeZone = "timezone"
        /// `[a-z0-9-]+`.
        case id
        /// An ODPT id (`odpt.Station:TokyoMetro.Ginza.Ginza`).
        case odptID = "ODPT id"
        /// A mapping; its keys are the key's ``ConfigKey/keys``.
        case mapping
        /// A mapping (its keys are ``ConfigKey/keys``) or a path.
        case mappingOrPath = "mapping or path"
        /// A list.
        case list
    }

    /// The key as written in the YAML.
    public var name: String
    /// The type of its value.
    public var type: ValueType
    /// Whether a mapping that has the key's place must give it.
    public var required: Bool
    /// What an absent key means, as the reference says it (`0m`, `Asia/Tokyo`, `the id`); nil when
    /// it has none (a required key, or an optional one whose absence means "not set").
    public var defaultValue: String?
    /// A value as a user would write it.
    public var example: String
    /// One line saying what it does.
    public var summary: String
    /// The keys of a mapping value, in the order the reference lists them.
    public var keys: [ConfigKey]

    /// A key.
    public init(_ name: String, _ type: ValueType, required: Bool = false, default defaultValue: String? = nil, example: String,
                _ summary: String, keys: [ConfigKey] = []) {
        self.name = name
        self.type = type
        self.required = required
        self.defaultValue = defaultValue
        self.example = example
        self.summary = summary
        self.keys = keys
    }

    /// `walk (duration, default 0m): Time to walk…`.
    public var description: String {
        "\(name) (\(type.rawValue)\(required ? ", required" : defaultValue.map { ", default \($0)" } ?? "")): \(summary)"
    }
}

extension Array where Element == ConfigKey {
    /// The keys' names, in order.
    public var names: [String] { map(\.name) }

    /// The key named `name`.
    public subscript(name: String) -> ConfigKey? { first { $0.name == name } }
}
