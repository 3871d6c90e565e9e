/// "Did you mean …?" for a name that is not defined: the closest defined name by edit distance.
public enum NameSuggestion {
    /// The defined name closest to `name` by edit distance (insertions, deletions, substitutions of
    /// characters), when it is close enough to be a slip: at most 2 edits, or a third of the name's
    /// length for longer names. Ties go to the alphabetically first name; nil when none is close.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let limit = max(2, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() where candidate != name {
            let distance = editDistance(name, candidate)
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Levenshtein distance between two strings, counted in characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// What follows an unknown name in a message: `did you mean "x"?`, else the defined names
    /// (`known: a, b`), else that there are none (`no rules are defined`).
    public static func hint(for name: String, among candidates: [String], plural: String) -> String {
        if let match = closest(to: name, among: candidates) { return "did you mean \(quoted(match))?" }
        if candidates.isEmpty { return "no \(plural) are defined" }
        return "known: " + candidates.sorted().joined(separator: ", ")
    }
}
