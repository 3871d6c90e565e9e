import Foundation
import Messages

/// "Did you mean …?" for a name that is not known: the closest known name, when it is close enough
/// to be a slip. The one helper behind every such hint — unknown keys of a rules, boards or
/// channels file, unknown board / channel / weather / feed / service-status ids a rule or board
/// names, unknown channel types and rule kinds, and `leavenow next BOARD` / `explain RULE` with a
/// typo.
public enum NameSuggestion {
    /// The known name closest to `name`, when it is close enough to be a slip: at most 1 edit for
    /// names of up to 6 characters and 2 for longer ones (edits are insertions, deletions,
    /// substitutions and swaps of two neighbouring characters: `titel` → `title` is 1; case does
    /// not count: `asia/tokio` → `Asia/Tokyo` is 1, and a name that differs only in case is the
    /// answer whatever its length: `MY-STOP` → `my-stop`), else the one known name that starts
    /// with `name` (3 characters or more: `heads` → `heads_up`). Ties go to the alphabetically
    /// first name; nil when none is close, or for `name` itself.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let limit = name.count <= 6 ? 1 : 2
        let sorted = Set(candidates).sorted()
        let folded = name.lowercased()
        if let sameLetters = sorted.first(where: { $0 != name && $0.lowercased() == folded }) { return sameLetters }
        var best: (name: String, distance: Int)?
        for candidate in sorted where candidate != name {
            let distance = editDistance(folded, candidate.lowercased())
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        if let best { return best.name }
        guard name.count >= 3, !candidates.contains(name) else { return nil }
        let extensions = Set(candidates.filter { $0.hasPrefix(name) })
        return extensions.count == 1 ? extensions.first : nil
    }

    /// The Damerau–Levenshtein distance between two strings (optimal string alignment: insertions,
    /// deletions, substitutions, and swaps of two neighbouring characters), counted in characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// What follows an unknown name in a message: `did you mean "x"?`, else the known names
    /// (`known: a, b`), else that there are none (`no rules are defined`; `plural` is the noun:
    /// `Message(.pluralRules)`).
    public static func hintMessage(for name: String, among candidates: [String], plural: Message) -> Message {
        if let match = closest(to: name, among: candidates) { return Message(.didYouMeanSentence, ["name": .quoted(match)]) }
        if candidates.isEmpty { return Message(.noneDefined, ["plural": .message(plural)]) }
        return Message(.knownNames, ["list": .message(.list(candidates.sorted()))])
    }

    /// `did you mean "title"? ` (with the trailing space) when a known name is close, else empty:
    /// put in front of a list of what was expected (`(did you mean "title"? expected one of: …)`).
    public static func prefixMessage(for name: String, among candidates: [String]) -> Message {
        closest(to: name, among: candidates).map { Message(.didYouMean, ["name": .quoted($0)]) } ?? .empty
    }

    /// The timezone names a configuration may use: the IANA names this system knows, and `UTC`.
    public static var timeZoneNames: [String] { TimeZone.knownTimeZoneIdentifiers + ["UTC"] }

    /// What follows `unknown timezone "Asia/Tokio"`: ` (did you mean "Asia/Tokyo"?)` when a known
    /// name is close (`asia/tokyo` too), else what a timezone name looks like.
    public static func timeZoneHint(for name: String) -> Message {
        if let match = closest(to: name, among: timeZoneNames) {
            return Message(.configTimezoneHint, ["hint": .message(Message(.didYouMeanSentence, ["name": .quoted(match)]))])
        }
        return Message(.configTimezoneHint, ["hint": .key(.configTimezoneExample)])
    }

    /// ``hintMessage(for:among:plural:)`` in the reader's language, `plural` the same in every language.
    public static func hint(for name: String, among candidates: [String], plural: String) -> String {
        hintMessage(for: name, among: candidates, plural: .verbatim(plural)).text
    }

    /// ``prefixMessage(for:among:)`` in the reader's language.
    public static func prefix(for name: String, among candidates: [String]) -> String {
        prefixMessage(for: name, among: candidates).text
    }
}
