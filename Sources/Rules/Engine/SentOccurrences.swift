/// One leave-now notification a rule has handled (sent, held for quiet hours, or superseded by a
/// later one for the same departure): the occurrence its idempotency key names,
/// `rule/instant/labels/offset`, without the text of the key.
struct SentOccurrence: Sendable, Equatable {
    /// The departure's timetable instant.
    var instant: Int64
    /// When the entry can be forgotten: the departure can no longer come back (see `RuleState.prune`).
    var forgetAfter: Int64
    /// The departure's line and stop (and destination) tokens.
    var labels: KeyLabels
    /// The heads-up offset in seconds (0: the leave-now itself).
    var offset: Int32
}

/// The leave-now occurrences a rule has handled: 24 bytes each, looked up by number instead of by
/// hashing a key's text. A rule holds a few at a time (the departures still ahead it has notified
/// for); entries whose departure has gone are dropped at each evaluation.
struct SentOccurrences: Sendable {
    private(set) var entries: [SentOccurrence] = []
    /// The earliest `forgetAfter` of the entries (`Int64.max` when none): pruning looks no further
    /// while it is ahead.
    private var earliestForget = Int64.max

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Whether the occurrence was handled.
    @inline(__always)
    func contains(instant: Int64, labels: KeyLabels, offset: Int32) -> Bool {
        for entry in entries where entry.instant == instant && entry.offset == offset && entry.labels == labels { return true }
        return false
    }

    /// Records an occurrence (a second record of the same one keeps the later `forgetAfter`, as a
    /// key written again into a dictionary would).
    mutating func insert(instant: Int64, labels: KeyLabels, offset: Int32, forgetAfter: Int64) {
        for index in entries.indices where entries[index].instant == instant && entries[index].offset == offset
            && entries[index].labels == labels {
            entries[index].forgetAfter = forgetAfter
            earliestForget = entries.lazy.map(\.forgetAfter).min() ?? .max
            return
        }
        entries.append(SentOccurrence(instant: instant, forgetAfter: forgetAfter, labels: labels, offset: offset))
        earliestForget = min(earliestForget, forgetAfter)
    }

    /// Drops the entries that can be forgotten at `now` (`forgetAfter` before it).
    @inline(__always)
    mutating func prune(now: Int64) {
        guard earliestForget < now else { return }
        entries.removeAll { $0.forgetAfter < now }
        // Room for the departures to come is kept, not a day's worth (a rule at rest holds a few).
        if entries.capacity > 2 * entries.count + 2 { entries = Array(entries[...]) }
        earliestForget = entries.lazy.map(\.forgetAfter).min() ?? .max
    }

    /// The same entries in any order.
    static func == (lhs: SentOccurrences, rhs: SentOccurrences) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        if lhs.entries == rhs.entries { return true }
        let order: (SentOccurrence, SentOccurrence) -> Bool = {
            ($0.instant, $0.offset, $0.labels.id, $0.forgetAfter) < ($1.instant, $1.offset, $1.labels.id, $1.forgetAfter)
        }
        return lhs.entries.sorted(by: order) == rhs.entries.sorted(by: order)
    }
}

extension SentOccurrences: Equatable {}

// MARK: - Text

extension SentOccurrences {
    /// The stored form: one `instant/labels/offset` per entry — the key without its `rule/` —, with
    /// `+seconds` after it when the entry is kept past the instant, separated by spaces:
    /// `1734912600/x1f3a…/12/600 1734912600/x1f3a…/12/0`.
    var text: String {
        var text = ""
        for (position, entry) in entries.enumerated() {
            if position > 0 { text += " " }
            text += String(entry.instant)
            text += "/"
            text += entry.labels.text
            text += "/"
            text += String(entry.offset)
            if entry.forgetAfter != entry.instant { text += "+" + String(entry.forgetAfter - entry.instant) }
        }
        return text
    }

    /// The entries of `text` (see ``text``); nil when it is not in that form.
    init?(text: String) {
        for item in text.split(separator: " ") {
            let plus = item.lastIndex(of: "+") ?? item.endIndex
            let body = item[..<plus]
            let kept: Int64
            if plus == item.endIndex {
                kept = 0
            } else {
                guard let value = Int64(item[item.index(after: plus)...]) else { return nil }
                kept = value
            }
            guard let occurrence = SentOccurrences.parse(occurrence: body) else { return nil }
            insert(instant: occurrence.instant, labels: occurrence.labels, offset: occurrence.offset,
                   forgetAfter: occurrence.instant &+ kept)
        }
    }

    /// `instant/labels/offset` (the part of a leave-now key after `rule/`), when `text` is exactly
    /// that: both numbers written as `String(_:)` writes them (so the key made again from the parts
    /// is the same text), the labels two or three tokens.
    static func parse(occurrence text: Substring) -> (instant: Int64, labels: KeyLabels, offset: Int32)? {
        guard let firstSlash = text.firstIndex(of: "/"), let lastSlash = text.lastIndex(of: "/"), firstSlash < lastSlash,
              let instant = canonicalInteger(text[..<firstSlash]),
              let offset = canonicalInteger(text[text.index(after: lastSlash)...]), let offset32 = Int32(exactly: offset)
        else { return nil }
        let labels = text[text.index(after: firstSlash)..<lastSlash]
        guard KeyLabels.isValid(labels.utf8) else { return nil }
        return (instant, KeyLabels(String(labels)), offset32)
    }

    /// A leave-now key of any rule (`rule/instant/labels/offset`, the rule id `[a-z0-9-]+`), split
    /// into its occurrence; nil for every other key (weather, feeds, service status, the realtime
    /// `…/canceled` and `…/moved1` events: their second part is not a number, or their last).
    static func parse(key: String) -> (instant: Int64, labels: KeyLabels, offset: Int32)? {
        guard let slash = key.firstIndex(of: "/"), slash > key.startIndex,
              key[..<slash].utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 })
        else { return nil }
        return parse(occurrence: key[key.index(after: slash)...])
    }

    /// The integer `text` writes when `String(value)` would write exactly it (no sign but `-`, no
    /// leading zeros).
    static func canonicalInteger(_ text: Substring) -> Int64? {
        guard let value = Int64(text), String(value) == text else { return nil }
        return value
    }
}
