import Channels
import Messages
import Timetable

/// Typed reading of nodes. Each getter is strict and its error quotes what was found.
extension YAMLNode {
    /// The text of any non-null scalar. A plain `12` reads as `"12"`, so `stop: 12` and
    /// `stop: "12"` mean the same.
    public func string() throws(YAMLValueError) -> String {
        guard let text = scalarText, !isNull else {
            throw YAMLValueError(mark: mark, text: Message(.yamlExpectedString, ["found": .message(kindDescription)]))
        }
        return text
    }

    /// A whole number written plain (`12`, `-3`); a quoted `"12"` is refused.
    public func integer() throws(YAMLValueError) -> Int {
        guard let text = scalarText, !isNull else {
            throw YAMLValueError(mark: mark, text: Message(.yamlExpectedInteger, ["found": .message(kindDescription)]))
        }
        guard isPlainScalar else {
            throw YAMLValueError(mark: mark, text: Message(.yamlExpectedIntegerQuoted, ["value": .quoted(text)]))
        }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy(\.isASCIIDigit), let value = Int(text) else {
            throw YAMLValueError(mark: mark, text: Message(.yamlExpectedInteger, ["found": .quoted(text)]))
        }
        return value
    }

    /// `true` or `false` written plain (YAML 1.1's `yes` / `on` are refused as ambiguous).
    public func bool() throws(YAMLValueError) -> Bool {
        guard let text = scalarText, !isNull else {
            throw YAMLValueError(mark: mark, text: Message(.yamlExpectedBool, ["found": .message(kindDescription)]))
        }
        if isPlainScalar {
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        throw YAMLValueError(mark: mark, text: Message(.yamlExpectedBool, ["found": .quoted(text)]))
    }

    /// A duration in seconds: `4m`, `90s`, `1h30m`, `0m` (see `DurationText`).
    public func durationSeconds() throws(YAMLValueError) -> Int {
        guard let text = scalarText, !isNull else {
            throw YAMLValueError(mark: mark, text: Message(.durationExpected, ["found": .message(kindDescription)]))
        }
        switch DurationText.seconds(in: text) {
        case .success(let seconds): return seconds
        case .failure(let error): throw YAMLValueError(mark: mark, text: error.text)
        }
    }

    /// A calendar date written `YYYY-MM-DD`.
    public func date() throws(YAMLValueError) -> LocalDate {
        guard let text = scalarText, !isNull else {
            throw YAMLValueError(mark: mark, text: Message(.yamlExpectedDate, ["found": .message(kindDescription)]))
        }
        guard let date = LocalDate(strictISO: text) else {
            throw YAMLValueError(mark: mark, text: Message(.yamlExpectedDate, ["found": .quoted(text)]))
        }
        return date
    }

    /// The items of a sequence.
    public func list() throws(YAMLValueError) -> [YAMLNode] {
        guard let items = sequenceItems else {
            throw YAMLValueError(mark: mark, text: Message(.yamlExpectedList, ["found": .message(kindDescription)]))
        }
        return items
    }
}

extension LocalDate {
    /// Parses exactly `YYYY-MM-DD` (four, two and two digits) naming a real day.
    init?(strictISO text: some StringProtocol) {
        let characters = Array(text)
        guard characters.count == 10, characters[4] == "-", characters[7] == "-",
              characters.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || $0.element.isASCIIDigit }),
              let y = Int(String(characters[0..<4])), let m = Int(String(characters[5..<7])),
              let d = Int(String(characters[8..<10]))
        else { return nil }
        self.init(year: y, month: m, day: d)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
