import Foundation

extension PostgresStore {
    /// `due` with a claimer when some channels have a shared rate (``channelRates``), in one
    /// transaction: the buckets of those channels are locked (`FOR UPDATE`, in channel order, so two
    /// workers never deadlock), refilled to `now`, and each channel gets at most as many new claims
    /// as it has whole tokens, each taking one; this worker's own claims are renewed without taking
    /// any, and entries of unlimited channels are claimed as in the plain `due`. Across every worker
    /// the claims of a channel never exceed its burst plus its rate times the time elapsed.
    func claimRateLimited(now: Int64, limit: Int, held: Set<String>, claimer: String,
                          limited: [String: ChannelRate]) throws -> [OutboxEntry] {
        let channels = limited.keys.sorted()
        let until = String(now + claimSeconds)
        return try connection.transaction {
            var tokens = try lockBuckets(channels, limited: limited, now: now)
            var claimed = try connection.query("""
                UPDATE outbox SET claimed_by = $4::text, claim_until = $5::bigint
                WHERE id = ANY (ARRAY(
                    SELECT id FROM outbox
                    WHERE status = 'pending' AND next_attempt_at <= $1::bigint AND (expires_at IS NULL OR expires_at > $1::bigint)
                      AND NOT (channel = ANY ($2::text[]))
                      AND (claimed_by = $4::text
                           OR (NOT (channel = ANY ($6::text[])) AND (claim_until IS NULL OR claim_until <= $1::bigint)))
                    ORDER BY next_attempt_at, id LIMIT $3::bigint
                    FOR UPDATE SKIP LOCKED))
                RETURNING \(Self.entryColumnList)
                """, [String(now), Self.textArray(held.sorted()), String(limit), claimer, until, Self.textArray(channels)]).map(entry)
            for channel in channels {
                let allowed = min(Int((tokens[channel] ?? 0).rounded(.down)), limit - claimed.count)
                guard allowed > 0 else { continue }
                let more = try connection.query("""
                    UPDATE outbox SET claimed_by = $4::text, claim_until = $5::bigint
                    WHERE id = ANY (ARRAY(
                        SELECT id FROM outbox
                        WHERE status = 'pending' AND next_attempt_at <= $1::bigint AND (expires_at IS NULL OR expires_at > $1::bigint)
                          AND channel = $2 AND claimed_by IS DISTINCT FROM $4::text
                          AND (claim_until IS NULL OR claim_until <= $1::bigint)
                        ORDER BY next_attempt_at, id LIMIT $3::bigint
                        FOR UPDATE SKIP LOCKED))
                    RETURNING \(Self.entryColumnList)
                    """, [String(now), channel, String(allowed), claimer, until]).map(entry)
                tokens[channel, default: 0] -= Double(more.count)
                claimed += more
            }
            for channel in channels {
                try connection.run("UPDATE outbox_rate SET tokens = $2::float8 WHERE channel = $1",
                                   [channel, String(tokens[channel] ?? 0)])
            }
            return claimed.sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
        }
    }

    /// Creates the missing buckets (full), locks them, refills them to `now` (never back in time:
    /// another worker's clock may be ahead) and returns their tokens; inside the caller's transaction.
    private func lockBuckets(_ channels: [String], limited: [String: ChannelRate], now: Int64) throws -> [String: Double] {
        try connection.run("""
            INSERT INTO outbox_rate (channel, tokens, updated_at)
            SELECT channel, burst, $3::bigint FROM unnest($1::text[], $2::float8[]) AS buckets (channel, burst)
            ON CONFLICT (channel) DO NOTHING
            """, [Self.textArray(channels), "{" + channels.map { String(limited[$0]?.burst ?? 1) }.joined(separator: ",") + "}", String(now)])
        var tokens: [String: Double] = [:]
        for row in try connection.query("""
            SELECT channel, tokens, updated_at FROM outbox_rate WHERE channel = ANY ($1::text[]) ORDER BY channel FOR UPDATE
            """, [Self.textArray(channels)]) {
            let channel = try row.text(0)
            guard let rate = limited[channel] else { continue }
            let stored = Double(try row.text(1)) ?? 0
            let elapsed = Double(max(0, now - (try row.int64(2))))
            tokens[channel] = min(rate.burst, stored + elapsed * rate.perMinute / 60)
        }
        try connection.run("""
            UPDATE outbox_rate SET updated_at = GREATEST(updated_at, $2::bigint) WHERE channel = ANY ($1::text[])
            """, [Self.textArray(channels), String(now)])
        return tokens
    }

    /// For each of the `limited` channels whose bucket holds less than one token, when it holds one
    /// again (from its last refill). Read without a lock: a hint for when to look again.
    func refillTimes(_ limited: [String: ChannelRate]) throws -> [String: Int64] {
        var times: [String: Int64] = [:]
        for row in try connection.query("SELECT channel, tokens, updated_at FROM outbox_rate WHERE channel = ANY ($1::text[])",
                                        [Self.textArray(limited.keys.sorted())]) {
            let channel = try row.text(0)
            guard let rate = limited[channel], rate.perMinute > 0, let stored = Double(try row.text(1)), stored < 1 else { continue }
            times[channel] = try row.int64(2) + Int64(((1 - stored) * 60 / rate.perMinute).rounded(.up))
        }
        return times
    }
}
