extension SQLiteStore {
    public func meta(_ key: String) throws -> String? {
        try database.query("SELECT value FROM meta WHERE key = ?", [.text(key)]) { row in try row.text(0) }.first
    }

    public func setMeta(_ key: String, _ value: String?) throws {
        if let value {
            try database.run("""
                INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [.text(key), .text(value)])
        } else {
            try database.run("DELETE FROM meta WHERE key = ?", [.text(key)])
        }
    }
}
