import Foundation

/// A `NotificationStore` in a PostgreSQL database, with the semantics of `SQLiteStore` (the same
/// tables in `PostgresSchema`, the same JSON for notifications and rule state), so several workers
/// can later share one outbox: entries are claimed with `FOR UPDATE SKIP LOCKED`.
///
/// One connection (`PostgresConnection`: prepared statements, reconnect after a server restart).
/// One `PostgresStore` is used by one thread or actor at a time.
public final class PostgresStore: NotificationStore {
    /// The connection, for queries the protocol does not cover (`status`, tests).
    public let connection: PostgresConnection
    let encoder = JSONEncoder()
    /// The worker claiming outbox entries through this store (``due(now:limit:excludingChannels:)``
    /// then claims what it returns, and ``enqueue(_:now:)`` / ``commit(notifications:ruleStates:now:)``
    /// claim what they insert, for ``claimSeconds``). Every store of one worker uses the same id; nil
    /// (the CLI, a lone reader) claims nothing and reads the outbox as `SQLiteStore` does.
    public var claimer: String?
    /// Seconds a claim lasts: longer than a request may take, so a claim outlives its send; a worker
    /// that dies with entries claimed lets them go after that long, and another worker sends them.
    public var claimSeconds: Int64 = 60
    /// Rate limits held across every worker, by channel: with a ``claimer``, entries of these channels
    /// are claimed only as the channel's token bucket (a row of `outbox_rate`, shared) allows
    /// (see ``due(now:limit:excludingChannels:)``). Channels not in it are unlimited here.
    public var channelRates: [String: ChannelRate] = [:]
    /// The channel of `NOTIFY` sent when entries are queued (``PostgresListener`` listens on it).
    public static let notifyChannel = "leavenow_outbox"
    /// The database with the password this store connected with, for a listener of its own.
    let listenURL: PostgresURL
    let decoder = JSONDecoder()

    /// The schema version this program writes (`leavenow_schema.version`).
    public static var schemaVersion: Int { PostgresSchema.migrations.count }

    /// Connects to `url` (`password` replaces the URL's) and migrates the database to the current
    /// schema. A database written by a newer leavenow is refused.
    public init(url: PostgresURL, password: String? = nil) throws {
        listenURL = url.replacingPassword(password)
        connection = try PostgresConnection(url: url, password: password)
        try connection.migrate(PostgresSchema.migrations)
    }

    /// Connects to the URL `text` (`postgresql://…`); see ``init(url:password:)``.
    public convenience init(url text: String, password: String? = nil) throws {
        try self.init(url: try PostgresURL(text), password: password)
    }

    /// The URL without its password, for messages.
    public var path: String { connection.url.redacted }

    /// Closes the connection; later calls throw.
    public func close() {
        connection.close()
    }

    /// `{"a","b"}`: strings as a PostgreSQL array literal, bound as one `text[]` value (never SQL):
    /// each element quoted, with `"` and `\` escaped by a backslash.
    static func textArray(_ values: some Sequence<String>) -> String {
        textArray(nullable: values.lazy.map { Optional($0) })
    }

    /// `{"a",NULL,"b"}`: strings (nil for NULL) as one `text[]` value, each element quoted as in ``textArray(_:)``.
    static func textArray(nullable values: some Sequence<String?>) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for value in values {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            guard let value else {
                bytes += "NULL".utf8
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `{1,NULL,3}`: integers (nil for NULL) as one `bigint[]` value.
    static func integerArray(_ values: [Int64?]) -> String {
        "{" + values.map { $0.map(String.init) ?? "NULL" }.joined(separator: ",") + "}"
    }
}

@available(*, unavailable)
extension PostgresStore: Sendable {}
extension PostgresStore: StoreJSONColumns {}
