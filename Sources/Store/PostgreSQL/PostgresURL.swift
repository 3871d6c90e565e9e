import Foundation
import Secrets

/// A PostgreSQL connection URL, `postgresql://user[:password]@host[:port]/database[?key=value&…]`
/// (`postgres://` too), checked before libpq sees it so a typo gets a clear error, and shown only
/// without its password (``redacted``).
///
/// The query keeps libpq's connection parameters (`host=/run/postgresql` for a unix socket,
/// `sslmode=require`, …); libpq reads the whole URL itself.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL as given (with its password, if any): only ever handed to libpq.
    public let string: String
    /// The user name, percent-decoded (nil: libpq's default, the operating-system user).
    public let user: String?
    /// The password, percent-decoded, if the URL has one.
    public let password: String?
    /// The host (empty: the default unix socket, or the `host` query parameter).
    public let host: String
    /// The port, if given.
    public let port: Int?
    /// The database name, percent-decoded (nil: the user name).
    public let database: String?

    /// Whether `text` is meant as a PostgreSQL URL (`postgresql://` or `postgres://`), valid or not.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// Parses `text`; throws a ``StoreError`` naming what is wrong (the password never appears in it).
    public init(_ text: String) throws(StoreError) {
        let shown = URLRedaction.standard.redact(url: text)
        func invalid(_ why: String) -> StoreError {
            StoreError(path: shown, operation: "reading the PostgreSQL URL", message: why
                + " (expected postgresql://user[:password]@host[:port]/database)", code: .badValue)
        }
        guard let schemeEnd = text.range(of: "://"), Self.isPostgresURL(text) else {
            throw invalid("the scheme is not postgresql:// or postgres://")
        }
        string = text
        var rest = text[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let query = rest.firstIndex(of: "?").map { rest[rest.index(after: $0)...] } ?? ""
        if let question = rest.firstIndex(of: "?") { rest = rest[..<question] }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        let path = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""

        var user: String?
        var password: String?
        if let at = authority.lastIndex(of: "@") {
            let userinfo = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if let colon = userinfo.firstIndex(of: ":") {
                user = try Self.decode(userinfo[..<colon], "user name", invalid)
                password = try Self.decode(userinfo[userinfo.index(after: colon)...], "password", invalid)
            } else {
                user = try Self.decode(userinfo, "user name", invalid)
            }
            if user?.isEmpty == true { user = nil }
        }
        var host = authority
        var port: Int?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid("the IPv6 address has no closing ]") }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("unexpected \"\(after)\" after the host") }
                port = try Self.port(after.dropFirst(), invalid)
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = try Self.port(authority[authority.index(after: colon)...], invalid)
        }
        if host.contains(",") {
            throw invalid("several hosts are not supported")
        }
        if path.contains("/") { throw invalid("the database name \"\(path)\" contains a /") }
        for pair in query.split(separator: "&") where !pair.contains("=") {
            throw invalid("the query parameter \"\(pair)\" has no value")
        }
        self.user = user
        self.password = password
        self.host = String(host)
        self.port = port
        let database = try Self.decode(path, "database name", invalid)
        self.database = database.isEmpty ? nil : database
    }

    /// The URL with its password (and any secret query value) replaced by `REDACTED`: what messages show.
    public var redacted: String {
        URLRedaction.standard.adding(secrets: password.map { [$0] } ?? []).redact(url: string)
    }

    /// ``redacted``: a URL is never printed with its password.
    public var description: String { redacted }

    /// Never compares passwords by printing them: equal when the text is equal.
    public static func == (lhs: PostgresURL, rhs: PostgresURL) -> Bool { lhs.string == rhs.string }

    private static func decode(_ part: Substring, _ what: String, _ invalid: (String) -> StoreError) throws(StoreError) -> String {
        guard let decoded = String(part).removingPercentEncoding else {
            throw invalid("the \(what) has an invalid percent-encoding")
        }
        return decoded
    }

    private static func port(_ text: Substring, _ invalid: (String) -> StoreError) throws(StoreError) -> Int {
        guard let port = Int(text), (1...65_535).contains(port) else {
            throw invalid("the port \"\(text)\" is not a number from 1 to 65535")
        }
        return port
    }
}
