internal import CSQLite
import Foundation
import Messages

/// The current row of a query, valid only inside the closure it is passed to.
/// Columns are numbered from 0 in the order of the `SELECT` list.
public struct SQLiteRow {
    let statement: OpaquePointer
    let path: String
    let sql: String

    /// True when the column holds NULL.
    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    /// The column as an integer; NULL is an error naming the column.
    public func int64(_ column: Int32) throws(StoreError) -> Int64 {
        guard !isNull(column) else { throw nullError(column) }
        return sqlite3_column_int64(statement, column)
    }

    /// The column as an integer, or nil for NULL.
    public func optionalInt64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : sqlite3_column_int64(statement, column)
    }

    /// The column as text; NULL is an error naming the column.
    public func text(_ column: Int32) throws(StoreError) -> String {
        guard let text = optionalText(column) else { throw nullError(column) }
        return text
    }

    /// The column as text, or nil for NULL.
    public func optionalText(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// `body` applied to the column's text as UTF-8 bytes, valid only inside `body` (nil for NULL):
    /// no copy, for decoders that build their own values.
    func withTextBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
        guard let bytes = sqlite3_column_text(statement, column) else { return body(nil) }
        let count = Int(sqlite3_column_bytes(statement, column))
        return body(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// The column's name as written in the query.
    public func name(_ column: Int32) -> String {
        sqlite3_column_name(statement, column).map { String(cString: $0) } ?? "#\(column)"
    }

    private func nullError(_ column: Int32) -> StoreError {
        StoreError(path: path, operation: Message(.storeReadingSQL, ["sql": .text(SQLiteDatabase.quoted(sql))]),
                   message: Message(.storeColumnNull, ["column": .text("\"\(name(column))\"")]), code: .badValue)
    }
}

@available(*, unavailable)
extension SQLiteRow: Sendable {}
