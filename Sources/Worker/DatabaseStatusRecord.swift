import Foundation
import JSONText

/// What a worker on a shared PostgreSQL state says about its connection to the database, in a file
/// of its cache directory (`worker-database.json`) — not in the database, which it may not reach:
/// `leavenow status` reads it there, so a worker waiting for a server that is down at its start (or
/// that went away) says so even when nothing can be read from PostgreSQL.
///
/// Times are real seconds since the epoch (the retries wait real time, whatever the worker clock).
public struct DatabaseStatusRecord: Sendable, Equatable {
    /// The file's name in the worker's cache directory (``WorkerOptions/stateDirectory``).
    public static let fileName = "worker-database.json"

    /// The connection as the worker last saw it.
    public enum Connection: String, Sendable {
        /// Connected; the state is read and written.
        case connected
        /// The server could not be reached at the start: the worker has not started its rules and tries again.
        case waiting
        /// The server went away while the worker ran: the rules' decisions wait (their leases lapse at their expiry).
        case unreachable
    }

    /// The worker's process id (on this machine).
    public var pid: Int32
    /// Connected, waiting or unreachable.
    public var connection: Connection
    /// The database, without its password.
    public var url: String
    /// Since when the connection has been in this state.
    public var since: Int64
    /// Failed attempts to connect since then (0 when connected).
    public var attempts: Int
    /// When the next attempt is planned (nil: connected, or not planned).
    public var nextAttempt: Int64?
    /// The last error (without a password), nil when connected.
    public var error: String?
    /// When the worker wrote the record.
    public var updatedAt: Int64

    /// A record.
    public init(pid: Int32 = getpid(), connection: Connection, url: String, since: Int64, attempts: Int = 0, nextAttempt: Int64? = nil,
                error: String? = nil, updatedAt: Int64) {
        self.pid = pid
        self.connection = connection
        self.url = url
        self.since = since
        self.attempts = attempts
        self.nextAttempt = nextAttempt
        self.error = error
        self.updatedAt = updatedAt
    }

    /// The record's JSON.
    public var json: String {
        var writer = JSONWriter(style: .spaced)
        writer.beginObject()
        writer.member("pid", Int64(pid))
        writer.member("connection", connection.rawValue as String?)
        writer.member("url", url as String?)
        writer.member("since", since)
        writer.member("attempts", Int64(attempts))
        writer.member("next_attempt", nextAttempt)
        writer.member("error", error)
        writer.member("updated_at", updatedAt)
        writer.endObject()
        return writer.text
    }

    /// Parses the JSON of ``json``; nil when it is not such a record.
    public init?(json text: String) {
        guard let object = try? JSONParser.parse(Array(text.utf8)),
              let pid = Self.integer(object["pid"]).flatMap(Int32.init(exactly:)),
              let connection = object["connection"]?.stringValue.flatMap(Connection.init(rawValue:)),
              let url = object["url"]?.stringValue, let since = Self.integer(object["since"]),
              let updatedAt = Self.integer(object["updated_at"]) else { return nil }
        self.init(pid: pid, connection: connection, url: url, since: since,
                  attempts: Self.integer(object["attempts"]).flatMap(Int.init(exactly:)) ?? 0,
                  nextAttempt: Self.integer(object["next_attempt"]), error: object["error"]?.stringValue, updatedAt: updatedAt)
    }

    /// The record in `directory`, nil when there is none (or it does not parse).
    public static func read(directory: String) -> DatabaseStatusRecord? {
        guard let data = FileManager.default.contents(atPath: directory + "/" + fileName) else { return nil }
        return DatabaseStatusRecord(json: String(decoding: data, as: UTF8.self))
    }

    /// Writes the record into `directory` (created if needed) through a temporary file and a rename,
    /// so a reader never sees half of it. Errors are the caller's to log.
    public func write(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let target = directory + "/" + Self.fileName
        let temporary = directory + "/.\(Self.fileName).\(getpid()).tmp"
        try Data((json + "\n").utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot write \(target): \(reason)"])
        }
    }

    /// Whether the process that wrote it is still alive (on this machine).
    public var processIsAlive: Bool { kill(pid, 0) == 0 || errno == EPERM }

    /// A whole number that fits in an `Int64`; nil for anything else.
    private static func integer(_ value: JSONValue?) -> Int64? {
        guard let number = value?.numberValue, number.rounded() == number, abs(number) < 9.2e18 else { return nil }
        return Int64(number)
    }
}
