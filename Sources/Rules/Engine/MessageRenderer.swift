import Foundation
import Timetable

/// Turns a rule's templates (or the built-in text for its kind) and an occurrence's variables into
/// a title and a text, in the rule's language.
struct MessageRenderer {
    let rule: RuleSpec

    var language: MessageLanguage { rule.common.language }

    /// Renders the rule's message or `fallback` (per language), and the title or `fallbackTitle`.
    func render(_ values: [String: String], fallback: [MessageLanguage: MessageTemplate],
                fallbackTitle: [MessageLanguage: MessageTemplate]) -> (title: String, text: String) {
        render(fallback: fallback, fallbackTitle: fallbackTitle) { values[$0] }
    }

    /// Renders with values computed on demand (only the variables the templates use).
    func render(fallback: [MessageLanguage: MessageTemplate], fallbackTitle: [MessageLanguage: MessageTemplate],
                value: (String) -> String?) -> (title: String, text: String) {
        let lookup: (String) -> String? = { $0 == "rule" ? self.rule.id : value($0) }
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

    /// "platform 12" / "12番のりば" for numbered stops, else the stop's name.
    func place(stop: String, line: String) -> String {
        let isNumber = !stop.isEmpty && stop.allSatisfy(\.isNumber)
        let name = isNumber ? (language == .ja ? "\(stop)番のりば" : "platform \(stop)") : stop
        return line.isEmpty ? name : "\(name) (\(line))"
    }

    /// `HH:MM` in the rule's timezone, with the date in front when it is not the day of `now`.
    func time(_ instant: Int64, now: Int64) -> String {
        let clock = rule.common.clock
        let date = clock.localTime(at: instant).date
        let prefix = date == clock.localTime(at: now).date ? "" : (language == .ja ? "\(date.month)/\(date.day) " : "\(date) ")
        return prefix + clock.clockText(instant)
    }
}
