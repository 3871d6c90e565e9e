import Config
/// A message template whose variables were resolved once to a kind's variable enum, so rendering
/// is a switch on small integers instead of comparing names.
struct CompiledTemplate<Variable: RawRepresentable & Sendable>: Sendable where Variable.RawValue == String {
    enum Part: Sendable {
        case text(String)
        case variable(Variable)
    }

    let parts: [Part]
    /// Room to reserve for a rendering: the template's text and some for its values.
    let capacity: Int

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
