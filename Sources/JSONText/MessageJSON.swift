import Messages

/// A ``Message`` as JSON, for what is stored and shown later in the reader's language (the rule
/// history's reasons): a catalogue entry is `{"k":"explainSend","a":{"key":"…","count":3}}` (an
/// argument that is a string is a text, a number a number, an object or an array another
/// message), a verbatim text is a string, messages one after the other are an array.
///
/// Reading is forgiving, as stored data outlives the binary that wrote it: a plain string (what
/// older versions stored: the English text) reads as a verbatim text, and an entry whose key this
/// version does not know reads as its English, `"en"`, when stored, else as the key's name.
public enum MessageJSON {
    /// Writes `message` at the writer's position.
    public static func write(_ message: Message, to writer: inout JSONWriter) {
        switch message.parts {
        case .verbatim(let text):
            writer.string(text)
        case .sequence(let items):
            writer.beginArray()
            for item in items { write(item, to: &writer) }
            writer.endArray()
        case .keyed(let key, let arguments):
            writer.beginObject()
            writer.member("k", key.name)
            if !arguments.isEmpty {
                writer.key("a")
                writer.beginObject()
                for name in arguments.keys.sorted() {
                    writer.key(name)
                    switch arguments[name]! {
                    case .text(let text): writer.string(text)
                    case .number(let number): writer.integer(Int64(number))
                    case .message(let inner):
                        // A verbatim argument is stored as a text: it renders the same.
                        if case .verbatim(let text) = inner.parts { writer.string(text) } else { write(inner, to: &writer) }
                    }
                }
                writer.endObject()
            }
            writer.endObject()
        }
    }

    /// The message `value` stores (see the type's description), its keys found in `keys` (the
    /// tables of the modules whose messages can be stored there); nil for a value no message is
    /// stored as (a number, a boolean, null).
    public static func message(from value: JSONValue, keys: MessageKeyIndex) -> Message? {
        switch value {
        case .string(let text):
            return .verbatim(text)
        case .array(let items):
            return Message(parts: .sequence(items.compactMap { message(from: $0, keys: keys) }))
        case .object(let members, _):
            guard let name = members["k"]?.stringValue else { return nil }
            guard let key = keys.key(named: name) else {
                return .verbatim(members["en"]?.stringValue ?? name)
            }
            var arguments: [String: MessageArgument] = [:]
            for (argument, stored) in members["a"]?.objectValue ?? [:] {
                switch stored {
                case .string(let text): arguments[argument] = .text(text)
                case .number(let number) where number == number.rounded() && abs(number) < 1e15: arguments[argument] = .number(Int(number))
                default: if let inner = message(from: stored, keys: keys) { arguments[argument] = .message(inner) }
                }
            }
            return Message(key, arguments)
        default:
            return nil
        }
    }
}
