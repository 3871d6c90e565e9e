import Messages

/// A message with `{{variable}}` placeholders, parsed once; rendering never fails.
public struct MessageTemplate: Sendable, Equatable {
    /// Literal text and variable names, in order.
    public enum Part: Sendable, Equatable {
        case text(String)
        case variable(String)
    }

    public let parts: [Part]
    /// The source text.
    public let source: String

    /// Parses `source`; a `{{` without `}}` or an empty / malformed name is an error describing it.
    public init(_ source: String) throws(TemplateError) {
        self.source = source
        var parts: [Part] = []
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.text(String(rest[..<open.lowerBound]))) }
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}") else {
                throw TemplateError(text: Message(.templateUnclosed))
            }
            let name = afterOpen[..<close.lowerBound].trimmingSpaces()
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw TemplateError(text: Message(.templateBadName, ["text": .text("\"{{\(afterOpen[..<close.lowerBound])}}\"")]))
            }
            parts.append(.variable(String(name)))
            rest = afterOpen[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    /// A template that renders `text` as is, braces included.
    public init(literal text: String) {
        self.source = text
        self.parts = text.isEmpty ? [] : [.text(text)]
    }

    /// The variable names used.
    public var variables: [String] {
        parts.compactMap { if case .variable(let name) = $0 { return name } else { return nil } }
    }

    /// The text with each variable replaced (an unknown one renders as empty).
    public func render(_ values: [String: String]) -> String {
        render { values[$0] }
    }

    /// The text with each variable replaced by `value(name)` (nil renders as empty).
    public func render(_ value: (String) -> String?) -> String {
        if parts.count == 1, case .variable(let name) = parts[0] { return value(name) ?? "" }
        var output = ""
        output.reserveCapacity(source.utf8.count + 48)
        for part in parts {
            switch part {
            case .text(let text): output += text
            case .variable(let name): output += value(name) ?? ""
            }
        }
        return output
    }
}

/// Why a template could not be parsed.
public struct TemplateError: Error, Sendable, Equatable {
    /// What is wrong.
    public var text: Message
    /// What is wrong, in the reader's language.
    public var message: String { text.text }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
