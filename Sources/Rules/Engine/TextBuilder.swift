/// A message being rendered: UTF-8 bytes appended one piece after another, turned into a `String`
/// once at the end. ``build(_:)`` writes into a buffer on the stack, so rendering allocates only the
/// `String` itself (a text longer than the buffer moves to the heap and goes on there).
struct TextBuilder {
    /// Where bytes go while they fit (empty for a builder made with ``init(capacity:)``).
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    /// The bytes once they no longer fit in `buffer`.
    private var heap: [UInt8] = []
    private var onHeap: Bool

    /// A builder on the heap.
    init(capacity: Int) {
        buffer = UnsafeMutableBufferPointer(start: nil, count: 0)
        onHeap = true
        heap.reserveCapacity(capacity)
    }

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
        onHeap = false
    }

    /// Bytes on the stack before a text moves to the heap: more than any built-in message.
    static let stackCapacity = 512

    /// The text `body` appends, built on the stack.
    static func build(_ body: (inout TextBuilder) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackCapacity) { buffer in
            var builder = TextBuilder(buffer: buffer)
            body(&builder)
            return builder.text
        }
    }

    private mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        if !onHeap, count + bytes.count <= buffer.count {
            _ = UnsafeMutableBufferPointer(rebasing: buffer[count..<count + bytes.count]).initialize(fromContentsOf: bytes)
            count += bytes.count
            return
        }
        if !onHeap {
            heap.reserveCapacity(2 * (count + bytes.count))
            heap.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
            onHeap = true
        }
        heap.append(contentsOf: bytes)
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// The decimal text of `value` (as `String(value)`).
    mutating func append(_ value: Int) {
        if value >= 0, value < 10 {
            appendByte(UInt8(ascii: "0") + UInt8(value))
        } else {
            append(String(value))
        }
    }

    /// `value` (0…99) as two digits: `07`.
    mutating func appendTwoDigits(_ value: Int) {
        appendByte(UInt8(ascii: "0") + UInt8(value / 10))
        appendByte(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private mutating func appendByte(_ byte: UInt8) {
        if !onHeap, count < buffer.count {
            buffer[count] = byte
            count += 1
        } else {
            withUnsafePointer(to: byte) { append(bytes: UnsafeBufferPointer(start: $0, count: 1)) }
        }
    }

    /// The text built so far.
    var text: String {
        onHeap ? String(decoding: heap, as: UTF8.self) : String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
    }
}
