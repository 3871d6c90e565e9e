import Foundation

/// Hides secrets in URLs and messages: API keys in query parameters, userinfo passwords, and
/// secret strings the caller names.
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
    /// Literal secrets replaced wherever they appear (also percent-encoded).
    public var knownSecrets: [String]

    /// A redaction of `secretKeys` (the standard ones by default) and of `knownSecrets`.
    public init(secretKeys: Set<String> = URLRedaction.standardSecretKeys, knownSecrets: [String] = []) {
        self.secretKeys = Set(secretKeys.map { $0.lowercased() })
        self.knownSecrets = knownSecrets.filter { !$0.isEmpty }
    }

    /// This redaction plus more literal secrets (e.g. an API key read from the configuration).
    public func adding(secrets: [String]) -> URLRedaction {
        var copy = self
        copy.knownSecrets += secrets.filter { !$0.isEmpty }
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

    /// Free text (an error message, a log line) with `key=value` secrets and known secrets
    /// replaced, and any URL in it redacted.
    public func redact(text: String) -> String {
        var output = ""
        var word = ""
        func flush() {
            if !word.isEmpty {
                output += word.contains("://") ? redact(url: word) : redactQuery(Substring(word))
                word = ""
            }
        }
        for character in text {
            if character.isWhitespace || character == "'" || character == "\"" || character == "<"
                || character == ">" || character == "(" || character == ")"
            {
                flush()
                output.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return redactKnownSecrets(output)
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
            guard secretKeys.contains(decoded), pair.index(after: equals) < pair.endIndex else {
                return String(pair)
            }
            return key + "=" + Self.placeholder
        }.joined(separator: "&")
    }

    /// RFC 3986 unreserved characters: everything else is percent-encoded by strict encoders.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private func redactKnownSecrets(_ text: String) -> String {
        var result = text
        for secret in knownSecrets {
            result = result.replacingOccurrences(of: secret, with: Self.placeholder)
            for allowed in [CharacterSet.urlQueryAllowed, Self.unreserved] {
                if let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed), encoded != secret {
                    result = result.replacingOccurrences(of: encoded, with: Self.placeholder)
                }
            }
        }
        return result
    }
}
