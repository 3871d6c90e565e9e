import Messages

/// A CSV file (RFC 4180) held as bytes and read row by row without creating a String per cell.
///
/// - The text must be UTF-8 (a BOM is accepted); see `CSVTextCheck` for what is rejected.
/// - A row ends at LF. Carriage returns directly before the LF are dropped, so CRLF, LF, a mix of
///   both in one file, and the stray CR CR LF some exporters write all read the same. A lone CR
///   anywhere else is an ordinary byte (classic-Mac CR-only files are not supported).
/// - Blank lines are skipped.
/// - Quoted cells may hold commas, line breaks and doubled quotes (`""`). After the closing quote
///   only a comma or the end of the row may follow.
/// - Every row must have exactly as many cells as the header.
///
/// Rows are numbered by the 1-based line of the file on which they start, the header being line 1
/// (the numbers a text editor shows); errors read `file: row N: message`.
struct CSVTable {
    /// The label used in errors (`feed.zip/stop_times.txt`).
    let file: String
    /// Column names of the header, trimmed of surrounding white space.
    let columns: [String]
    /// The file's bytes; cells with doubled quotes are unescaped in place while reading.
    private let bytes: FileBytes
    /// Columns whose text the caller checks itself (see `callerChecksText(of:)`).
    private var callerChecked: [Bool] = []
    private let bodyStart: Int
    private let bodyLine: Int

    /// Rejects UTF-16, skips a BOM and reads the header.
    init(bytes: FileBytes, file: String) throws {
        self.file = file
        self.bytes = bytes
        let header = try CSVTable.readHeader(UnsafeMutableBufferPointer(start: bytes.base, count: bytes.count), file: file)
        self.columns = header.columns
        self.bodyStart = header.next
        self.bodyLine = header.line
    }

    /// A table over a copy of `bytes`.
    init(bytes: [UInt8], file: String) throws {
        try self.init(bytes: FileBytes(bytes), file: file)
    }

    private static func readHeader(_ buffer: UnsafeMutableBufferPointer<UInt8>,
                                   file: String) throws -> (columns: [String], next: Int, line: Int) {
        let start = try CSVTextCheck.textStart(UnsafeBufferPointer(buffer), file: file)
        guard let base = buffer.baseAddress, start < buffer.count else {
            throw DecodeError(file: file, text: Message(.gtfsEmptyFile))
        }
        let capacity = 4096
        let cells = UnsafeMutablePointer<Int>.allocate(capacity: 2 * capacity)
        defer { cells.deallocate() }
        let skipCheck = UnsafeMutablePointer<Bool>.allocate(capacity: capacity)
        defer { skipCheck.deallocate() }
        skipCheck.initialize(repeating: false, count: capacity)
        var line = 1
        let scan: (next: Int, cellCount: Int)
        do {
            scan = try CSVTable.scanRow(base: base, count: buffer.count, from: start, cells: cells,
                                        capacity: capacity, skipCheck: skipCheck, line: &line, file: file)
        } catch {
            try CSVTextCheck.validate(UnsafeBufferPointer(buffer), from: start, line: 1, file: file)
            if error is CSVEncodingProblem {
                throw DecodeError(file: file, placeText: Message(.decodeRow, ["row": .number(1)]), text: Message(.gtfsHeaderNotUTF8))
            }
            throw error
        }
        var names: [String] = []
        for index in 0..<min(scan.cellCount, capacity) {
            let cell = UnsafeBufferPointer(start: base + cells[2 * index], count: cells[2 * index + 1] - cells[2 * index])
            names.append(CSVTable.trimmed(String(decoding: cell, as: UTF8.self)))
        }
        return (names, scan.next, line)
    }

    /// Size of the file in bytes.
    var byteCount: Int { bytes.count }

    /// The index of a column, or nil when the header does not have it.
    func index(of name: String) -> Int? { columns.firstIndex(of: name) }

    /// The index of a column the file must have.
    func requiredIndex(of name: String) throws -> Int {
        guard let index = index(of: name) else {
            throw DecodeError(file: file, placeText: Message(.decodeRow, ["row": .number(1)]), text: Message(.gtfsMissingColumn, [
                "name": .text("\"\(name)\""), "columns": .message(.list(columns)),
            ]))
        }
        return index
    }

