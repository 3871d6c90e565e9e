import JSONText

/// The worker's health as it last committed it (the `meta` value ``metaKey``, written in the
/// transaction that queues the health notices, so a restart neither sends a "problem" notice again
/// nor misses a "resolved" one): the problems open, when each began and whether it was notified,
/// and the channels' failure streaks with their delivery-log cursor.
public struct HealthEpisodes: Sendable, Equatable {
    /// The `meta` key.
    public static let metaKey = "health.state"

    /// One problem from its start until it ends.
    public struct Episode: Sendable, Equatable {
        /// When it began (the key of its notices).
        public var since: Int64
        /// Whether its "problem" notice was queued (or, when the state could not be written, sent directly).
        public var notified: Bool
        /// The problem's last summary, in English (for `status` while the worker runs).
        public var summary: String

        public init(since: Int64, notified: Bool, summary: String) {
            self.since = since
            self.notified = notified
            self.summary = summary
        }
    }

    /// The open episodes, by ``HealthProblem/id``.
    public var open: [String: Episode] = [:]
    /// The channels' failure streaks.
    public var channels = ChannelStreaks()

    public init(open: [String: Episode] = [:], channels: ChannelStreaks = ChannelStreaks()) {
        self.open = open
        self.channels = channels
    }

    /// The stored JSON, members sorted:
    /// `{"cursor":…,"open":{"board:x":{"since":…,"notified":true,"summary":"…"}},"streaks":{"hook":{…}}}`.
    public var json: String {
        var writer = JSONWriter(style: .compact)
        writer.beginObject()
        writer.member("cursor", channels.cursor)
        writer.key("open")
        writer.beginObject()
        for (id, episode) in open.sorted(by: { $0.key < $1.key }) {
            writer.key(id)
            writer.beginObject()
            writer.member("since", episode.since)
            writer.member("notified", episode.notified)
            writer.member("summary", episode.summary)
            writer.endObject()
        }
        writer.endObject()
        writer.key("streaks")
        writer.beginObject()
        for (channel, streak) in channels.streaks.sorted(by: { $0.key < $1.key }) {
            writer.key(channel)
            writer.beginObject()
            writer.member("count", Int64(streak.count))
            writer.member("since", streak.since)
            writer.member("error", streak.lastError)
            writer.endObject()
        }
        writer.endObject()
        writer.endObject()
        return writer.text
    }

    /// Reads the stored JSON; nil when it is not a health state.
    public init?(json text: String) {
        guard let object = try? JSONParser.parse(Array(text.utf8)), object.objectValue != nil else { return nil }
        var episodes: [String: Episode] = [:]
        for (id, item) in object["open"]?.objectValue ?? [:] {
            guard let since = item["since"]?.wholeNumber else { continue }
            episodes[id] = Episode(since: since, notified: item["notified"]?.boolValue ?? false, summary: item["summary"]?.stringValue ?? "")
        }
        open = episodes
        var streaks: [String: ChannelStreaks.Streak] = [:]
        for (channel, item) in object["streaks"]?.objectValue ?? [:] {
            guard let count = item["count"]?.wholeNumber, let since = item["since"]?.wholeNumber else { continue }
            streaks[channel] = ChannelStreaks.Streak(count: Int(count), since: since, lastError: item["error"]?.stringValue)
        }
        channels = ChannelStreaks(cursor: object["cursor"]?.wholeNumber ?? 0, streaks: streaks)
    }
}
