/// The keys a leave-now rule made for its upcoming departures, kept between evaluations while the
/// schedule stays the same: a departure is looked at again at every evaluation until it leaves,
/// and its keys need not be rebuilt each time.
struct KeyMemo: Sendable {
    private var entries: [(index: Int, offset: Int, key: String)] = []

    /// At most this many keys are kept (a few departures' worth).
    static let capacity = 8

    /// Forgets keys of departures before `index` (they are behind "now" for good).
    mutating func forget(before index: Int) {
        if entries.contains(where: { $0.index < index }) { entries.removeAll { $0.index < index } }
    }

    /// The key of a departure index and offset, made by `make` the first time.
    mutating func key(index: Int, offset: Int, make: () -> String) -> String {
        for entry in entries where entry.index == index && entry.offset == offset { return entry.key }
        let key = make()
        if entries.count >= KeyMemo.capacity { entries.removeFirst() }
        entries.append((index, offset, key))
        return key
    }
}
