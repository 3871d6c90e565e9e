import Messages

/// Rows of cells as aligned columns separated by two spaces (the last column is not padded).
/// Columns are as wide as their widest cell in terminal cells, so Japanese headers line up.
enum TextTable {
    static func render(_ rows: [[String]]) -> String {
        var widths = [Int](repeating: 0, count: rows.map(\.count).max() ?? 0)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
