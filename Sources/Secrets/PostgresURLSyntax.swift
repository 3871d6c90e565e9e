import Foundation

/// The parts of a PostgreSQL connection URL, `postgresql://user[:password]@host[:port]/database[?key=value&…]`
/// (`postgres://` too), read without any I/O. Here, below both the configuration (`state: url:`, checked
/// by `leavenow check` at its place) and the store (`--state`, what the worker connects with), so the
/// two accept exactly the same URLs. The password is one of the parts: a problem never quotes it.
public struct PostgresURLSyntax: Sendable, Equatable {
    /// The user name, percent-decoded (nil: libpq's default, the operating-system user).
    public var user: String?
    /// The password, percent-decoded, if the URL has one.
    public var password: String?
    /// The host (empty: the default unix socket, or the `host` query parameter).
    public var host: String
    /// The port, if given.
    public var port: Int?
    /// The database name, percent-decoded (nil: the user name).
    public var database: String?

    /// What is wrong with a URL, in words that never include its password; ``description`` adds the
    /// expected shape.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Why, e.g. `the port "notaport" is not a number from 1 to 65535`.
        public var reason: String
        /// `<reason> (expected postgresql://user[:password]@host[:port]/database)`.
        public var description: String { reason + " (expected postgresql://user[:password]@host[:port]/database)" }
    }

    /// Whether `text` is meant as a PostgreSQL URL (`postgresql://` or `postgres://`), valid or not.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// Reads `text`; throws a ``Problem`` naming what is wrong.
    public init(_ text: String) throws(Problem) {
        func invalid(_ why: String) -> Problem { Problem(reason: why) }
        guard let schemeEnd = text.range(of: "://"), Self.isPostgresURL(text) else {
            throw invalid("the scheme is not postgresql:// or postgres://")
        }
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
                user = try Self.decode(userinfo[..<colon], "user name")
                password = try Self.decode(userinfo[userinfo.index(after: colon)...], "password")
            } else {
                user = try Self.decode(userinfo, "user name")
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
                port = try Self.port(after.dropFirst())
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = try Self.port(authority[authority.index(after: colon)...])
        }
        if host.contains(",") {
            throw invalid("several hosts are not supported")
        }
        if path.contains("/") { throw invalid("the database name \"\(path)\" contains a /") }
        for pair in query.split(separator: "&") where !pair.contains("=") {
            throw invalid("the query parameter \"\(pair)\" has no value")
        }
        for pair in query.split(separator: "&") where pair.split(separator: "=").first.map({ $0.lowercased() == "password" }) ?? false {
            password = try Self.decode(pair.drop { $0 != "=" }.dropFirst(), "password")
        }
        self.user = user
        self.password = password
        self.host = String(host)
        self.port = port
        let database = try Self.decode(path, "database name")
        self.database = database.isEmpty ? nil : database
    }

    private static func decode(_ part: Substring, _ what: String) throws(Problem) -> String {
        guard let decoded = String(part).removingPercentEncoding else {
            throw Problem(reason: "the \(what) has an invalid percent-encoding")
        }
        return decoded
    }

    private static func port(_ text: Substring) throws(Problem) -> Int {
        guard let port = Int(text), (1...65_535).contains(port) else {
            throw Problem(reason: "the port \"\(text)\" is not a number from 1 to 65535")
        }
        return port
    }
}
