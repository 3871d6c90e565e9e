/// Gives byte strings (ids read straight from a file's bytes) dense integer indices 0, 1, 2, …
/// in first-seen order, without creating a String for each lookup.
///
/// An open-addressing hash table over a single byte arena; the strings themselves are only made
/// when asked for (`string(at:)`).
struct ByteInterner: Sendable {
    private var arena: [UInt8] = []
    /// Start of key `i` in `arena` is `offsets[i]`, its end `offsets[i + 1]`.
    private var offsets: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Key index + 1, or 0 for an empty slot; the count is a power of two.
    private var slots: [Int32] = Array(repeating: 0, count: 64)

    init() {}

    /// Number of distinct keys.
    var count: Int { hashes.count }

    /// The index of `key`, adding it when new.
    @inline(__always)
    mutating func intern(_ key: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = ByteInterner.hash(key)
        if let found = find(key, hash: hash) { return found }
        return insert(key, hash: hash)
    }

    /// The index of `key`, or nil when it was never added.
    @inline(__always)
    func find(_ key: UnsafeBufferPointer<UInt8>) -> Int32? {
        find(key, hash: ByteInterner.hash(key))
    }

    /// The index of a String key, or nil.
    func find(_ key: String) -> Int32? {
        var key = key
        return key.withUTF8 { find($0) }
    }

    /// The key at `index` as a String.
    func string(at index: Int32) -> String {
        let start = offsets[Int(index)], end = offsets[Int(index) + 1]
        return arena.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
    }

    /// Every key as a String, in index order.
    func strings() -> [String] { (0..<Int32(count)).map { string(at: $0) } }

    private func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        slots.withUnsafeBufferPointer { slots -> Int32? in
            hashes.withUnsafeBufferPointer { hashes -> Int32? in
                offsets.withUnsafeBufferPointer { offsets -> Int32? in
                    arena.withUnsafeBufferPointer { arena -> Int32? in
                        let mask = slots.count - 1
                        var slot = Int(truncatingIfNeeded: hash) & mask
                        while true {
                            let entry = slots[slot]
                            if entry == 0 { return nil }
                            let index = Int(entry - 1)
                            if hashes[index] == hash {
                                let start = offsets[index], length = offsets[index + 1] - start
                                if length == key.count,
                                   length == 0 || memoryEqual(arena.baseAddress! + start, key.baseAddress!, length) {
                                    return Int32(index)
                                }
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }
    }

    private mutating func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32 {
        let index = Int32(hashes.count)
        arena.append(contentsOf: key)
        offsets.append(arena.count)
        hashes.append(hash)
        if hashes.count * 2 > slots.count {
            rehash(capacity: slots.count * 2)
        } else {
            place(index: index, hash: hash)
        }
        return index
    }

    private mutating func rehash(capacity: Int) {
        slots = Array(repeating: 0, count: capacity)
        for index in hashes.indices { place(index: Int32(index), hash: hashes[index]) }
    }

    private mutating func place(index: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = index + 1
    }

    /// A fast 64-bit hash of a short byte string (8 bytes per step, then a final mix).
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(key.count)
        guard let base = key.baseAddress else { return hash }
        var index = 0
        let count = key.count
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* multiplier
        hash ^= hash >> 32
        hash = hash &* 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        return hash
    }
}

/// Whether `count` bytes at two addresses are equal.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index + 8 <= count {
        if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
            != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) { return false }
        index += 8
    }
    while index < count {
        if a[index] != b[index] { return false }
        index += 1
    }
    return true
}
