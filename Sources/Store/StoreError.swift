import Messages

/// A store operation failed. Names the database file (or the redacted PostgreSQL URL), what was being
/// done and why, in SQLite's (or PostgreSQL's) words.
///
/// `description` reads `<file>: <operation>: <message>`, e.g.
/// `/var/lib/leavenow/state.db: executing "BEGIN IMMEDIATE": database is locked`.
public struct StoreError: MessageError, Sendable, Equatable {
    /// The database file (`:memory:` for an in-memory database), or a PostgreSQL URL without its password.
    public var path: String
    /// What was being done, e.g. `opening`, `executing "UPDATE outbox …"`, `decoding rule state "commute"`.
    public var operationText: Message
    /// Why it failed: SQLite's message, `strerror`, or a decoding error.
    public var messageText: Message
    /// The kind of failure, for callers that react to some (a busy database, a newer schema).
    public var code: Code

    /// The kinds of store failure.
    public enum Code: Sendable, Equatable {
        /// SQLite returned this (extended) result code.
        case sqlite(Int32)
        /// The file's schema (`PRAGMA user_version`) is newer than this program knows.
        case newerSchema(found: Int, supported: Int)
        /// A stored value could not be read back (NULL where a value belongs, undecodable JSON).
        case badValue
        /// A file-system call failed (creating the file or its directory).
        case file(errno: Int32)
        /// The database was used after `close()`.
        case closed
        /// PostgreSQL answered with this SQLSTATE (`23505`, `57P01`, …).
        case postgres(sqlState: String)
        /// The PostgreSQL server could not be reached, refused the login, or the connection was lost.
        case connection
    }

    /// An error about `path`, kept for the reader's language.
    public init(path: String, operation: Message, message: Message, code: Code) {
        self.path = path
        self.operationText = operation
        self.messageText = message
        self.code = code
    }

    /// An error about `path` whose words are the same in every language (SQLite's, PostgreSQL's).
    public init(path: String, operation: String, message: String, code: Code) {
        self.init(path: path, operation: .verbatim(operation), message: .verbatim(message), code: code)
    }

    /// What was being done, in the reader's language; setting it makes it verbatim.
    public var operation: String {
        get { operationText.text }
        set { operationText = .verbatim(newValue) }
    }
    /// Why it failed, in the reader's language; setting it makes it verbatim.
    public var message: String {
        get { messageText.text }
        set { messageText = .verbatim(newValue) }
    }

    /// Equal when they say the same thing (in English) about the same file.
    public static func == (a: StoreError, b: StoreError) -> Bool {
        a.path == b.path && a.code == b.code && a.operationText.english == b.operationText.english && a.messageText.english == b.messageText.english
    }

    /// True when another connection held a lock for longer than the busy timeout.
    public var isBusy: Bool {
        if case .sqlite(let rc) = code { return rc & 0xff == 5 || rc & 0xff == 6 }  // SQLITE_BUSY, SQLITE_LOCKED
        return false
    }

    /// True when a PostgreSQL server could not be reached, or answered that it cannot take a
    /// connection now (starting up, shutting down, in recovery, too many clients): worth trying again
    /// later. False for a login or database the server refused, and for every other failure: those
    /// need a fix, not a wait.
    public var isServerUnavailable: Bool {
        guard code == .connection else { return false }
        let english = messageText.english
        return Self.unavailableMarkers.contains { english.contains($0) }
    }

    /// libpq's words for a server that is not there (yet), or not taking connections now.
    static let unavailableMarkers = [
        "Connection refused", "No such file or directory", "could not translate host name", "timeout expired",
        "Connection timed out", "No route to host", "Network is unreachable", "Connection reset", "server closed the connection",
        "the database system is starting up", "the database system is shutting down", "the database system is in recovery mode",
        "the database system is not yet accepting connections", "too many clients", "the connection to the server was lost",
        "the server is still unreachable", "gave up after",
    ]

    /// `<path>: <operation>: <message>`, in the reader's language.
    public var description: String { "\(path): \(operation): \(message)" }

    /// ``description`` kept for the reader's language.
    public var descriptionMessage: Message { .verbatim("\(path): ") + operationText + .verbatim(": ") + messageText }
}
