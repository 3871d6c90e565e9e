/// The schema of `SQLiteStore`, one migration per version. Append new steps; never edit a released one.
enum StoreSchema {
    static let migrations: [SchemaMigration] = [
        SchemaMigration(version: 1, summary: "outbox, delivery log, rule state, source index, meta", sql: """
            CREATE TABLE outbox (
                id              INTEGER PRIMARY KEY,
                key             TEXT    NOT NULL,
                channel         TEXT    NOT NULL,
                rule            TEXT    NOT NULL,
                fire_at         INTEGER NOT NULL,
                expires_at      INTEGER,
                status          TEXT    NOT NULL CHECK (status IN ('pending', 'delivered', 'dead', 'expired')),
                attempts        INTEGER NOT NULL DEFAULT 0,
                next_attempt_at INTEGER NOT NULL,
                last_error      TEXT,
                created_at      INTEGER NOT NULL,
                delivered_at    INTEGER,
                updated_at      INTEGER NOT NULL,
                notification    TEXT    NOT NULL,
                UNIQUE (key, channel)
            );
            CREATE INDEX outbox_pending_due ON outbox (next_attempt_at, id) WHERE status = 'pending';
            CREATE INDEX outbox_pending_expiry ON outbox (expires_at) WHERE status = 'pending' AND expires_at IS NOT NULL;
            CREATE INDEX outbox_status_updated ON outbox (status, updated_at);

            CREATE TABLE delivery_log (
                id          INTEGER PRIMARY KEY,
                entry_id    INTEGER NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
                key         TEXT    NOT NULL,
                channel     TEXT    NOT NULL,
                at          INTEGER NOT NULL,
                outcome     TEXT    NOT NULL,
                status_code INTEGER,
                detail      TEXT
            );
            CREATE INDEX delivery_log_entry ON delivery_log (entry_id, id);

            CREATE TABLE rule_state (
                rule       TEXT PRIMARY KEY,
                state      TEXT    NOT NULL,
                updated_at INTEGER NOT NULL
            ) WITHOUT ROWID;

            CREATE TABLE source_state (
                name            TEXT PRIMARY KEY,
                fetched_at      INTEGER,
                checked_at      INTEGER,
                last_error      TEXT,
                bytes_saved     INTEGER NOT NULL,
                next_refresh_at INTEGER
            ) WITHOUT ROWID;

            CREATE TABLE meta (
                key   TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            """),
        SchemaMigration(version: 2, summary: "rule history (the last evaluations of each rule)", sql: """
            CREATE TABLE rule_history (
                id     INTEGER PRIMARY KEY,
                rule   TEXT    NOT NULL,
                at     INTEGER NOT NULL,
                record TEXT    NOT NULL
            );
            CREATE INDEX rule_history_rule ON rule_history (rule, id);
            """),
    ]
}
