import Messages
import Secrets
import Timetable

/// Strict reading of one YAML mapping: the caller asks for the keys it knows, then `finish()`
/// reports every other key as unknown, naming the keys that were expected.
///
/// ```swift
/// guard var board = MappingReader(node, what: "board", diagnostics: collector) else { return }
/// let id = board.require("id", YAMLNode.string)
/// let title = board.optional("title", YAMLNode.string)
/// board.finish()   // unknown key "sorces" (expected one of: id, title, sources)
/// ```
///
/// Duplicate keys are reported when the reader is made (the first one counts); a key that is not
/// a scalar is reported too. Keys are matched by their text, so `"id"` and `id` are the same key.
public struct MappingReader {
    /// The mapping node being read.
    public let node: YAMLNode
    /// What the mapping is, for messages (`board`, `source`).
    public let what: Message
    private let diagnostics: DiagnosticCollector
    private var entries: [(key: String, pair: YAMLNode.Pair)] = []
    private var indexByKey: [String: Int] = [:]
    private var expected: [String] = []
    /// The required keys found missing, with what was reported: taken back by `finish()` when an
    /// unknown key is a slip of one (`sorces:` is one mistake, not also a missing `sources`).
    private var missing: [(key: String, diagnostic: Diagnostic)] = []
    /// The keys the reader's caller declares (its ``ConfigKey`` table); nil when it declares none.
    /// A key asked for that is not among them is noted on the collector
    /// (``DiagnosticCollector/undeclaredKeys``): the tests keep that list empty.
    public var declaredKeys: [String]?

    /// Starts reading `node`; reports and answers nil when it is not a mapping. `what` names it in
    /// messages: a noun of the catalogue (`Message(.nounBoard)`), or `Message(.nounKeyValue, ["key": …])`
    /// for the value of a key (`rain`).
    public init?(_ node: YAMLNode, what: Message, diagnostics: DiagnosticCollector) {
        guard let pairs = node.mappingPairs else {
            diagnostics.report(.yamlExpectedMapping, ["what": .message(what), "found": .message(node.kindDescription)], at: node.mark)
            return nil
        }
        self.node = node
        self.what = what
        self.diagnostics = diagnostics
        for pair in pairs {
            guard let key = pair.key.scalarText, !pair.key.isNull else {
                diagnostics.report(.yamlKeyNotString, ["found": .message(pair.key.kindDescription)], at: pair.key.mark)
                continue
            }
            if let first = indexByKey[key] {
                diagnostics.report(.yamlDuplicateKey, ["key": .quoted(key), "place": .text("\(entries[first].pair.key.mark)")],
                                   at: pair.key.mark)
                continue
            }
            indexByKey[key] = entries.count
            entries.append((key, pair))
        }
    }

    /// Starts reading `node` whose keys are declared by `keys` (see ``declaredKeys``).
    public init?(_ node: YAMLNode, what: Message, keys: [ConfigKey], diagnostics: DiagnosticCollector) {
        self.init(node, what: what, diagnostics: diagnostics)
        declaredKeys = keys.names
    }

    /// Runs `read` with ``declaredKeys`` set to `keys` (a part of the mapping that another table
    /// declares: a timetable format's keys in a board's source), then restores them.
    public mutating func declaring<T>(_ keys: [ConfigKey], _ read: (inout MappingReader) -> T) -> T {
        let saved = declaredKeys
        declaredKeys = keys.names
        defer { declaredKeys = saved }
        return read(&self)
    }

    /// Starts reading `node`, named `what` as it is in every language (for callers that have not
    /// moved to the catalogue yet).
    public init?(_ node: YAMLNode, what: String, diagnostics: DiagnosticCollector) {
        self.init(node, what: .verbatim(what), diagnostics: diagnostics)
    }

    /// The keys present, in document order (duplicates and non-string keys left out).
    public var keys: [String] { entries.map(\.key) }

    /// Whether `key` is present; does not make it an expected key.
    public func contains(_ key: String) -> Bool { indexByKey[key] != nil }

    /// The value of an optional key, nil when absent. The key becomes an expected key.
    public mutating func optional(_ key: String) -> YAMLNode? {
        expect(key)
        return indexByKey[key].map { entries[$0].pair.value }
    }

    /// The value of a required key; reports `missing required key` at the mapping when absent.
    public mutating func require(_ key: String) -> YAMLNode? {
        guard let value = optional(key) else {
            let message = Message(.yamlMissingKey, ["key": .quoted(key), "what": .message(what)])
            diagnostics.report(message, at: node.mark)
            missing.append((key, diagnostics.source.diagnostic(at: node.mark, message)))
            return nil
        }
        return value
    }

