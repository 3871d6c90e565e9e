import JSONText
import Messages

/// What the worker records of one evaluation of a rule (`leavenow history`): why it ran, the facts
/// it read with their snapshot times, what it decided and why (the engine's reasons, as `explain`
/// gives them), what it queued, and when it looks again. Stored as compact JSON in the store's
/// rule history, without the members that are empty.
public struct RuleHistoryRecord: Sendable, Equatable {
    /// Why the rule ran.
    public enum Trigger: String, Sendable, Equatable {
        /// The first pass after the worker started or reloaded its rules.
        case start
        /// The time it asked to be woken at came.
        case time
        /// A source it reads had new data (``RuleHistoryRecord/updated``).
        case data
    }

    /// What the evaluation came to.
    public enum Decision: String, Sendable, Equatable {
        /// It queued notifications.
        case sent
        /// Nothing went out, and notifications wait for quiet hours to end.
        case held
        /// Nothing to send.
        case nothing
    }

    /// A fact the rule read: a board, or a source and when its snapshot was fetched.
    public struct Fact: Sendable, Equatable {
        /// The board or source id.
        public var source: String
        /// `board`, `weather`, `feed`, `service_status`, `realtime` or `trains`.
        public var kind: String
        /// When its snapshot was fetched (or last confirmed); nil for a board, or no snapshot yet.
        public var at: Int64?

        public init(source: String, kind: String, at: Int64?) {
            self.source = source
            self.kind = kind
            self.at = at
        }
    }

    /// A notification queued: its idempotency key and channels.
    public struct Queued: Sendable, Equatable {
        public var key: String
        public var channels: [String]

        public init(key: String, channels: [String]) {
            self.key = key
            self.channels = channels
        }
    }

    public var trigger: Trigger
    /// The sources with new data that woke it (for ``Trigger/data``).
    public var updated: [String]
    public var facts: [Fact]
    public var queued: [Queued]
    /// Notifications of the rule waiting for quiet hours to end after the evaluation, and the first end.
    public var held: Int
    public var heldUntil: Int64?
    /// When the rule looks again on its own (nil: only on new data).
    public var next: Int64?
    /// The engine's reasons, kept as catalogue messages (rendered in the reader's language when shown).
    public var reasons: [Message]

    public init(trigger: Trigger, updated: [String] = [], facts: [Fact] = [], queued: [Queued] = [], held: Int = 0,
                heldUntil: Int64? = nil, next: Int64? = nil, reasons: [Message] = []) {
        self.trigger = trigger
        self.updated = updated
        self.facts = facts
        self.queued = queued
        self.held = held
        self.heldUntil = heldUntil
        self.next = next
        self.reasons = reasons
    }

    /// ``Decision/sent`` when it queued anything, else ``Decision/held`` when notifications wait, else ``Decision/nothing``.
    public var decision: Decision { !queued.isEmpty ? .sent : held > 0 ? .held : .nothing }

    /// The stored form: `{"trigger":"time","facts":[{"source":"chofu","kind":"weather","at":1734830520}],…}`.
    public var json: String {
        var writer = JSONWriter(style: .compact, capacity: 256 + 160 * reasons.count)
        writer.beginObject()
        writer.member("trigger", trigger.rawValue)
        if !updated.isEmpty { Self.writeArray("updated", updated, to: &writer) { $1.string($0) } }
        if !facts.isEmpty {
            Self.writeArray("facts", facts, to: &writer) { fact, writer in
                writer.beginObject()
                writer.member("source", fact.source)
                writer.member("kind", fact.kind)
                if let at = fact.at { writer.member("at", at) }
                writer.endObject()
            }
        }
        if !queued.isEmpty {
            Self.writeArray("queued", queued, to: &writer) { item, writer in
                writer.beginObject()
                writer.member("key", item.key)
                Self.writeArray("channels", item.channels, to: &writer) { $1.string($0) }
                writer.endObject()
            }
        }
        if held > 0 {
            writer.member("held", Int64(held))
            writer.member("held_until", heldUntil)
        }
        if let next { writer.member("next", next) }
        if !reasons.isEmpty { Self.writeArray("why", reasons, to: &writer) { MessageJSON.write($0, to: &$1) } }
        writer.endObject()
        return writer.text
    }

    /// `"key":[…]`, each item written by `write`.
    private static func writeArray<Item>(_ key: String, _ items: [Item], to writer: inout JSONWriter,
                                         _ write: (Item, inout JSONWriter) -> Void) {
        writer.key(key)
        writer.beginArray()
        for item in items { write(item, &writer) }
        writer.endArray()
    }

    /// Reads the stored form; nil when it is not a record.
    public init?(json text: String) {
        guard let object = try? JSONParser.parse(Array(text.utf8)), let trigger = object["trigger"]?.stringValue.flatMap(Trigger.init) else {
            return nil
        }
        self.trigger = trigger
        updated = (object["updated"]?.arrayValue ?? []).compactMap(\.stringValue)
        facts = (object["facts"]?.arrayValue ?? []).compactMap { item in
            guard let source = item["source"]?.stringValue, let kind = item["kind"]?.stringValue else { return nil }
            return Fact(source: source, kind: kind, at: item["at"]?.wholeNumber)
        }
        queued = (object["queued"]?.arrayValue ?? []).compactMap { item in
            guard let key = item["key"]?.stringValue else { return nil }
            return Queued(key: key, channels: (item["channels"]?.arrayValue ?? []).compactMap(\.stringValue))
        }
        held = object["held"]?.wholeNumber.map { Int($0) } ?? 0
        heldUntil = object["held_until"]?.wholeNumber
        next = object["next"]?.wholeNumber
        reasons = (object["why"]?.arrayValue ?? []).compactMap { MessageJSON.message(from: $0, keys: MessageTables.index) }
    }
}
