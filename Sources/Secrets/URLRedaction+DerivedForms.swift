import Foundation

extension URLRedaction {
    /// The shortest base64 run matched inside longer base64 text (shorter ones could match by chance).
    static let minimumEmbeddedBase64 = 8

    /// Every form in which `secret` can leave the process, so a redaction can hide each of them:
    ///
    /// - the literal, and its percent-encoded forms (strict RFC 3986, query-safe, with upper- and
    ///   lower-case hex digits), and its percent-decoded form when it has escapes;
    /// - its base64 (padded, unpadded, URL-safe), and the part of its base64 that does not depend on
    ///   what comes before or after it, at each of the three alignments (so it is found inside a
    ///   longer base64 value, e.g. a Basic credential `user:secret`);
    /// - for a URL with userinfo (`https://user:pass@host/…`): the userinfo, the password, the
    ///   `Authorization: Basic` credential curl sends (base64 of the percent-decoded `user:pass`,
    ///   or `user:` for a URL with only a user name), each in all the forms above.
    ///
    /// An HMAC made with a secret cannot be derived from it alone: the header values actually sent
    /// are added per request (see `Dispatcher`).
    public static func derivedForms(of secret: String) -> [String] {
        guard !secret.isEmpty else { return [] }
        var roots = [secret]
        if let decoded = secret.removingPercentEncoding, decoded != secret { roots.append(decoded) }
        if let credentials = basicCredentials(ofURL: secret) {
            roots += credentials
        }
        var forms: [String] = []
        var seen = Set<String>()
        func add(_ form: String) {
            if !form.isEmpty, seen.insert(form).inserted { forms.append(form) }
        }
        for root in roots {
            for textual in percentEncodings(of: root) { add(textual) }
            for encoded in base64Forms(of: Array(root.utf8)) {
                for textual in percentEncodings(of: encoded) { add(textual) }
            }
        }
        return forms
    }

    /// This redaction plus the userinfo credentials of `url` (`user:pass`, the password, and so the
    /// `Authorization: Basic` value curl sends), in every derived form; unchanged for a URL without
    /// userinfo.
    public func addingCredentials(ofURL url: String) -> URLRedaction {
        guard let credentials = Self.basicCredentials(ofURL: url) else { return self }
        return adding(secrets: credentials)
    }

    /// The userinfo credentials of a URL: `user:pass` (raw and percent-decoded), the password (raw
    /// and decoded, when at least 4 characters), and `user:` for a URL with a user name only (curl's Basic credential then); nil
    /// when `url` has no userinfo.
    static func basicCredentials(ofURL url: String) -> [String]? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let afterScheme = url[schemeEnd.upperBound...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userinfo = String(authority[..<at])
        guard !userinfo.isEmpty else { return nil }
        var parts: [String] = []
        if let colon = userinfo.firstIndex(of: ":") {
            let user = String(userinfo[..<colon]), password = String(userinfo[userinfo.index(after: colon)...])
            parts.append(userinfo)
            let decoded = (user.removingPercentEncoding ?? user) + ":" + (password.removingPercentEncoding ?? password)
            parts.append(decoded)
            // A password alone is replaced everywhere only when long enough not to match by chance.
            if password.count >= 4 {
                parts.append(password)
                if let plain = password.removingPercentEncoding { parts.append(plain) }
            }
        } else {
            parts.append(userinfo + ":")
            parts.append((userinfo.removingPercentEncoding ?? userinfo) + ":")
        }
        return parts
    }

    /// The literal and its percent-encoded (and, when it has escapes, decoded) forms.
    static func percentEncodings(of text: String) -> [String] {
        var forms = [text]
        for allowed in [CharacterSet.urlQueryAllowed, unreserved, .alphanumerics] {
            if let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed), encoded != text {
                forms.append(encoded)
                let lower = lowercasingEscapes(encoded)
                if lower != encoded { forms.append(lower) }
            }
        }
        return forms
    }

    /// `%2F` → `%2f` (some encoders write lower-case hex digits).
    private static func lowercasingEscapes(_ text: String) -> String {
        var result = ""
        var remaining = 0
        for character in text {
            if character == "%" {
                remaining = 2
                result.append(character)
            } else if remaining > 0 {
                remaining -= 1
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The base64 forms of `bytes`: padded, unpadded and URL-safe, then, at each of the three
    /// alignments, the characters that depend on `bytes` only (when long enough to be telling).
    static func base64Forms(of bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        let padded = Data(bytes).base64EncodedString()
        let unpadded = String(padded.prefix { $0 != "=" })
        let urlSafe = String(unpadded.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
        var forms = [padded, unpadded, urlSafe]
        for offset in 0..<3 {
            let encoded = Array(Data(Array(repeating: 0, count: offset) + bytes).base64EncodedString().utf8)
            // Character i covers bits 6i..<6i+6; the secret's bits are 8·offset..<8·(offset + count).
            let start = (8 * offset + 5) / 6
            let end = (8 * (offset + bytes.count)) / 6
            guard end - start >= minimumEmbeddedBase64 else { continue }
            let core = String(decoding: encoded[start..<end], as: UTF8.self)
            forms.append(core)
            let coreURLSafe = String(core.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
            if coreURLSafe != core { forms.append(coreURLSafe) }
        }
        return forms
    }

    /// The byte patterns of every derived form of `secrets`, longest first (so a longer form is
    /// replaced whole before a shorter form inside it).
    static func patterns(for secrets: [String]) -> [[UInt8]] {
        var unique = Set<[UInt8]>()
        for secret in secrets {
            for form in derivedForms(of: secret) { unique.insert(Array(form.utf8)) }
        }
        return unique.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// RFC 3986 unreserved characters: everything else is percent-encoded by strict encoders.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
