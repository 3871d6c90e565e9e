import Foundation
import Secrets
import Messages

/// A PostgreSQL connection URL, `postgresql://user[:password]@host[:port]/database[?key=value&…]`
/// (`postgres://` too), checked before libpq sees it so a typo gets a clear error (by
/// `PostgresURLSyntax`, the same reading `leavenow check` gives a `state: url:`), and shown only
/// without its password (``redacted``).
///
/// The query keeps libpq's connection parameters (`host=/run/postgresql` for a unix socket,
/// `sslmode=require`, …); libpq reads the whole URL itself. A password from a secret reference
/// (``replacingPassword(_:)``) travels beside the URL, never inside ``string``.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL as given (with its password, if any): only ever handed to libpq.
    public let string: String
    /// The user name, percent-decoded (nil: libpq's default, the operating-system user).
    public let user: String?
    /// The password: the one of ``replacingPassword(_:)``, else the URL's (percent-decoded), if any.
    public var password: String? { givenPassword ?? urlPassword }
    /// The host (empty: the default unix socket, or the `host` query parameter).
    public let host: String
    /// The port, if given.
    public let port: Int?
    /// The database name, percent-decoded (nil: the user name).
    public let database: String?
    /// The URL's own password.
    private let urlPassword: String?
    /// A password given beside the URL (from a secret reference); replaces the URL's.
    private var givenPassword: String?

    /// Whether `text` is meant as a PostgreSQL URL (`postgresql://` or `postgres://`), valid or not.
    public static func isPostgresURL(_ text: String) -> Bool {
        PostgresURLSyntax.isPostgresURL(text)
    }

    /// Parses `text`; throws a ``StoreError`` naming what is wrong (the password never appears in it).
    public init(_ text: String) throws(StoreError) {
        let parts: PostgresURLSyntax
        do {
            parts = try PostgresURLSyntax(text)
        } catch {
            throw StoreError(path: URLRedaction.standard.redact(url: text), operation: Message(.storeReadingPostgresURL),
                             message: error.descriptionMessage, code: .badValue)
        }
        string = text
        user = parts.user
        urlPassword = parts.password
        host = parts.host
        port = parts.port
        database = parts.database
    }

    /// This URL with `password` (from a secret reference) used instead of the URL's; nil keeps the URL's.
    public func replacingPassword(_ password: String?) -> PostgresURL {
        var copy = self
        if let password { copy.givenPassword = password }
        return copy
    }

    /// The password given beside the URL (``replacingPassword(_:)``), which libpq gets as its own parameter.
    var separatePassword: String? { givenPassword }

    /// The URL with its password (and any secret query value) replaced by `REDACTED`: what messages show.
    public var redacted: String {
        URLRedaction.standard.adding(secrets: [urlPassword, givenPassword].compactMap { $0 }).redact(url: string)
    }

    /// ``redacted``: a URL is never printed with its password.
    public var description: String { redacted }

    /// Never compares passwords by printing them: equal when the text and the given password are equal.
    public static func == (lhs: PostgresURL, rhs: PostgresURL) -> Bool {
        lhs.string == rhs.string && lhs.givenPassword == rhs.givenPassword
    }
}
