import Foundation
import Messages

/// Hides secrets in URLs and messages: API keys in query parameters, userinfo passwords,
/// `Authorization` header values, and secret strings the caller names in every form derived from
/// them (see ``derivedForms(of:)``: percent-encoded, base64, a URL's Basic-auth credential).
///
/// `https://api.openweathermap.org/data/3.0/onecall?lat=35.6&appid=abc` is shown as
/// `https://api.openweathermap.org/data/3.0/onecall?lat=35.6&appid=REDACTED`.
public struct URLRedaction: Sendable, Equatable {
    /// The text put in place of a secret.
    public static let placeholder = "REDACTED"

    /// Query keys whose values are secrets, compared case-insensitively after percent-decoding.
    public static let standardSecretKeys: Set<String> = [
        "appid", "acl:consumerkey", "consumerkey", "key", "token", "apikey", "api_key", "api-key",
        "access_token", "refresh_token", "client_secret", "secret", "signature", "sig", "password",
        "auth", "x-amz-signature", "x-amz-credential", "x-amz-security-token",
    ]

    /// The redaction of the standard secret query keys and userinfo passwords.
    public static let standard = URLRedaction()

    /// Lower-cased query keys whose values are replaced.
    public var secretKeys: Set<String>
    /// Literal secrets replaced wherever they appear, in every derived form (``derivedForms(of:)``).
    public var knownSecrets: [String] {
        get { secrets }
        set {
            secrets = newValue.filter { !$0.isEmpty }
            patterns = Self.patterns(for: secrets)
        }
    }
    private var secrets: [String]
    /// The byte strings replaced: every derived form of every known secret, longest first.
    private var patterns: [[UInt8]]

    /// A redaction of `secretKeys` (the standard ones by default) and of `knownSecrets`.
    public init(secretKeys: Set<String> = URLRedaction.standardSecretKeys, knownSecrets: [String] = []) {
        self.secretKeys = Set(secretKeys.map { $0.lowercased() })
        secrets = knownSecrets.filter { !$0.isEmpty }
        patterns = Self.patterns(for: secrets)
    }

    /// Equal when they hide the same query keys and the same secrets.
    public static func == (lhs: URLRedaction, rhs: URLRedaction) -> Bool {
        lhs.secretKeys == rhs.secretKeys && lhs.secrets == rhs.secrets
    }

    /// This redaction plus more literal secrets (e.g. an API key read from the configuration).
    public func adding(secrets: [String]) -> URLRedaction {
        let more = secrets.filter { !$0.isEmpty && !self.secrets.contains($0) }
        guard !more.isEmpty else { return self }
        var copy = self
        copy.secrets += more
        // Only the new secrets' forms are derived; the list stays longest first.
        copy.patterns = (patterns + Self.patterns(for: more)).sorted { $0.count > $1.count }
        return copy
    }

