/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// A name may occur several times (`Set-Cookie`, `Link`, `Vary`); the order of fields is kept.
///
/// The headers of a response are kept as the lines received and read when asked for: a lookup scans
/// those few lines, and ``fields`` parses them (an answer nobody looks at — a webhook's 204 — costs
/// no `String` per field). Either way the fields are the same.
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

    /// Fields made by a caller, or header lines as received (see ``init(receivedLines:)``).
    private enum Storage: Sendable {
        case fields([Field])
        case lines([UInt8])
    }

    private var storage: Storage

    /// The fields in order.
    public var fields: [Field] {
        switch storage {
        case .fields(let fields): return fields
        case .lines(let lines):
            var fields: [Field] = []
            Self.forEachField(in: lines) { name, value in
                fields.append(Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
                return true
            }
            return fields
        }
    }

    /// Headers from fields in order.
    public init(_ fields: [Field] = []) { storage = .fields(fields) }

    /// Headers from `name: value` pairs in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        storage = .fields(elements.map { Field(name: $0.0, value: $0.1) })
    }

    /// Headers from lines as received, each followed by `\n` (line ends removed): a line is a
    /// field when it has a colon after a non-empty name; name and value lose their surrounding
    /// spaces and tabs; invalid UTF-8 is repaired when a field is read.
    init(receivedLines lines: [UInt8]) { storage = .lines(lines) }

    /// The first value for `name` (case-insensitive), or nil.
    public subscript(name: String) -> String? {
        switch storage {
        case .fields(let fields):
            return fields.first { Self.sameName($0.name, name) }?.value
        case .lines(let lines):
            var found: String?
            Self.forEachField(in: lines) { fieldName, value in
                guard Self.sameName(fieldName, name) else { return true }
                found = String(decoding: value, as: UTF8.self)
                return false
            }
            return found
        }
    }

    /// Every value for `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        switch storage {
        case .fields(let fields):
            return fields.filter { Self.sameName($0.name, name) }.map(\.value)
        case .lines(let lines):
            var found: [String] = []
            Self.forEachField(in: lines) { fieldName, value in
                if Self.sameName(fieldName, name) { found.append(String(decoding: value, as: UTF8.self)) }
                return true
            }
            return found
        }
    }

    /// Whether a field named `name` (case-insensitive) is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func add(_ name: String, _ value: String) {
        var fields = takeFields()
        fields.append(Field(name: name, value: value))
        storage = .fields(fields)
    }

    /// Replaces every field named `name` (case-insensitive) with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(_ name: String) {
        var fields = takeFields()
        fields.removeAll { Self.sameName($0.name, name) }
        storage = .fields(fields)
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The number of fields.
    public var count: Int {
        switch storage {
        case .fields(let fields): return fields.count
        case .lines(let lines):
            var count = 0
            Self.forEachField(in: lines) { _, _ in
                count += 1
                return true
            }
            return count
        }
    }

    /// The same fields in the same order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool { lhs.fields == rhs.fields }

    /// The fields, leaving the storage empty (so that appending to them does not copy).
    private mutating func takeFields() -> [Field] {
        let fields = self.fields
        storage = .fields([])
        return fields
    }

    static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }

    /// Whether the bytes `name` spell `other` in any ASCII case (what `lowercased()` compares for
    /// header names, which are ASCII tokens; other bytes must be equal).
    static func sameName(_ name: UnsafeRawBufferPointer, _ other: String) -> Bool {
        guard name.count == other.utf8.count else { return false }
        if other.utf8.contains(where: { $0 >= 0x80 }) || name.contains(where: { $0 >= 0x80 }) {
            return sameName(String(decoding: name, as: UTF8.self), other)
        }
        return zip(name, other.utf8).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
        }
    }

    /// Calls `body` with the name and value bytes of each field in `lines`, in order, until it returns false.
    private static func forEachField(in lines: [UInt8], _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Bool) {
        lines.withUnsafeBytes { bytes in
            let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                defer { start = end + 1 }
                guard let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) else { continue }
                func trimmed(_ lower: Int, _ upper: Int) -> UnsafeRawBufferPointer {
                    var lower = lower, upper = upper
                    while lower < upper, bytes[lower] == space || bytes[lower] == tab { lower += 1 }
                    while upper > lower, bytes[upper - 1] == space || bytes[upper - 1] == tab { upper -= 1 }
                    return UnsafeRawBufferPointer(rebasing: bytes[lower..<upper])
                }
                let name = trimmed(start, colon)
                guard !name.isEmpty else { continue }
                if !body(name, trimmed(colon + 1, end)) { return }
            }
        }
    }
}
