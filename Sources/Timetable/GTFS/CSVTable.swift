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
    private var bytes: [UInt8]
    private let bodyStart: Int
    private let bodyLine: Int

    /// Checks the encoding and reads the header.
    init(bytes: [UInt8], file: String) throws {
        self.file = file
        self.bytes = bytes
        let header = try self.bytes.withUnsafeMutableBufferPointer { buffer -> (columns: [String], next: Int, line: Int) in
            let start = try CSVTextCheck.validate(UnsafeBufferPointer(buffer), file: file)
            guard let base = buffer.baseAddress, start < buffer.count else {
                throw DecodeError(file: file, message: "the file is empty; expected a header row")
            }
            let capacity = 4096
            let cells = UnsafeMutablePointer<Int>.allocate(capacity: 2 * capacity)
            defer { cells.deallocate() }
            var line = 1
            let scan = try CSVTable.scanRow(base: base, count: buffer.count, from: start, cells: cells,
                                            capacity: capacity, line: &line, file: file)
            var names: [String] = []
            for index in 0..<min(scan.cellCount, capacity) {
                let cell = UnsafeBufferPointer(start: base + cells[2 * index], count: cells[2 * index + 1] - cells[2 * index])
                names.append(CSVTable.trimmed(String(decoding: cell, as: UTF8.self)))
            }
            return (names, scan.next, line)
        }
        self.columns = header.columns
        self.bodyStart = header.next
        self.bodyLine = header.line
    }

    /// Size of the file in bytes.
    var byteCount: Int { bytes.count }

    /// The index of a column, or nil when the header does not have it.
    func index(of name: String) -> Int? { columns.firstIndex(of: name) }

    /// The index of a column the file must have.
    func requiredIndex(of name: String) throws -> Int {
        guard let index = index(of: name) else {
            throw DecodeError(file: file, place: "row 1",
                              message: "missing required column \"\(name)\" (the header has: \(columns.joined(separator: ", ")))")
        }
        return index
    }

    /// Calls `body` with every row in file order. The row's cells are valid only inside `body`.
    mutating func forEachRow(_ body: (CSVRow) throws -> Void) throws {
        let expected = columns.count
        let file = self.file
        let start = bodyStart
        var line = bodyLine
        let cells = UnsafeMutablePointer<Int>.allocate(capacity: 2 * (expected + 1))
        defer { cells.deallocate() }
        try bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var position = start
            while position < count {
                let rowLine = line
                let scan = try CSVTable.scanRow(base: base, count: count, from: position, cells: cells,
                                                capacity: expected + 1, line: &line, file: file)
                position = scan.next
                if scan.cellCount == 1, cells[0] == cells[1] { continue }  // a blank line
                guard scan.cellCount == expected else {
                    throw DecodeError(file: file, place: "row \(rowLine)",
                                      message: "expected \(expected) cells, found \(scan.cellCount)")
                }
                try body(CSVRow(base: UnsafePointer(base), cells: UnsafePointer(cells), line: rowLine, file: file))
            }
        }
    }

    /// Reads one row starting at `start`: stores up to `capacity` cells as (start, end) offset
    /// pairs, unescapes doubled quotes in place, and returns the offset after the row.
    private static func scanRow(base: UnsafeMutablePointer<UInt8>, count: Int, from start: Int,
                                cells: UnsafeMutablePointer<Int>, capacity: Int,
                                line: inout Int, file: String) throws -> (next: Int, cellCount: Int) {
        let comma: UInt8 = 0x2C, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, quote: UInt8 = 0x22
        let rowLine = line
        var position = start
        var cellCount = 0
        while true {
            var cellStart = position
            var cellEnd: Int
            if position < count, base[position] == quote {
                // Quoted cell: copy the content down over the opening quote and doubled quotes.
                var read = position + 1
                var write = position
                cellStart = position
                while true {
                    guard read < count else {
                        throw DecodeError(file: file, place: "row \(rowLine)",
                                          message: "the quoted cell \(cellCount + 1) is never closed (a closing \" is missing)")
                    }
                    let byte = base[read]
                    if byte == quote {
                        if read + 1 < count, base[read + 1] == quote {
                            base[write] = quote
                            write += 1
                            read += 2
                            continue
                        }
                        read += 1
                        break
                    }
                    if byte == lf { line += 1 }
                    base[write] = byte
                    write += 1
                    read += 1
                }
                cellEnd = write
                var after = read
                while after < count, base[after] == cr { after += 1 }
                if after == count || base[after] == lf {
                    position = after
                } else if base[read] == comma {
                    position = read
                } else {
                    let shown = String(decoding: [base[read]], as: UTF8.self)
                    throw DecodeError(file: file, place: "row \(rowLine)",
                                      message: "unexpected \"\(shown)\" after the closing quote of cell \(cellCount + 1)")
                }
            } else {
                while position < count {
                    let byte = base[position]
                    if byte == comma || byte == lf { break }
                    position += 1
                }
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

/// One row of a `CSVTable`, valid only inside the `forEachRow` call that produced it.
struct CSVRow {
    let base: UnsafePointer<UInt8>
    let cells: UnsafePointer<Int>
    /// The 1-based line on which the row starts (the header is line 1).
    let line: Int
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
    func error(_ message: String) -> DecodeError {
        DecodeError(file: file, place: "row \(line)", message: message)
    }

    /// An error quoting the value of a cell: `stop_sequence "x" is not …`.
    func error(column: Int?, name: String, _ problem: String) -> DecodeError {
        error("\(name) \"\(string(column))\" \(problem)")
    }
}
