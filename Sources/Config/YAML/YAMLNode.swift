import Channels
import Messages

/// A 1-based position in a YAML source: line and column.
///
/// Columns count Unicode scalars (characters), not bytes, as libyaml does: in `title: 調布駅`
/// the `調` is at column 8. A tab counts as one column.
public struct YAMLMark: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a mark from 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    public static func < (a: YAMLMark, b: YAMLMark) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// How a scalar was written. `12` is plain; `"12"` and `'12'` are quoted; `|` and `>` are blocks.
public enum YAMLScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded

    /// Whether the scalar was written without quotes or a block indicator.
    public var isPlain: Bool { self == .plain }
}

/// One node of a YAML document: a scalar, a sequence or a mapping, with the place it starts.
///
/// Scalars keep their text exactly as written (no YAML 1.1 coercion: `NO` stays `"NO"`, `012`
/// stays `"012"`); typed reading is done by `YAMLNode`'s value getters and `MappingReader`.
public struct YAMLNode: Sendable, Equatable {
    /// The node's content.
    public enum Content: Sendable, Equatable {
        /// A scalar's text and how it was written.
        case scalar(String, YAMLScalarStyle)
        /// A sequence's items, in order.
        case sequence([YAMLNode])
        /// A mapping's entries, in document order, duplicates kept (strict readers report them).
        case mapping([Pair])
    }

    /// One key-value entry of a mapping; the key is a node so it has its own position.
    public struct Pair: Sendable, Equatable {
        /// The key node (a scalar in any file a `MappingReader` accepts).
        public var key: YAMLNode
        /// The value node.
        public var value: YAMLNode

        /// Creates an entry.
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// The node's content.
    public var content: Content
    /// Where the node starts (for a block mapping: its first key).
    public var mark: YAMLMark
    /// The explicit tag, resolved by libyaml (`!!str` → `tag:yaml.org,2002:str`); nil when none.
    public var tag: String?

    /// Creates a node.
    public init(_ content: Content, mark: YAMLMark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }

    /// The tag `!!str` resolves to.
    public static let stringTag = "tag:yaml.org,2002:str"
    /// The tag `!!null` resolves to.
    public static let nullTag = "tag:yaml.org,2002:null"

    /// The text of a scalar, nil for a sequence or a mapping.
    public var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// Whether this is a scalar written plain (`12`, not `"12"`) and without a `!!str` tag.
    public var isPlainScalar: Bool {
        if case .scalar(_, let style) = content { return style.isPlain && tag != YAMLNode.stringTag }
        return false
    }

    /// Whether this is a null: an empty plain value, `~`, `null`, or `!!null`.
    public var isNull: Bool {
        guard case .scalar(let text, let style) = content else { return false }
        if tag == YAMLNode.nullTag { return true }
        guard style.isPlain, tag == nil else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The items of a sequence, nil otherwise.
    public var sequenceItems: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The entries of a mapping, nil otherwise.
    public var mappingPairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// What this node is, for messages: `a mapping`, `a list`, `nothing`, `"text"`.
    public var kindDescription: Message {
        switch content {
        case .mapping: return Message(.yamlKindMapping)
        case .sequence: return Message(.yamlKindList)
        case .scalar(let text, _): return isNull ? Message(.yamlKindNothing) : .verbatim(quoted(text))
        }
    }
}

/// `text` in double quotes, escaped and shortened as diagnostics quote bad values (see
/// `diagnosticQuoted`, shared with the channel checks).
package func quoted(_ text: String) -> String { diagnosticQuoted(text) }
