/// Which partition a rule belongs to: a stable hash of its id (64-bit FNV-1a over the UTF-8 bytes)
/// modulo the partition count. Stable across processes, machines and releases (unlike `hashValue`,
/// which Swift seeds per process), so every worker agrees on who evaluates a rule.
public enum RulePartition {
    /// The partitions of a shared state unless configured otherwise.
    public static let defaultCount = 64

    /// The partition of `rule` among `count` (0 ..< count); `count` must be at least 1.
    public static func of(_ rule: String, count: Int = defaultCount) -> Int {
        precondition(count >= 1, "a partition count is at least 1")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in rule.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }
}
