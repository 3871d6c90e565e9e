import Feeds
import Notifications

/// The stored form of a rule's state: a JSON object.
///
/// ```json
/// {"sent":{},"deferred":[],"occurrences":"1734912600/x1f3a…/12/600 1734912600/x1f3a…/12/0","lastSentAt":1734912000,"dayCount":{"day":20080,"count":2}}
/// ```
///
/// `occurrences` is the leave-now notifications handled (see ``SentOccurrences/text``); every
/// other field is what it was before it existed. Reading is migration-tolerant: in a state written
/// by an older version every key is in `sent`, and the leave-now keys among them
/// (`rule/instant/labels/offset`) are read into the occurrences — the same occurrences, so the
/// rule goes on without sending any of them again. `sent` and `deferred` are always written (an
/// older version requires them; it reads such a state as one without the occurrences, and the
/// outbox's unique key refuses what it would decide again).
extension RuleState: Codable {
    enum CodingKeys: String, CodingKey {
        case sent, deferred, occurrences, lastSentAt, dayCount, weather, seenEntries, lastSnapshotAt, serviceStatus, announced
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .occurrences) {
            guard let occurrences = SentOccurrences(text: text) else {
                throw DecodingError.dataCorruptedError(forKey: .occurrences, in: container,
                                                       debugDescription: "not a list of instant/labels/offset occurrences: \(text.prefix(80))")
            }
            self.occurrences = occurrences
        }
        if let sent = try container.decodeIfPresent([String: Int64].self, forKey: .sent) {
            for (key, forgetAfter) in sent {
                if let occurrence = SentOccurrences.parse(key: key) {
                    occurrences.insert(instant: occurrence.instant, labels: occurrence.labels, offset: occurrence.offset, forgetAfter: forgetAfter)
                } else {
                    self.sent[key] = forgetAfter
                }
            }
        }
        lastSentAt = try container.decodeIfPresent(Int64.self, forKey: .lastSentAt)
        dayCount = try container.decodeIfPresent(DayCount.self, forKey: .dayCount)
        if let deferred = try container.decodeIfPresent([Notice].self, forKey: .deferred), !deferred.isEmpty { self.deferred = deferred }
        if let weather = try container.decodeIfPresent(WeatherDetectorState.self, forKey: .weather) { self.weather = weather }
        if let seen = try container.decodeIfPresent(SeenEntries.self, forKey: .seenEntries) { seenEntries = seen }
        if let at = try container.decodeIfPresent(Int64.self, forKey: .lastSnapshotAt) { lastSnapshotAt = at }
        if let episodes = try container.decodeIfPresent([String: ServiceStatusEpisode].self, forKey: .serviceStatus) { serviceStatus = episodes }
        if let announced = try container.decodeIfPresent([String: AnnouncedLeave].self, forKey: .announced) { self.announced = announced }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sent, forKey: .sent)
        try container.encode(deferred, forKey: .deferred)
        if !occurrences.isEmpty { try container.encode(occurrences.text, forKey: .occurrences) }
        try container.encodeIfPresent(lastSentAt, forKey: .lastSentAt)
        try container.encodeIfPresent(dayCount, forKey: .dayCount)
        try container.encodeIfPresent(weather, forKey: .weather)
        try container.encodeIfPresent(seenEntries, forKey: .seenEntries)
        try container.encodeIfPresent(lastSnapshotAt, forKey: .lastSnapshotAt)
        try container.encodeIfPresent(serviceStatus, forKey: .serviceStatus)
        try container.encodeIfPresent(announced, forKey: .announced)
    }
}
