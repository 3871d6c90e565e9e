/// Writes ASCII/UTF-8 bytes one after another into a buffer of known capacity, for building keys
/// with a single allocation and no intermediate strings.
struct ByteWriter {
    /// The longest decimal text of an `Int64`: a sign and 19 digits.
    static let maximumDigits = 20

    let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written so far.
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func write(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        (buffer.baseAddress! + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    mutating func write(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { write($0) }
        if copied == nil {
            for byte in text.utf8 { write(byte) }
        }
    }

    /// The text `String(value)` would give.
    mutating func write(_ value: Int64) {
        if value < 0 { write(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var index = count + digits - 1
        repeat {
            buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude > 0
        count += digits
    }
}