    /// Skips the UTF-8 check of these columns while scanning, because the caller only looks their
    /// bytes up exactly among text that was checked already (ids defined in another file) or reads
    /// them with a parser that accepts ASCII only (times, numbers). When such a cell is not valid
    /// text, the lookup or parse fails, the caller throws, and `forEachRow` then checks the text
    /// from the row on so that the encoding problem is what gets reported. NUL bytes are still
    /// caught while scanning.
    mutating func callerChecksText(of columns: [Int?]) {
        callerChecked = Array(repeating: false, count: self.columns.count + 1)
        for case let column? in columns { callerChecked[column] = true }
    }

    /// Calls `body` with every row in file order. The row's cells are valid only inside `body`.
    mutating func forEachRow(_ body: (CSVRow) throws -> Void) throws {
        let expected = columns.count
        let file = self.file
        let start = bodyStart
        var line = bodyLine
        let cells = UnsafeMutablePointer<Int>.allocate(capacity: 2 * (expected + 1))
        defer { cells.deallocate() }
        let skipCheck = UnsafeMutablePointer<Bool>.allocate(capacity: expected + 1)
        defer { skipCheck.deallocate() }
        for column in 0...expected { skipCheck[column] = column < callerChecked.count && callerChecked[column] }
        let buffer = UnsafeMutableBufferPointer(start: bytes.base, count: bytes.count)
        guard let base = buffer.baseAddress else { return }
        let count = buffer.count
        var position = start
        var rowLine = line
        var rowStart = start
        // One row value for the whole file (its line changes), so no per-row copies of `file`.
        var row = CSVRow(base: UnsafePointer(base), cells: UnsafePointer(cells), line: 0, file: file)
        do {
            while position < count {
                rowLine = line
                rowStart = position
                let scan = try CSVTable.scanRow(base: base, count: count, from: position, cells: cells,
                                                capacity: expected + 1, skipCheck: skipCheck, line: &line, file: file)
                position = scan.next
                if scan.cellCount == 1, cells[0] == cells[1] { continue }  // a blank line
                guard scan.cellCount == expected else {
                    throw DecodeError(file: file, placeText: Message(.decodeRow, ["row": .number(rowLine)]),
                                      text: Message(.gtfsCellCount, ["expected": .number(expected), "found": .number(scan.cellCount)]))
                }
                row.line = rowLine
                try body(row)
            }
        } catch {
            // Rows before this one were checked cell by cell; an encoding problem here or later
            // is the real cause of most other errors, so it is reported first.
            try CSVTextCheck.validate(UnsafeBufferPointer(buffer), from: rowStart, line: rowLine, file: file)
            if error is CSVEncodingProblem {
                throw DecodeError(file: file, placeText: Message(.decodeRow, ["row": .number(rowLine)]), text: Message(.gtfsRowNotUTF8))
            }
            throw error
        }
    }

