import Foundation
import Messages

/// Turns the bytes of a text file into a `String`: UTF-8 (with or without a byte-order mark),
/// otherwise Shift_JIS, the encoding Japanese spreadsheets and Windows tools still save by default.
public enum TextDecoding {
    /// Decodes `bytes` read from `file` (the name is only used in errors).
    ///
    /// A leading UTF-8 byte-order mark is dropped. Bytes that are neither valid UTF-8 nor valid
    /// Shift_JIS, and files containing NUL bytes (binary data), throw a `DecodeError` that names the
    /// first offending byte and its offset.
    public static func string(_ bytes: [UInt8], file: String) throws -> String {
        if let nul = bytes.firstIndex(of: 0) {
            throw DecodeError(file: file, placeText: Message(.decodeByte, ["offset": .number(nul)]), text: Message(.textNulByte))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let badUTF8 = firstInvalidUTF8Offset(body)
        guard let badOffset = badUTF8 else {
            return String(decoding: body, as: UTF8.self)
        }
        if let text = String(data: Data(body), encoding: .shiftJIS) {
            return text
        }
        let offset = badOffset + (bytes.count - body.count)
        throw DecodeError(file: file, placeText: Message(.decodeByte, ["offset": .number(offset)]),
                          text: Message(.textNotUTF8OrShiftJIS, ["hex": .text(hex(bytes[offset]))]))
    }

    /// The offset (within `bytes`, counted from its first element) of the first byte that breaks
    /// UTF-8, or nil when the bytes are valid UTF-8.
    static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int? {
        let base = bytes.startIndex
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i < end {
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i - base
            }
            guard end - i >= length else { return i - base }
            let second = bytes[i + 1]
            guard second >= low, second <= high else { return i - base }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i - base }
            i += length
        }
        return nil
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
