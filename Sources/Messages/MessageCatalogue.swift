/// The texts of human output, found through their ``MessageKey``s: each module keeps its own
/// (`Sources/<Module>/Messages/`), and ``MessageTable``s list them.
public enum MessageCatalogue {
    /// The template of `key` in `language`.
    public static func template(_ key: MessageKey, in language: Language) -> String {
        key.template(in: language)
    }

    /// The placeholder names of an entry (`{name}` and `{name|one|other}` both name `name`).
    public static func placeholders(in template: String) -> Set<String> {
        CatalogueTemplate.placeholders(in: template)
    }
}

/// The keys of one module, as its `MessageTable` build plugin listed them from its `Messages/`
/// folder: what the catalogue tests check, and what reads a stored message back by its name.
public struct MessageTable: Sendable {
    /// The module.
    public let module: String
    /// Its keys, in the order they are written.
    public let keys: [MessageKey]

    /// The table of `module`.
    public init(module: String, keys: [MessageKey]) {
        self.module = module
        self.keys = keys
    }
}

/// Keys by name over several ``MessageTable``s: reads a stored message (``MessageKey/name``) back.
public struct MessageKeyIndex: Sendable {
    private let keys: [String: MessageKey]

    /// The keys of `tables` (a name in two tables: the first).
    public init(_ tables: [MessageTable]) {
        var keys: [String: MessageKey] = [:]
        for table in tables {
            for key in table.keys where keys[key.name] == nil { keys[key.name] = key }
        }
        self.keys = keys
    }

    /// The key named `name`, if one of the tables has it.
    public func key(named name: String) -> MessageKey? { keys[name] }

    /// Every key, sorted by name.
    public var all: [MessageKey] { keys.values.sorted { $0.name < $1.name } }
}