    /// `url` with secret query values, the userinfo password and known secrets replaced.
    public func redact(url: String) -> String {
        var text = Substring(url)
        var fragment: Substring = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = text[hash...]
            text = text[..<hash]
        }
        var result: String
        if let question = text.firstIndex(of: "?") {
            let query = text[text.index(after: question)...]
            result = redactUserinfo(text[..<question]) + "?" + redactQuery(query)
        } else {
            result = redactUserinfo(text)
        }
        result += fragment
        return redactKnownSecrets(result)
    }

    /// ``redact(text:)`` applied to every text a message quotes (its verbatim parts and text
    /// arguments): the catalogue's own words hold no secret.
    public func redact(_ message: Message) -> Message {
        message.mapTexts { redact(text: $0) }
    }

    /// Free text (an error message, a log line, a response body) with `key=value` secrets, the
    /// value of an `Authorization` / `Proxy-Authorization` header and of a signature header
    /// (`X-…-Signature: …`), and known secrets replaced, and any URL in it redacted.
    public func redact(text: String) -> String {
        var output = ""
        var word = ""
        var header = HeaderState.none
        func flush() {
            guard !word.isEmpty else { return }
            defer { word = "" }
            let bare = word.trimmingCharacters(in: Self.headerPunctuation).lowercased()
            switch header {
            case .credential:
                if bare.isEmpty { output += word; return }
                output += Self.placeholder + String(word.reversed().prefix { $0 == "," || $0 == ";" }.reversed())
                header = .none
                return
            case .value(let afterAuthorization):
                if bare.isEmpty { output += word; return }
                if afterAuthorization, Self.authorizationSchemes.contains(bare) {
                    output += word
                    header = .credential
                    return
                }
                header = .none
                output += Self.placeholder
                return
            case .name(let afterAuthorization):
                header = word == ":" || word == "=" ? .value(afterAuthorization: afterAuthorization) : .none
            case .none:
                break
            }
            if let isAuthorization = Self.sensitiveHeader(bare) {
                let separated = word.hasSuffix(":") || word.hasSuffix(":\"") || word.hasSuffix("=")
                header = separated ? .value(afterAuthorization: isAuthorization) : .name(afterAuthorization: isAuthorization)
                output += word
                return
            }
            output += word.contains("://") ? redact(url: word) : redactQuery(Substring(word))
        }
        for character in text {
            if character.isWhitespace || character == "'" || character == "\"" || character == "<"
                || character == ">" || character == "(" || character == ")"
            {
                flush()
                output.append(character)
                if character.isNewline { header = .none }
            } else {
                word.append(character)
            }
        }
        flush()
        return redactKnownSecrets(output)
    }

    /// Where the free-text scan is in a `Name: value` header.
    private enum HeaderState {
        case none
        /// After a sensitive header's name without its colon (`"Authorization"` in JSON).
        case name(afterAuthorization: Bool)
        /// After `Name:`; the next word is the value (or an `Authorization` scheme).
        case value(afterAuthorization: Bool)
        /// After `Authorization: Basic`; the next word is the credential.
        case credential
    }

    /// The schemes an `Authorization` value starts with (lower case).
    private static let authorizationSchemes: Set<String> = [
        "basic", "bearer", "token", "digest", "negotiate", "ntlm", "hoba", "mutual", "aws4-hmac-sha256", "dpop",
    ]
    private static let headerPunctuation = CharacterSet(charactersIn: ":=,;\"'{}[]")

    /// Whether `name` (lower case, punctuation trimmed) is a header whose value is a secret: true for
    /// `Authorization` headers (a scheme may come first), false for signature, token, API-key and
    /// cookie headers; nil for any other word.
    private static func sensitiveHeader(_ name: String) -> Bool? {
        if name == "authorization" || name == "proxy-authorization" { return true }
        guard name.hasPrefix("x-") || name == "cookie" || name == "set-cookie" else { return nil }
        for suffix in ["signature", "token", "api-key", "apikey", "auth", "secret", "cookie"] where name.hasSuffix(suffix) {
            return false
        }
        return nil
    }

    private func redactUserinfo(_ base: Substring) -> String {
        guard let schemeEnd = base.range(of: "://") else { return String(base) }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = base[authorityStart...].firstIndex(of: "/") ?? base.endIndex
        let authority = base[authorityStart..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return String(base) }
        let userinfo = authority[..<at]
        guard let colon = userinfo.firstIndex(of: ":") else { return String(base) }
        return String(base[..<authorityStart]) + userinfo[...colon] + Self.placeholder
            + String(base[at...])
    }

    private func redactQuery(_ query: Substring) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let key = pair[..<equals]
            let decoded = (String(key).removingPercentEncoding ?? String(key)).lowercased()
            let value = pair[pair.index(after: equals)...]
            // An already redacted value is kept as it is (`appid=REDACTED:` keeps its colon).
            guard secretKeys.contains(decoded), !value.isEmpty, !value.hasPrefix(Self.placeholder) else {
                return String(pair)
            }
            return key + "=" + Self.placeholder
        }.joined(separator: "&")
    }

    private func redactKnownSecrets(_ text: String) -> String {
        guard !patterns.isEmpty else { return text }
        var bytes = Array(text.utf8)
        var changed = false
        let placeholder = Array(Self.placeholder.utf8)
        for pattern in patterns where Self.replace(pattern, with: placeholder, in: &bytes) { changed = true }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// Replaces every occurrence of `pattern` in `bytes`; whether there was one.
    private static func replace(_ pattern: [UInt8], with replacement: [UInt8], in bytes: inout [UInt8]) -> Bool {
        guard let first = pattern.first, pattern.count <= bytes.count else { return false }
        var result: [UInt8] = []
        var found = false
        var index = 0
        var copied = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                if !found { result.reserveCapacity(bytes.count) }
                found = true
                result.append(contentsOf: bytes[copied..<index])
                result.append(contentsOf: replacement)
                index += pattern.count
                copied = index
            } else {
                index += 1
            }
        }
        guard found else { return false }
        result.append(contentsOf: bytes[copied...])
        bytes = result
        return true
    }
}
