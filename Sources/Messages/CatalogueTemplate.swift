/// The syntax of a catalogue entry: text with placeholders.
///
/// - `{name}` is the argument `name` (text, digits, or a message rendered in the same language);
/// - `{name|one|other}` is `one` when the number argument `name` is 1, else `other` — English
///   plurals: `{count} {count|entry|entries}` (Japanese needs none: `{count}件`);
/// - `{{` is text (`{{title}}`, a rule template's variable, reads as written), and so is a `{`
///   that does not start a placeholder (`{year_end: …}`).
///
/// Names are letters, digits and `_`, starting with a letter.
enum CatalogueTemplate {
    /// One piece of an entry.
    enum Piece: Equatable {
        case text(String)
        case argument(String)
        case plural(String, one: String, other: String)
    }

    /// The pieces of `template`.
    static func pieces(of template: String) -> [Piece] {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(template)
        while let brace = rest.firstIndex(of: "{") {
            text += rest[..<brace]
            let afterBrace = rest[rest.index(after: brace)...]
            if afterBrace.first == "{" {
                text += "{{"
                rest = afterBrace.dropFirst()
            } else if let (piece, remainder) = placeholder(afterBrace) {
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(piece)
                rest = remainder
            } else {
                text += "{"
                rest = afterBrace
            }
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// A placeholder at the start of `text` (just after its `{`) and what follows its `}`.
    private static func placeholder(_ text: Substring) -> (Piece, Substring)? {
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard let first = name.first, first.isLetter else { return nil }
        var rest = text[name.endIndex...]
        if rest.first == "}" { return (.argument(String(name)), rest.dropFirst()) }
        guard rest.first == "|" else { return nil }
        rest = rest.dropFirst()
        let one = rest.prefix { $0 != "|" && $0 != "}" && $0 != "{" }
        rest = rest[one.endIndex...]
        guard rest.first == "|" else { return nil }
        rest = rest.dropFirst()
        let other = rest.prefix { $0 != "|" && $0 != "}" && $0 != "{" }
        rest = rest[other.endIndex...]
        guard rest.first == "}" else { return nil }
        return (.plural(String(name), one: String(one), other: String(other)), rest.dropFirst())
    }

    /// The names of the placeholders of `template`.
    static func placeholders(in template: String) -> Set<String> {
        Set(pieces(of: template).compactMap { piece in
            switch piece {
            case .text: return nil
            case .argument(let name), .plural(let name, _, _): return name
            }
        })
    }

    /// `template` with its placeholders filled. A placeholder without its argument is a bug of the
    /// caller: it stops a debug build, and a release build shows the placeholder as written.
    static func render(_ template: String, key: MessageKey, arguments: [String: MessageArgument], language: Language) -> String {
        var result = ""
        for piece in pieces(of: template) {
            switch piece {
            case .text(let text):
                result += text
            case .argument(let name):
                guard let argument = arguments[name] else {
                    assertionFailure("message \(key) has no argument \(name)")
                    result += "{\(name)}"
                    continue
                }
                result += argument.rendered(in: language)
            case .plural(let name, let one, let other):
                guard case .number(let number)? = arguments[name] else {
                    assertionFailure("message \(key) has no number argument \(name)")
                    result += other
                    continue
                }
                result += number == 1 ? one : other
            }
        }
        return result
    }
}
