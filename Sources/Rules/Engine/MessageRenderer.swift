import Config
import Foundation
import Notifications
import Timetable

/// Turns a rule's templates (or the built-in text for its kind) and an occurrence's variables into
/// a title and a text, in the rule's language.
struct MessageRenderer {
    let rule: RuleSpec

    var language: MessageLanguage { rule.common.language }

    /// Renders the rule's message or `fallback` (per language), and the title or `fallbackTitle`.
    func render(_ values: [String: String], fallback: [MessageLanguage: MessageTemplate],
                fallbackTitle: [MessageLanguage: MessageTemplate]) -> (title: String, text: String) {
        let lookup: (String) -> String? = { $0 == "rule" ? self.rule.id : values[$0] }
        let text = (rule.common.message[language] ?? fallback[language])?.render(lookup) ?? ""
        let title = (rule.common.title[language] ?? fallbackTitle[language])?.render(lookup) ?? ""
        return (title, text)
    }

    /// Parses built-in texts once (they are known to parse; a broken one renders as its source).
    static func builtIn(_ sources: [MessageLanguage: String]) -> [MessageLanguage: MessageTemplate] {
        sources.mapValues(builtIn)
    }

    /// Built-in texts are known to parse; a broken one renders as its source text.
    static func builtIn(_ source: String) -> MessageTemplate {
        (try? MessageTemplate(source)) ?? MessageTemplate(literal: source)
    }

    /// Appends "platform 12 (鷹56)" / "12番のりば (鷹56)" for numbered stops, else the stop's name.
    /// `stopIsNumber`: ``isNumber(_:)`` of the stop, when known already.
    static func appendPlace(stop: String, line: String, language: MessageLanguage, stopIsNumber: Bool? = nil, to output: inout TextBuilder) {
        if stopIsNumber ?? isNumber(stop) {
            if language == .ja {
                output.append(stop)
                output.append("番のりば")
            } else {
                output.append("platform ")
                output.append(stop)
            }
        } else {
            output.append(stop)
        }
        if !line.isEmpty {
            output.append(" (")
            output.append(line)
            output.append(")")
        }
    }

    /// Whether every character of a non-empty text is a number (ASCII text is checked byte by byte:
    /// its only numbers are the digits).
    static func isNumber(_ text: String) -> Bool {
        if text.isEmpty { return false }
        var digitsOnly = true
        for byte in text.utf8 {
            if byte >= 0x80 { return text.allSatisfy(\.isNumber) }
            if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") { digitsOnly = false }
        }
        return digitsOnly
    }

    /// `HH:MM` in the rule's timezone, with the date in front when it is not the day of `now`.
    func time(_ instant: Int64, now: Int64) -> String {
        let clock = rule.common.clock
        let date = clock.localTime(at: instant).date
        let prefix = date == clock.localTime(at: now).date ? "" : (language == .ja ? "\(date.month)/\(date.day) " : "\(date) ")
        return prefix + clock.clockText(instant)
    }
}
