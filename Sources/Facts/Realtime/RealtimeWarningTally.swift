/// Counts what a realtime overlay ignores, by kind, keeping the first example of each: a feed of
/// 900 trips of another agency gives one line, not 900.
struct RealtimeWarningTally {
    private var order: [String] = []
    private var counts: [String: Int] = [:]
    private var examples: [String: String] = [:]

    /// (kind, key) pairs already counted by `add(_:example:once:)`.
    private var counted = Set<String>()

    /// Counts `kind` once per `key` (one trip update matched against several board sources).
    mutating func add(_ kind: String, example: String, once key: String) {
        guard counted.insert(kind + "\u{0}" + key).inserted else { return }
        add(kind, example: example)
    }

    /// Counts one case of `kind` (a sentence about one trip update, without its count) with `example`.
    mutating func add(_ kind: String, example: String) {
        if counts[kind] == nil {
            order.append(kind)
            examples[kind] = example
        }
        counts[kind, default: 0] += 1
    }

    /// One line per kind: `<count> × <kind> (e.g. <example>)`.
    var lines: [String] {
        order.map { kind in
            "\(counts[kind] ?? 0) × \(kind) (e.g. \(examples[kind] ?? ""))"
        }
    }
}
