import Config
import JSONText
import Notifications

extension BodyTemplate {
    /// The body for `notification` sent through `channel`, values JSON-escaped.
    public func render(_ notification: Notice, channel: String) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): return text
            case .placeholder(let name): return JSONStringEscaping.escaped(Self.value(name, notification, channel))
            }
        }.joined()
    }

    private static func value(_ name: String, _ notification: Notice, _ channel: String) -> String {
        switch name {
        case "title": notification.title
        case "text": notification.text
        case "link": notification.link ?? ""
        case "key": notification.key
        case "rule": notification.rule
        case "kind": notification.kind.rawValue
        case "urgency": notification.urgency.rawValue
        case "language": notification.language.rawValue
        default: channel
        }
    }
}
