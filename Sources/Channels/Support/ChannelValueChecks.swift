import Foundation
import Messages
import Secrets

/// The value checks several channel kinds share: URLs, header names, how a value is shown.
public enum ChannelValueChecks {
    /// Why `url` cannot be posted to (`key` names the setting in the message: `url`, or
    /// `Message(.nounTheURL)`), or nil when it is an `https://` or `http://` URL with a host and no
    /// spaces or control characters. The message shows only the scheme of a URL that is not
    /// `showing` (a secret URL is never quoted).
    public static func urlProblem(_ url: String, key: Message, showing: String? = nil) -> Message? {
        let shown: MessageArgument? = showing.map { .text("\"\(visible($0))\"") }
        let named: MessageArgument = .message(key)
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            let scheme = String(url.prefix { $0 != ":" && $0 != "/" }.prefix(10))
            return shown.map { Message(.urlSchemeShown, ["key": named, "value": $0]) }
                ?? Message(.urlScheme, ["key": named, "scheme": .text(scheme)])
        }
        if url.unicodeScalars.contains(where: { $0 == " " || $0.properties.generalCategory == .control }) {
            return shown.map { Message(.urlSpacesShown, ["key": named, "value": $0]) } ?? Message(.urlSpaces, ["key": named])
        }
        guard let schemeEnd = url.range(of: "://") else { return Message(.urlSchemeOnly, ["key": named]) }
        let afterScheme = url[schemeEnd.upperBound...]
        var authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.isEmpty || authority.hasPrefix(":") {
            return shown.map { Message(.urlNoHostShown, ["key": named, "value": $0]) } ?? Message(.urlNoHost, ["key": named])
        }
        return nil
    }

    /// `text` without surrounding slashes and spaces (a server's base URL).
    public static func trimmingSlashes(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
    }

    /// Whether `name` is an HTTP field name (RFC 9110 token).
    public static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
        }
    }

    /// `text` with line breaks and tabs written as `\n`, `\t` so a message stays on one line.
    public static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\t", with: "\\t")
    }

    /// The whole URL and the part after the host: both secrets in webhook URLs.
    public static func secretParts(of url: String) -> [String] {
        var parts = [url]
        if let schemeEnd = url.range(of: "://"),
           let pathStart = url[schemeEnd.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" }) {
            let rest = String(url[pathStart...])
            if rest.count > 1 { parts.append(rest) }
        }
        return parts
    }

    /// `https://host:port/…` (userinfo, path and query hidden).
    public static func display(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return URLRedaction.placeholder }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        var authority = afterScheme[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let hasRest = authorityEnd < afterScheme.endIndex && afterScheme[authorityEnd...].count > 1
        return String(url[..<schemeEnd.upperBound]) + authority + (hasRest ? "/…" : "")
    }
}
