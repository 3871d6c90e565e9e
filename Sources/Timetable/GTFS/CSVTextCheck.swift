/// Checks that a CSV file's bytes are UTF-8 text before any row is read, so that an encoding problem
/// is reported as such (with its row) rather than as a confusing cell-count error further on.
///
/// Accepted: UTF-8 with or without a byte-order mark. Rejected with the file and the row: UTF-16
/// (either byte order, with or without a BOM), NUL bytes, invalid UTF-8 (bad lead or continuation
/// bytes, overlong forms, surrogates, code points past U+10FFFF, truncated sequences).
enum CSVTextCheck {
    /// Validates `bytes` and returns the offset where the text starts (3 after a UTF-8 BOM, else 0).
    ///
    /// - Throws: `DecodeError` naming `file` and the 1-based line ("row N") of the first problem.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> Int {
        let count = bytes.count
        if count >= 2 {
            let b0 = bytes[0], b1 = bytes[1]
            let order: String?
            switch (b0, b1) {
            case (0xFE, 0xFF): order = "big-endian"
            case (0xFF, 0xFE): order = "little-endian"
            case (0x00, 1...0x7F): order = "big-endian"
            case (1...0x7F, 0x00): order = "little-endian"
            default: order = nil
            }
            if let order {
                throw DecodeError(file: file, message: "the file is UTF-16 (\(order)) text; GTFS files must be UTF-8: re-save it as UTF-8")
            }
        }
        var start = 0
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        guard let base = bytes.baseAddress else { return start }

        var index = start
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index < count {
            // Fast path: eight ASCII bytes without a NUL at a time.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let hasZero = (word &- ones) & ~word & highBits
                if (word & highBits) | hasZero == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base[index]
            if lead == 0 {
                throw problem(at: index, in: bytes, file: file,
                              message: "NUL byte (0x00) at column \(column(of: index, in: bytes)); GTFS files are UTF-8 text without NUL bytes")
            }
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
            default: throw invalid(at: index, in: bytes, file: file)
            }
            guard index + length <= count else { throw invalid(at: index, in: bytes, file: file) }
            for offset in 1..<length {
                let continuation = base[index + offset]
                guard continuation & 0xC0 == 0x80 else { throw invalid(at: index, in: bytes, file: file) }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            let overlong = (length == 3 && scalar < 0x800) || (length == 4 && scalar < 0x10000)
            if overlong || (0xD800...0xDFFF).contains(scalar) || scalar > 0x10FFFF {
                throw invalid(at: index, in: bytes, file: file)
            }
            index += length
        }
        return start
    }

    private static func invalid(at index: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) -> DecodeError {
        let end = min(bytes.count, index + 4)
        let shown = bytes[index..<end].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        return problem(at: index, in: bytes, file: file,
                       message: "invalid UTF-8 (bytes \(shown)) at column \(column(of: index, in: bytes)); re-save the file as UTF-8")
    }

    private static func problem(at index: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String, message: String) -> DecodeError {
        var line = 1
        for byte in bytes[0..<index] where byte == 0x0A { line += 1 }
        return DecodeError(file: file, place: "row \(line)", message: message)
    }

    /// 1-based byte column of `index` within its line.
    private static func column(of index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = index
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return index - start + 1
    }
}
