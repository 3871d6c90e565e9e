/// A message being rendered: texts appended one after another to a `String` whose storage is
/// allocated once, up front. Appending a `String` to a `String` copies its bytes without checking
/// them again (both are valid UTF-8), so a message costs one allocation and a copy of its bytes.
struct TextBuilder {
    /// The text built so far.
    private(set) var text: String

    /// A builder with room for `capacity` bytes.
    init(capacity: Int) {
        text = String()
        text.reserveCapacity(capacity)
    }

    mutating func append(_ piece: String) {
        text.append(piece)
    }

    /// The decimal text of `value` (as `String(value)`; a small string, not allocated).
    mutating func append(_ value: Int) {
        text.append(String(value))
    }
}
