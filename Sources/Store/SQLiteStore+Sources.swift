extension SQLiteStore {
    public func recordSourceFetch(name: String, fetchedAt: Int64?, checkedAt: Int64?, lastError: String?, bytesSaved: Int,
                                  nextRefreshAt: Int64?) throws {
        try database.run("""
            INSERT INTO source_state (name, fetched_at, checked_at, last_error, bytes_saved, next_refresh_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET
                fetched_at = COALESCE(excluded.fetched_at, fetched_at),
                checked_at = COALESCE(excluded.checked_at, checked_at),
                last_error = excluded.last_error,
                bytes_saved = excluded.bytes_saved,
                next_refresh_at = excluded.next_refresh_at
            """, [.text(name), SQLiteValue(fetchedAt), SQLiteValue(checkedAt), SQLiteValue(lastError),
                  .integer(Int64(bytesSaved)), SQLiteValue(nextRefreshAt)])
    }

    public func sourceStates() throws -> [SourceStateRow] {
        try database.query("""
            SELECT name, fetched_at, checked_at, last_error, bytes_saved, next_refresh_at FROM source_state ORDER BY name
            """) { row in
            SourceStateRow(name: try row.text(0), fetchedAt: row.optionalInt64(1), checkedAt: row.optionalInt64(2),
                           lastError: row.optionalText(3), bytesSaved: Int(try row.int64(4)),
                           nextRefreshAt: row.optionalInt64(5))
        }
    }
}
