import Messages

/// Parses written durations (YAML durations and a desktop channel's `expire`): `4m`, `90s`, `1h30m`, `0m`, `1h30m15s`, `1d`.
///
/// A duration is one or more `<digits><unit>` parts with units `d` (24 hours), `h`, `m`, `s`, in that order and
/// each at most once. A number without a unit (`4`) is refused with a message that asks for one,
/// because "4" could mean seconds or minutes (only `0` may go without one); negative durations
/// and fractions (`1.5h`) are refused.
public enum DurationText {
    /// The number of seconds `text` stands for, or a message that quotes it.
    public static func seconds(in text: String) -> Result<Int, DurationTextError> {
        let shown = diagnosticQuoted(text)
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("-") {
            return .failure(DurationTextError(text: Message(.durationNegative, ["value": .text(shown)])))
        }
        if !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "0" }) {
            return .success(0)  // "0" is zero in any unit
        }
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) {
            return .failure(DurationTextError(text: Message(.durationNeedsUnit, ["value": .text(shown), "number": .text(trimmed)])))
        }
        var generic = DurationTextError(text: Message(.durationExpected, ["found": .text(shown)]))
        if let meant = spelledOut(trimmed), case .success = seconds(in: meant) {
            generic = DurationTextError(text: Message(.durationExpectedMeant, ["found": .text(shown), "suggestion": .text(meant)]))
        }
        let unitSeconds: [String: Int] = ["d": 86_400, "h": 3600, "m": 60, "s": 1]
        let order = ["d", "h", "m", "s"]
        var total = 0
        var lastUnitIndex = -1
        var rest = Substring(trimmed)
        guard !rest.isEmpty else { return .failure(generic) }
        while !rest.isEmpty {
            let digits = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix(while: { $0.isLetter })
            rest = rest.dropFirst(unit.count)
            guard !digits.isEmpty else { return .failure(generic) }
            guard !unit.isEmpty else {
                if rest.isEmpty {  // "1h30"
                    return .failure(DurationTextError(text: Message(.durationNeedsUnitAfter, ["value": .text(shown), "digits": .text(String(digits))])))
                }
                return .failure(generic)  // "1.5h", "4 m"
            }
            guard let factor = unitSeconds[String(unit)], let index = order.firstIndex(of: String(unit)) else {
                return .failure(DurationTextError(text: Message(.durationUnknownUnit, ["unit": .quoted(String(unit)), "value": .text(shown)])))
            }
            guard index > lastUnitIndex else {
                return .failure(DurationTextError(text: Message(.durationOrder, ["value": .text(shown)])))
            }
            lastUnitIndex = index
            guard digits.count <= 9, let number = Int(digits) else {
                return .failure(DurationTextError(text: Message(.durationTooLarge, ["value": .text(shown)])))
            }
            total += number * factor
        }
        return .success(total)
    }
}

extension DurationText {
    /// The units people write out, as the one letter a duration takes.
    private static let unitWords: [(words: [String], unit: String)] = [
        (["days", "day", "日"], "d"),
        (["hours", "hour", "hrs", "hr", "時間"], "h"),
        (["minutes", "minute", "mins", "min", "分"], "m"),
        (["seconds", "second", "secs", "sec", "秒"], "s"),
    ]

    /// `5m` for `5 min`, `1h30m` for `1 hour 30 minutes` or `1時間30分`, `4m` for `4 m`: a duration
    /// written with spaces or its units spelt out; nil when `text` is not one (or is already right).
    static func spelledOut(_ text: String) -> String? {
        var result = ""
        var rest = Substring(text.lowercased())
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let digits = rest.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count).drop { $0 == " " || $0 == "\t" }
            let word = rest.prefix { !$0.isASCIIDigit && $0 != " " && $0 != "\t" }
            guard let unit = ["d", "h", "m", "s"].contains(String(word)) ? String(word)
                    : unitWords.first(where: { $0.words.contains(String(word)) })?.unit else { return nil }
            rest = rest.dropFirst(word.count)
            result += digits + unit
        }
        return result.isEmpty || result == text ? nil : result
    }
}

/// Why a duration could not be read.
public struct DurationTextError: Error, Sendable, Equatable {
    /// What is wrong, quoting the text.
    public var text: Message

    /// What is wrong, in the reader's language.
    public var message: String { text.text }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
