/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// A name may occur several times (`Set-Cookie`, `Link`, `Vary`); the order of fields is kept.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as received or to be sent.
    public struct Field: Sendable, Equatable {
        /// The field name with its original spelling.
        public var name: String
        /// The field value without surrounding whitespace.
        public var value: String

        /// A field with a name and a value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Headers from fields in order.
    public init(_ fields: [Field] = []) { self.fields = fields }

    /// Headers from `name: value` pairs in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name` (case-insensitive), or nil.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value for `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (case-insensitive) is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` (case-insensitive) with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The number of fields.
    public var count: Int { fields.count }

    static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }
}
