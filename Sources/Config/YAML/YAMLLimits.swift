/// Bounds a YAML reader enforces so that a hostile or broken file fails fast instead of
/// exhausting memory or the stack.
public struct YAMLLimits: Sendable, Equatable {
    /// Largest accepted input, in bytes.
    public var maxBytes: Int
    /// Deepest accepted nesting of sequences and mappings (the root collection is depth 1).
    public var maxDepth: Int
    /// Most nodes a document may have, counting every node an alias expands to
    /// (this is what stops "billion laughs" alias bombs).
    public var maxNodes: Int

    /// Creates limits; the defaults suit hand-written configuration files.
    public init(maxBytes: Int = 4 << 20, maxDepth: Int = 64, maxNodes: Int = 100_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }
}
