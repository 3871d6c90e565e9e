import Foundation
import Timetable

/// Turns a rule's templates (or the built-in text for its kind) and an occurrence's variables into
/// a title and a text, in the rule's language.
struct MessageRenderer {
    let rule: RuleSpec

    var language: MessageLanguage { rule.common.language }

    /// Renders the rule's message or `fallback` (per language), and the title or `fallbackTitle`.
    func render(_ values: [String: String], fallback: [MessageLanguage: String],
                fallbackTitle: [MessageLanguage: String]) -> (title: String, text: String) {
        var values = values
        values["rule"] = rule.id
        let text = (rule.common.message[language] ?? MessageRenderer.builtIn(fallback[language] ?? "")).render(values)
        let title = (rule.common.title[language] ?? MessageRenderer.builtIn(fallbackTitle[language] ?? "")).render(values)
        return (title, text)
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

    /// `HH:MM`, with the date in front when it is not the day of `now`.
    func time(_ instant: Int64, now: Int64, zone: TimeZone) -> String {
        let clock = ZoneClock(timeZone: zone)
        let date = clock.localTime(at: instant).date
        let prefix = date == clock.localTime(at: now).date ? "" : (language == .ja ? "\(date.month)/\(date.day) " : "\(date) ")
        return prefix + clock.clockText(instant)
    }
}