    /// Reads one row starting at `start`: stores up to `capacity` cells as (start, end) offset
    /// pairs, unescapes doubled quotes in place, checks the text of the cells (but not the UTF-8 of
    /// those flagged in `skipCheck`), and returns the offset after the row.
    private static func scanRow(base: UnsafeMutablePointer<UInt8>, count: Int, from start: Int,
                                cells: UnsafeMutablePointer<Int>, capacity: Int, skipCheck: UnsafePointer<Bool>,
                                line: inout Int, file: String) throws -> (next: Int, cellCount: Int) {
        let comma: UInt8 = 0x2C, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, quote: UInt8 = 0x22
        let rowLine = line
        var position = start
        var cellCount = 0
        while true {
            var cellStart = position
            var cellEnd: Int
            if position < count, base[position] == quote {
                // Quoted cell: find the closing quote, check the text, then (only when it has
                // doubled quotes) move the content down over the opening quote and the doubles.
                var read = position + 1
                var escapes = 0
                while true {
                    guard read < count else {
                        throw DecodeError(file: file, placeText: Message(.decodeRow, ["row": .number(rowLine)]),
                                          text: Message(.gtfsUnclosedQuote, ["cell": .number(cellCount + 1)]))
                    }
                    let byte = base[read]
                    if byte == quote {
                        if read + 1 < count, base[read + 1] == quote {
                            escapes += 1
                            read += 2
                            continue
                        }
                        break
                    }
                    if byte == lf { line += 1 }
                    read += 1
                }
                if CSVTextCheck.firstProblem(base, from: position + 1, to: read) != nil { throw CSVEncodingProblem() }
                if escapes == 0 {
                    cellStart = position + 1
                    cellEnd = read
                } else {
                    var source = position + 1, write = position
                    while source < read {
                        base[write] = base[source]
                        write += 1
                        source += base[source] == quote ? 2 : 1
                    }
                    cellStart = position
                    cellEnd = write
                    // Blank the bytes left behind, so that the row stays valid text for later checks.
                    for stale in write..<read { base[stale] = 0x20 }
                }
                read += 1  // past the closing quote
                var after = read
                while after < count, base[after] == cr { after += 1 }
                if after == count || base[after] == lf {
                    position = after
                } else if base[read] == comma {
                    position = read
                } else {
                    let shown = String(decoding: [base[read]], as: UTF8.self)
                    throw DecodeError(file: file, placeText: Message(.decodeRow, ["row": .number(rowLine)]),
                                      text: Message(.gtfsAfterQuote, ["character": .text("\"\(shown)\""), "cell": .number(cellCount + 1)]))
                }
            } else {
                // Eight bytes at a time to the next comma, LF or NUL, then byte by byte near the end;
                // a cell with non-ASCII bytes gets the full UTF-8 check.
                let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
                var found = false
                var nonASCII: UInt64 = 0
                while position + 8 <= count {
                    let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                    let commas = word ^ (ones &* UInt64(comma)), lfs = word ^ (ones &* UInt64(lf))
                    let hits = ((commas &- ones) & ~commas | (lfs &- ones) & ~lfs | (word &- ones) & ~word) & highBits
                    nonASCII |= word
                    if hits != 0 {
                        position += hits.trailingZeroBitCount >> 3
                        found = true
                        break
                    }
                    position += 8
                }
                while !found, position < count {
                    let byte = base[position]
                    if byte == comma || byte == lf || byte == 0 { break }
                    nonASCII |= UInt64(byte)
                    position += 1
                }
                if position < count, base[position] == 0 { throw CSVEncodingProblem() }
                if nonASCII & highBits != 0, cellCount >= capacity || !skipCheck[cellCount],
                   CSVTextCheck.firstProblem(base, from: cellStart, to: position) != nil { throw CSVEncodingProblem() }
                cellEnd = position
                if position == count || base[position] == lf {
                    while cellEnd > cellStart, base[cellEnd - 1] == cr { cellEnd -= 1 }
                }
            }
            if cellCount < capacity {
                cells[2 * cellCount] = cellStart
                cells[2 * cellCount + 1] = cellEnd
            }
            cellCount += 1
            if position < count, base[position] == comma {
                position += 1
                continue
            }
            if position < count {  // at the LF
                position += 1
                line += 1
            }
            return (position, cellCount)
        }
    }

    private static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace || first == "\u{FEFF}" { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}

/// Thrown by the scanner at a NUL byte or invalid UTF-8; the caller re-checks the text from the
/// row's start to say exactly where (`CSVTextCheck.validate`).
struct CSVEncodingProblem: Error {}

/// One row of a `CSVTable`, valid only inside the `forEachRow` call that produced it.
struct CSVRow {
    let base: UnsafePointer<UInt8>
    let cells: UnsafePointer<Int>
    /// The 1-based line on which the row starts (the header is line 1).
    fileprivate(set) var line: Int
    let file: String

    /// The bytes of a cell (quotes removed); empty for a column the file does not have (nil).
    @inline(__always)
    func bytes(_ column: Int?) -> UnsafeBufferPointer<UInt8> {
        guard let column else { return UnsafeBufferPointer(start: base, count: 0) }
        let start = cells[2 * column]
        return UnsafeBufferPointer(start: base + start, count: cells[2 * column + 1] - start)
    }

    /// Whether the cell is empty or missing.
    @inline(__always)
    func isEmpty(_ column: Int?) -> Bool {
        guard let column else { return true }
        return cells[2 * column] == cells[2 * column + 1]
    }

    /// The cell as a String; empty for a column the file does not have.
    func string(_ column: Int?) -> String { String(decoding: bytes(column), as: UTF8.self) }

    /// An error at this row.
    func error(_ text: Message) -> DecodeError {
        DecodeError(file: file, placeText: Message(.decodeRow, ["row": .number(line)]), text: text)
    }

    /// An error quoting the value of a cell: `stop_sequence "x" is not …`.
    func error(column: Int?, name: String, _ problem: Message) -> DecodeError {
        error(.verbatim("\(name) \"\(string(column))\" ") + problem)
    }
}
