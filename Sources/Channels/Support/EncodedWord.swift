import Foundation

/// RFC 2047 encoded words for header values that are not ASCII (`Title: 出発`): HTTP headers are
/// ASCII, and ntfy (like mail) decodes `=?UTF-8?B?<base64>?=`.
public enum EncodedWord {
    /// The longest encoded word RFC 2047 allows.
    static let maxWordLength = 75
    /// UTF-8 bytes per word: `=?UTF-8?B?` and `?=` leave 63 characters, 60 of base64 = 45 bytes.
    static let maxBytesPerWord = 45

    /// `value` unchanged when it is printable ASCII, otherwise as encoded words of at most 75
    /// characters separated by spaces (a decoder joins adjacent words), never splitting a character.
    public static func encodeIfNeeded(_ value: String) -> String {
        if value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return value }
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in value.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > maxBytesPerWord {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: " ")
    }

    private static func word(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
    }
}
