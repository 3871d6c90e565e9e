import Foundation
import Messages

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
    public struct Problem: MessageError, Sendable, Equatable {
        /// Why, e.g. `the port "notaport" is not a number from 1 to 65535`, kept for the reader's language.
        public var reason: Message
        /// `<reason> (expected postgresql://user[:password]@host[:port]/database)`, kept for the reader's language.
        public var descriptionMessage: Message { Message(.postgresURLExpected, ["reason": .message(reason)]) }
    }

    /// Whether `text` is meant as a PostgreSQL URL (`postgresql://` or `postgres://`), valid or not.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// Reads `text`; throws a ``Problem`` naming what is wrong.
    public init(_ text: String) throws(Problem) {
        func invalid(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) -> Problem { Problem(reason: Message(key, arguments)) }
        guard let schemeEnd = text.range(of: "://"), Self.isPostgresURL(text) else {
            throw invalid(.postgresURLScheme)
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
                user = try Self.decode(userinfo[..<colon], .postgresURLUserName)
                password = try Self.decode(userinfo[userinfo.index(after: colon)...], .postgresURLPassword)
            } else {
                user = try Self.decode(userinfo, .postgresURLUserName)
            }
            if user?.isEmpty == true { user = nil }
        }
        var host = authority
        var port: Int?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid(.postgresURLIPv6) }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid(.postgresURLAfterHost, ["text": .text("\"\(after)\"")]) }
                port = try Self.port(after.dropFirst())
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = try Self.port(authority[authority.index(after: colon)...])
        }
        if host.contains(",") {
            throw invalid(.postgresURLSeveralHosts)
        }
        if path.contains("/") { throw invalid(.postgresURLDatabaseSlash, ["name": .text("\"\(path)\"")]) }
        for pair in query.split(separator: "&") where !pair.contains("=") {
            throw invalid(.postgresURLQueryNoValue, ["pair": .text("\"\(pair)\"")])
        }
        for pair in query.split(separator: "&") where pair.split(separator: "=").first.map({ $0.lowercased() == "password" }) ?? false {
            password = try Self.decode(pair.drop { $0 != "=" }.dropFirst(), .postgresURLPassword)
        }
        self.user = user
        self.password = password
        self.host = String(host)
        self.port = port
        let database = try Self.decode(path, .postgresURLDatabaseName)
        self.database = database.isEmpty ? nil : database
    }

    private static func decode(_ part: Substring, _ what: MessageKey) throws(Problem) -> String {
        guard let decoded = String(part).removingPercentEncoding else {
            throw Problem(reason: Message(.postgresURLPercent, ["what": .key(what)]))
        }
        return decoded
    }

    private static func port(_ text: Substring) throws(Problem) -> Int {
        guard let port = Int(text), (1...65_535).contains(port) else {
            throw Problem(reason: Message(.postgresURLPort, ["port": .text("\"\(text)\"")]))
        }
        return port
    }
}