    /// The key node of a present key (for messages about the key itself).
    public func keyNode(_ key: String) -> YAMLNode? {
        indexByKey[key].map { entries[$0].pair.key }
    }

    /// An optional key read with a typed getter: nil when absent or bad (bad values are reported).
    public mutating func optional<T>(_ key: String, _ getter: (YAMLNode) throws(YAMLValueError) -> T) -> T? {
        guard let value = optional(key) else { return nil }
        return diagnostics.decode(value, getter)
    }

    /// A required key read with a typed getter: nil when absent or bad (both are reported).
    public mutating func require<T>(_ key: String, _ getter: (YAMLNode) throws(YAMLValueError) -> T) -> T? {
        guard let value = require(key) else { return nil }
        return diagnostics.decode(value, getter)
    }

    /// The required `id` of a `what` (`board`, `rule`, `channel`, …): reported when missing, not a
    /// string, or not `[a-z0-9-]+` (the id is still returned then, so later checks can name it).
    public mutating func requireID(what: Message) -> String? {
        guard let node = require("id"), let id = diagnostics.decode(node, YAMLValue.string) else { return nil }
        if !BoardConfigParser.isValidID(id) {
            diagnostics.report(.configBadID, ["what": .message(what), "id": .quoted(id)], at: node.mark)
        }
        return id
    }

    /// ``requireID(what:)`` with `what` the same in every language.
    public mutating func requireID(what: String) -> String? { requireID(what: .verbatim(what)) }

    /// Marks keys as known without reading them (keys that only matter in some other case).
    public mutating func ignore(_ keys: String...) {
        for key in keys { expect(key) }
    }

    /// Reports every key that was never asked for, with the closest expected key when one is close
    /// (`NameSuggestion`): `unknown key "sorces" (did you mean "sources"? expected one of: id,
    /// title, timezone, sources, holidays)`. A required key reported missing that an unknown key
    /// is a slip of is taken back: one mistake, one diagnostic.
    public func finish() {
        let known = Set(expected)
        var meant = Set<String>()
        for entry in entries where !known.contains(entry.key) {
            let list = expected.isEmpty ? Message(.yamlNoKeysExpected) : Message(.expectedKeys, ["list": .message(.list(expected))])
            let suggestion = NameSuggestion.closest(to: entry.key, among: expected)
            if let suggestion { meant.insert(suggestion) }
            diagnostics.report(.yamlUnknownKey, ["key": .quoted(entry.key),
                                                 "suggestion": .message(suggestion.map { Message(.didYouMean, ["name": .quoted($0)]) } ?? .empty),
                                                 "expected": .message(list)],
                               at: entry.pair.key.mark)
        }
        for (key, diagnostic) in missing where meant.contains(key) { diagnostics.withdraw(diagnostic) }
    }

    private mutating func expect(_ key: String) {
        if let declaredKeys, !declaredKeys.contains(key) { diagnostics.noteUndeclared(key, in: what) }
        if !expected.contains(key) { expected.append(key) }
    }
}

/// Typed conveniences: each reports a bad value and answers nil.
extension MappingReader {
    /// A required string (`id: chofu`; a plain `12` reads as `"12"`).
    public mutating func requiredString(_ key: String) -> String? { require(key, YAMLValue.string) }
    /// An optional string.
    public mutating func optionalString(_ key: String) -> String? { optional(key, YAMLValue.string) }
    /// The secret named by `<prefix>_env` (an environment variable, also the systemd credential's
    /// name) and / or `<prefix>_file` (resolved by `resolve`, against the YAML file's directory);
    /// nil when neither is given. The one way every source and channel names a secret.
    public mutating func optionalSecret(_ prefix: String, resolve: (String) -> String) -> SecretReference? {
        let variable = optionalString(prefix + "_env")
        let file = optionalString(prefix + "_file").map(resolve)
        return variable == nil && file == nil ? nil : SecretReference(environmentVariable: variable, file: file)
    }
    /// An optional whole number written plain.
    public mutating func optionalInt(_ key: String) -> Int? { optional(key, YAMLValue.integer) }
    /// An optional `true` / `false`.
    public mutating func optionalBool(_ key: String) -> Bool? { optional(key, YAMLValue.bool) }
    /// An optional duration, in seconds (`4m`, `90s`, `1h30m`).
    public mutating func optionalDuration(_ key: String) -> Int? { optional(key, YAMLValue.duration) }
    /// An optional `YYYY-MM-DD` date.
    public mutating func optionalDate(_ key: String) -> LocalDate? { optional(key, YAMLValue.date) }
    /// An optional list's items.
    public mutating func optionalList(_ key: String) -> [YAMLNode]? { optional(key, YAMLValue.list) }
}
