/// The rule that says when two entries are the same entry.
///
/// In order: the entry's id (Atom `<id>`, RSS `<guid>`), else its link, else
/// `"fnv1a64:<16 hex digits>"`, an FNV-1a 64-bit hash of the normalised title and link
/// (whitespace runs collapsed to one space, trimmed, lowercased). An edited entry — new title,
/// new summary, new `updated` — keeps its id or link and so stays the same entry.
/// FNV-1a is an identity fingerprint, not a cryptographic hash: it is stable across runs and
/// platforms (unlike `Hasher`), which is all a stored "seen" set needs.
public enum EntryIdentity {
    /// The identity of an entry with these fields.
    public static func identity(id: String?, link: String?, title: String) -> String {
        if let id = nonEmpty(id) { return id }
        if let link = nonEmpty(link) { return link }
        let text = normalised(title) + "\n" + normalised(link ?? "")
        return "fnv1a64:" + hex(fnv1a64(Array(text.utf8)))
    }

    /// FNV-1a, 64 bits, over `bytes`.
    public static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func normalised(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").lowercased()
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
