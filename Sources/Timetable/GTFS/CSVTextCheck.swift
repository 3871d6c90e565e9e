import Messages

/// Checks that a CSV file's bytes are UTF-8 text, and says where they are not.
///
/// Accepted: UTF-8 with or without a byte-order mark. Rejected with the file and the row: UTF-16
/// (either byte order, with or without a BOM), NUL bytes, invalid UTF-8 (bad lead or continuation
/// bytes, overlong forms, surrogates, code points past U+10FFFF, truncated sequences).
///
/// `CSVTable` checks the cells as it scans them (only those with non-ASCII bytes need the full
/// check) and, when anything goes wrong, checks the rest of the file so that an encoding problem is
/// reported as such rather than as the cell-count error it usually causes further on.
enum CSVTextCheck {
    /// Rejects UTF-16 and returns the offset where the text starts (3 after a UTF-8 BOM, else 0).
    static func textStart(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> Int {
        if bytes.count >= 2 {
            let order: MessageKey?
            switch (bytes[0], bytes[1]) {
            case (0xFE, 0xFF): order = .gtfsBigEndian
            case (0xFF, 0xFE): order = .gtfsLittleEndian
            case (0x00, 1...0x7F): order = .gtfsBigEndian
            case (1...0x7F, 0x00): order = .gtfsLittleEndian
            default: order = nil
            }
            if let order {
                throw DecodeError(file: file, text: Message(.gtfsUTF16, ["order": .key(order)]))
            }
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return 3 }
        return 0
    }

    /// Checks `bytes[start...]`, whose first byte is on line `line`.
    ///
    /// - Throws: `DecodeError` naming `file` and the 1-based line ("row N") of the first problem.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, file: String) throws {
        guard let base = bytes.baseAddress,
              let problem = firstProblem(base, from: start, to: bytes.count) else { return }
        var problemLine = line, lineStart = start
        for index in start..<problem.offset where base[index] == 0x0A {
            problemLine += 1
            lineStart = index + 1
        }
        let column = problem.offset - lineStart + 1
        let message: Message
        if problem.isNUL {
            message = Message(.gtfsNULByte, ["column": .number(column)])
        } else {
            let shown = bytes[problem.offset..<min(bytes.count, problem.offset + 4)]
                .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            message = Message(.gtfsInvalidUTF8, ["bytes": .text(shown), "column": .number(column)])
        }
        throw DecodeError(file: file, placeText: Message(.decodeRow, ["row": .number(problemLine)]), text: message)
    }

    /// The offset of the first NUL byte or invalid UTF-8 sequence in `base[start..<end]`, or nil.
    static func firstProblem(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (offset: Int, isNUL: Bool)? {
        var index = start
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        while index < end {
            // Fast path: eight ASCII bytes without a NUL at a time.
            if index + 8 <= end {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let hasZero = (word &- ones) & ~word & highBits
                if (word & highBits) | hasZero == 0 {
                    index += 8
                    continue
                }
                if hasZero == 0 { index += (word & highBits).trailingZeroBitCount >> 3 }  // to the first non-ASCII byte
            }
            let lead = base[index]
            if lead == 0 { return (index, true) }
            if lead < 0x80 { index += 1; continue }
            // Three-byte sequences (kana, kanji) first: they fill Japanese feeds.
            if lead & 0xF0 == 0xE0, index + 3 <= end {
                let c1 = base[index + 1], c2 = base[index + 2]
                guard c1 & 0xC0 == 0x80, c2 & 0xC0 == 0x80,
                      lead != 0xE0 || c1 >= 0xA0,  // overlong
                      lead != 0xED || c1 < 0xA0    // surrogates
                else { return (index, false) }
                index += 3
                continue
            }
            if lead >= 0xC2, lead <= 0xDF, index + 2 <= end {
                guard base[index + 1] & 0xC0 == 0x80 else { return (index, false) }
                index += 2
                continue
            }
            if lead >= 0xF0, lead <= 0xF4, index + 4 <= end {
                let c1 = base[index + 1], c2 = base[index + 2], c3 = base[index + 3]
                guard c1 & 0xC0 == 0x80, c2 & 0xC0 == 0x80, c3 & 0xC0 == 0x80,
                      lead != 0xF0 || c1 >= 0x90,  // overlong
                      lead != 0xF4 || c1 < 0x90    // past U+10FFFF
                else { return (index, false) }
                index += 4
                continue
            }
            return (index, false)
        }
        return nil
    }
}
