import Foundation
internal import CSQLite

/// One prepared statement, owned by its `SQLiteDatabase` (which caches it by SQL text) and finalized
/// in `deinit`. Used by one call at a time: `inUse` makes a nested use of the same SQL prepare a
/// second, uncached statement instead of resetting the first under its caller.
final class SQLiteStatement {
    let sql: String
    let handle: OpaquePointer
    var inUse = false

    init(sql: String, handle: OpaquePointer) {
        self.sql = sql
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `arguments` to parameters 1…n; returns SQLite's result code of the first failure.
    func bind(_ arguments: [SQLiteValue]) -> Int32 {
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch argument {
            case .integer(let value): rc = sqlite3_bind_int64(handle, index, value)
            case .real(let value): rc = sqlite3_bind_double(handle, index, value)
            case .text(let value): rc = sqlite3_bind_text(handle, index, value, -1, leavenow_sqlite_transient())
            case .blob(let value):
                rc = value.withUnsafeBytes { bytes in
                    // A zero-length blob still needs a non-NULL pointer, or SQLite binds NULL.
                    sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                      Int32(bytes.count), leavenow_sqlite_transient())
                }
            case .null: rc = sqlite3_bind_null(handle, index)
            }
            if rc != SQLITE_OK { return rc }
        }
        return SQLITE_OK
    }

    /// Ready for the next use: no pending row, no bound values.
    func clear() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
