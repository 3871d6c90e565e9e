import Synchronization

/// The labels part of a leave-now idempotency key — `line/stop`, or `line/stop/destination` for one
/// of two departures at one instant from one line and stop (see `LeaveNowEvaluator.key`) — as a
/// number: the text is kept once per process in a table, so a rule's sent occurrences hold 4 bytes
/// instead of a copy of it. Two labels are equal exactly when their texts are.
struct KeyLabels: Hashable, Sendable {
    /// The row of the text in the process's table.
    let id: UInt32

    /// The labels of `text` (added to the table the first time).
    init(_ text: String) {
        id = KeyLabels.table.withLock { table in
            if let id = table.ids[text] { return id }
            let id = UInt32(table.texts.count)
            table.ids[text] = id
            table.texts.append(text)
            return id
        }
    }

    /// The text: `line/stop` or `line/stop/destination` tokens.
    var text: String {
        KeyLabels.table.withLock { $0.texts[Int(id)] }
    }

    /// Every text seen by this process, both ways. It only grows, by the distinct line/stop
    /// (/destination) combinations of the boards' departures: hundreds, not millions.
    private static let table = Mutex<(ids: [String: UInt32], texts: [String])>(([:], []))

    /// Whether `text` can be the labels part of a key: two or three non-empty tokens of
    /// `BoardSchedule.token`'s alphabet (ASCII letters, digits, `-`, `_`, `.`) joined by `/`.
    static func isValid(_ text: Substring.UTF8View) -> Bool {
        var tokens = 1
        var length = 0
        for byte in text {
            if byte == UInt8(ascii: "/") {
                guard length > 0 else { return false }
                tokens += 1
                length = 0
                continue
            }
            let safe = (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
                || byte == 45 || byte == 95 || byte == 46
            guard safe else { return false }
            length += 1
        }
        return length > 0 && (tokens == 2 || tokens == 3)
    }
}
