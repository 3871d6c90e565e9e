/// A message template whose variables were resolved once to a kind's variable enum, so rendering
/// is a switch on small integers instead of comparing names.
struct CompiledTemplate<Variable: RawRepresentable & Sendable>: Sendable where Variable.RawValue == String {
    enum Part: Sendable {
        case text(String)
        case variable(Variable)
    }

    let parts: [Part]
    private let capacity: Int

    /// Compiles `template`; a name that is not a `Variable` renders as empty (configuration checks
    /// reject such names before an engine is built).
    init(_ template: MessageTemplate) {
        parts = template.parts.map { part in
            switch part {
            case .text(let text): return .text(text)
            case .variable(let name): return Variable(rawValue: name).map { .variable($0) } ?? .text("")
            }
        }
        capacity = template.source.utf8.count + 48
    }

    /// The variable when the template is nothing but one variable (`{{board_title}}`).
    var singleVariable: Variable? {
        if parts.count == 1, case .variable(let variable) = parts[0] { return variable }
        return nil
    }

    /// Renders the template; `append` writes a variable's value at the end of the text so far.
    func render(_ append: (Variable, inout TextBuilder) -> Void) -> String {
        var output = TextBuilder(capacity: capacity)
        for part in parts {
            switch part {
            case .text(let text): output.append(text)
            case .variable(let variable): append(variable, &output)
            }
        }
        return output.text
    }
}

/// The variables of `leave_now` messages.
enum LeaveNowVariable: String, CaseIterable, Sendable {
    case rule, board, boardTitle = "board_title", line, stop, place, destination, departure
    case leaveAt = "leave_at", when, minutes, walkMinutes = "walk_minutes", headsUpMinutes = "heads_up_minutes"
    case rainNote = "rain_note", serviceDate = "service_date", dayType = "day_type"
    /// `銀座線: 遅延` / `Ginza Line: delayed` when the board's service status says the departure's line
    /// is disrupted; empty otherwise. `status_note` is the same with a separator, as the built-in texts use it.
    case status, statusNote = "status_note"
}

/// The variables of `service_status` messages.
enum ServiceStatusVariable: String, CaseIterable, Sendable {
    /// The rule's id; the service status source's id.
    case rule, source
    /// The line's title in the rule's language (銀座線 / Ginza Line) and its railway id.
    case line, railway
    /// 遅延 / 運転見合わせ / 平常運転 (ja), delayed / suspended / normal (en), or the operator's status text.
    case status
    /// The operator's information text in the rule's language (falls back to Japanese).
    case text
    /// The cause, when the operator gives one (人身事故).
    case cause
    /// When the disruption began (HH:MM, with the date when not today).
    case since
    /// The age of the status snapshot, in whole minutes.
    case age
}
