extension PostgresStore {
    public func meta(_ key: String) throws -> String? {
        try connection.query("SELECT value FROM meta WHERE key = $1", [key]).first?.text(0)
    }

    public func setMeta(_ key: String, _ value: String?) throws {
        if let value {
            try connection.run("""
                INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [key, value], idempotent: true)
        } else {
            try connection.run("DELETE FROM meta WHERE key = $1", [key], idempotent: true)
        }
    }
}
