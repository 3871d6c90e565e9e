import Messages

/// Reads one YAML document into a `YAMLNode` tree with 1-based positions, through libyaml's
/// event API.
///
/// Decisions, so that configuration files fail clearly and fast:
/// - **One document per file.** A second document (`---` after the first) is an error at its start.
///   A file with no document (empty, or only comments) reads as nil.
/// - **Aliases** (`*name`) are allowed and share the anchored node (no copy); each alias counts
///   every node it expands to against `YAMLLimits.maxNodes`, so a "billion laughs" file is rejected
///   after at most `maxNodes` nodes' work. An alias to an unknown anchor, or to a node that is still
///   open (a cycle), is an error. Merge keys (`<<`) get no special meaning.
/// - **Nesting** deeper than `YAMLLimits.maxDepth` is an error at the collection that goes too deep.
/// - **Size**: input larger than `YAMLLimits.maxBytes` is refused before parsing.
/// - Positions are libyaml's marks plus one; columns count Unicode scalars.
public struct YAMLDocumentReader: Sendable {
    /// The bounds enforced while reading.
    public var limits: YAMLLimits

    /// Creates a reader.
    public init(limits: YAMLLimits = YAMLLimits()) {
        self.limits = limits
    }

    /// Reads the document of `source`; nil when the file holds no document.
    ///
    /// - Throws: a `Diagnostic` at the place of the first syntax error or exceeded limit.
    public func read(_ source: YAMLSource) throws(Diagnostic) -> YAMLNode? {
        guard source.bytes.count <= limits.maxBytes else {
            throw Diagnostic(file: source.name, text: Message(.fileTooLarge, ["max": .number(limits.maxBytes)]))
        }
        var builder = TreeBuilder(limits: limits)
        let parser = YAMLEventParser(bytes: source.bytes)
        do throws(YAMLSyntaxError) {
            while true {
                let event = try parser.next()
                if try builder.consume(event) { break }
            }
        } catch {
            guard let mark = error.mark else { throw Diagnostic(file: source.name, text: error.message) }
            throw source.diagnostic(at: mark, error.message)
        }
        return builder.root
    }
}

/// Builds the node tree from events with an explicit stack (no recursion), enforcing the limits.
private struct TreeBuilder {
    private enum Collection {
        case sequence([YAMLNode])
        case mapping([YAMLNode.Pair], pendingKey: YAMLNode?)
    }

    private struct Frame {
        var collection: Collection
        var mark: YAMLMark
        var tag: String?
        var anchor: String?
        /// `nodeCount` when the collection opened, to know its expanded size when it closes.
        var nodeCountAtStart: Int
    }

    let limits: YAMLLimits
    private(set) var root: YAMLNode?
    private var stack: [Frame] = []
    private var documents = 0
    private var nodeCount = 0
    /// Finished anchored nodes and how many nodes each expands to.
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]

    init(limits: YAMLLimits) {
        self.limits = limits
    }

    /// Takes one event; true at the end of the stream.
    mutating func consume(_ event: YAMLEvent) throws(YAMLSyntaxError) -> Bool {
        switch event.kind {
        case .streamStart, .documentEnd:
            return false
        case .streamEnd:
            return true
        case .documentStart:
            documents += 1
            if documents > 1 {
                throw YAMLSyntaxError(mark: event.mark, message: Message(.yamlSecondDocument))
            }
        case .scalar(let text, let style):
            try count(1, at: event.mark)
            let node = YAMLNode(.scalar(text, style), mark: event.mark, tag: event.tag)
            if let anchor = event.anchor { anchors[anchor] = (node, 1) }
            attach(node)
        case .alias(let name):
            if stack.contains(where: { $0.anchor == name }) {
                throw YAMLSyntaxError(mark: event.mark, message: Message(.yamlAliasCycle, ["alias": .text("\"*\(name)\"")]))
            }
            guard let (anchored, size) = anchors[name] else {
                throw YAMLSyntaxError(mark: event.mark, message: Message(.yamlAliasUnknown, ["alias": .text("\"*\(name)\"")]))
            }
            try count(size, at: event.mark)
            var node = anchored
            node.mark = event.mark
            attach(node)
        case .sequenceStart, .mappingStart:
            guard stack.count < limits.maxDepth else {
                throw YAMLSyntaxError(mark: event.mark, message: Message(.yamlTooDeep, ["max": .number(limits.maxDepth)]))
            }
            try count(1, at: event.mark)
            let collection: Collection
            if case .sequenceStart = event.kind { collection = .sequence([]) } else { collection = .mapping([], pendingKey: nil) }
            stack.append(Frame(collection: collection, mark: event.mark, tag: event.tag, anchor: event.anchor,
                               nodeCountAtStart: nodeCount))
        case .sequenceEnd, .mappingEnd:
            guard let frame = stack.popLast() else {
                throw YAMLSyntaxError(mark: event.mark, message: Message(.yamlCollectionNotOpen))
            }
            let node: YAMLNode
            switch frame.collection {
            case .sequence(let items):
                node = YAMLNode(.sequence(items), mark: frame.mark, tag: frame.tag)
            case .mapping(let pairs, _):
                node = YAMLNode(.mapping(pairs), mark: frame.mark, tag: frame.tag)
            }
            if let anchor = frame.anchor { anchors[anchor] = (node, nodeCount - frame.nodeCountAtStart + 1) }
            attach(node)
        }
        return false
    }

    private mutating func count(_ nodes: Int, at mark: YAMLMark) throws(YAMLSyntaxError) {
        nodeCount += nodes
        if nodeCount > limits.maxNodes {
            throw YAMLSyntaxError(mark: mark, message: Message(.yamlTooManyNodes, ["max": .number(limits.maxNodes)]))
        }
    }

    private mutating func attach(_ node: YAMLNode) {
        guard var top = stack.popLast() else {
            root = node
            return
        }
        switch top.collection {
        case .sequence(var items):
            top.collection = .sequence([])  // release the array so the append does not copy it
            items.append(node)
            top.collection = .sequence(items)
        case .mapping(var pairs, let pendingKey):
            top.collection = .mapping([], pendingKey: nil)
            if let key = pendingKey {
                pairs.append(YAMLNode.Pair(key: key, value: node))
                top.collection = .mapping(pairs, pendingKey: nil)
            } else {
                top.collection = .mapping(pairs, pendingKey: node)
            }
        }
        stack.append(top)
    }
}
