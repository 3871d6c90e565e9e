extension PostgresStore {
    public func recordSourceFetch(name: String, fetchedAt: Int64?, checkedAt: Int64?, lastError: String?, bytesSaved: Int,
                                  nextRefreshAt: Int64?) throws {
        // Idempotent: the same fetch recorded twice leaves the same row.
        try connection.run("""
            INSERT INTO source_state (name, fetched_at, checked_at, last_error, bytes_saved, next_refresh_at)
            VALUES ($1, $2::bigint, $3::bigint, $4, $5::bigint, $6::bigint)
            ON CONFLICT (name) DO UPDATE SET
                fetched_at = COALESCE(excluded.fetched_at, source_state.fetched_at),
                checked_at = COALESCE(excluded.checked_at, source_state.checked_at),
                last_error = excluded.last_error,
                bytes_saved = excluded.bytes_saved,
                next_refresh_at = excluded.next_refresh_at
            """, [name, fetchedAt.map(String.init), checkedAt.map(String.init), lastError, String(bytesSaved),
                  nextRefreshAt.map(String.init)], idempotent: true)
    }

    public func sourceStates() throws -> [SourceStateRow] {
        try connection.query("""
            SELECT name, fetched_at, checked_at, last_error, bytes_saved, next_refresh_at FROM source_state ORDER BY name COLLATE "C"
            """).map { row throws(StoreError) in
            SourceStateRow(name: try row.text(0), fetchedAt: row.optionalInt64(1), checkedAt: row.optionalInt64(2),
                           lastError: row.optionalText(3), bytesSaved: Int(try row.int64(4)),
                           nextRefreshAt: row.optionalInt64(5))
        }
    }
}
