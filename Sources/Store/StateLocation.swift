/// Where the worker's state lives, as given to `--state`: an SQLite file (the default) or a
/// PostgreSQL database (`postgresql://…` / `postgres://…`). Printed only without a password.
public enum StateLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite file.
    case file(String)
    /// A PostgreSQL database.
    case postgres(PostgresURL)

    /// Reads `text`: a PostgreSQL URL (checked: a malformed one throws, naming what is wrong), or a path.
    public init(_ text: String) throws(StoreError) {
        self = PostgresURL.isPostgresURL(text) ? .postgres(try PostgresURL(text)) : .file(text)
    }

    /// Opens the store: an `SQLiteStore` for a file, a `PostgresStore` for a URL (`password`, from a
    /// secret reference, replaces the URL's).
    public func open(password: String? = nil) throws -> any NotificationStore {
        switch self {
        case .file(let path): return try SQLiteStore(path: path)
        case .postgres(let url): return try PostgresStore(url: url, password: password)
        }
    }

    /// Opens the store for a command that only reads it: an SQLite file this process may not write
    /// is opened read-only (``SQLiteStore/init(readingPath:busyTimeout:)``); a PostgreSQL database
    /// as ``open(password:)`` does.
    public func openForReading(password: String? = nil) throws -> any NotificationStore {
        switch self {
        case .file(let path): return try SQLiteStore(readingPath: path)
        case .postgres: return try open(password: password)
        }
    }

    /// The path, or the URL without its password.
    public var description: String {
        switch self {
        case .file(let path): return path
        case .postgres(let url): return url.redacted
        }
    }
}
