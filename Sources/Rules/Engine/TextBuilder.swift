/// A message being rendered: UTF-8 bytes appended one piece after another, turned into a `String`
/// once at the end (cheaper than growing a `String` piece by piece).
struct TextBuilder {
    private var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// The decimal text of `value` (as `String(value)`).
    mutating func append(_ value: Int) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// `value` (0…99) as two digits: `07`.
    mutating func appendTwoDigits(_ value: Int) {
        bytes.append(UInt8(ascii: "0") + UInt8(value / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// The text built so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
