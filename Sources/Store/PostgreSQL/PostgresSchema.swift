/// The schema of `PostgresStore`, one migration per version: the tables of `StoreSchema` in
/// PostgreSQL's types. Append new steps; never edit a released one. The version lives in the
/// one-row table `leavenow_schema`.
enum PostgresSchema {
    static let migrations: [SchemaMigration] = [
        SchemaMigration(version: 1, summary: "outbox, delivery log, rule state, source index, meta", sql: """
            CREATE TABLE outbox (
                id              bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                key             text    NOT NULL,
                channel         text    NOT NULL,
                rule            text    NOT NULL,
                fire_at         bigint  NOT NULL,
                expires_at      bigint,
                status          text    NOT NULL CHECK (status IN ('pending', 'delivered', 'dead', 'expired')),
                attempts        integer NOT NULL DEFAULT 0,
                next_attempt_at bigint  NOT NULL,
                last_error      text,
                created_at      bigint  NOT NULL,
                delivered_at    bigint,
                updated_at      bigint  NOT NULL,
                notification    text    NOT NULL,
                UNIQUE (key, channel)
            );
            CREATE INDEX outbox_pending_due ON outbox (next_attempt_at, id) WHERE status = 'pending';
            CREATE INDEX outbox_pending_expiry ON outbox (expires_at) WHERE status = 'pending' AND expires_at IS NOT NULL;
            CREATE INDEX outbox_status_updated ON outbox (status, updated_at);

            CREATE TABLE delivery_log (
                id          bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                entry_id    bigint  NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
                key         text    NOT NULL,
                channel     text    NOT NULL,
                at          bigint  NOT NULL,
                outcome     text    NOT NULL,
                status_code integer,
                detail      text
            );
            CREATE INDEX delivery_log_entry ON delivery_log (entry_id, id);

            CREATE TABLE rule_state (
                rule       text   PRIMARY KEY,
                state      text   NOT NULL,
                updated_at bigint NOT NULL
            );

            CREATE TABLE source_state (
                name            text   PRIMARY KEY,
                fetched_at      bigint,
                checked_at      bigint,
                last_error      text,
                bytes_saved     bigint NOT NULL,
                next_refresh_at bigint
            );

            CREATE TABLE meta (
                key   text PRIMARY KEY,
                value text NOT NULL
            );
            """),
        SchemaMigration(version: 2, summary: "workers and partition leases", sql: """
            CREATE TABLE leavenow_workers (
                id        text    PRIMARY KEY,
                host      text    NOT NULL,
                pid       integer NOT NULL,
                started   bigint  NOT NULL,
                heartbeat bigint  NOT NULL
            );

            CREATE TABLE leavenow_leases (
                partition  integer PRIMARY KEY CHECK (partition >= 0),
                worker     text,
                expires_at bigint  NOT NULL DEFAULT 0
            );
            CREATE INDEX leavenow_leases_worker ON leavenow_leases (worker);
            """),
        SchemaMigration(version: 3, summary: "outbox claims (one worker sends an entry at a time)", sql: """
            ALTER TABLE outbox ADD COLUMN claimed_by text;
            ALTER TABLE outbox ADD COLUMN claim_until bigint;
            """),
        SchemaMigration(version: 4, summary: "per-channel rate limits shared by the workers (token buckets)", sql: """
            CREATE TABLE outbox_rate (
                channel    text             PRIMARY KEY,
                tokens     double precision NOT NULL,
                updated_at bigint           NOT NULL
            );
            """),
        SchemaMigration(version: 5, summary: "rule history (the last evaluations of each rule)", sql: """
            CREATE TABLE rule_history (
                id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                rule   text   NOT NULL,
                at     bigint NOT NULL,
                record text   NOT NULL
            );
            CREATE INDEX rule_history_rule ON rule_history (rule, id);
            """),
    ]
}
