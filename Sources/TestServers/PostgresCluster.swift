import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL 15 cluster for one test suite: `initdb` in a temporary directory (as the
/// `postgres` user when running as root, since the server refuses to run as root), a server on a
/// unix socket in that directory and on 127.0.0.1 at a free port, stopped and deleted by ``stop()``
/// / ``destroy()``. No mocks: the tests talk to a real server.
///
/// Local (unix socket) logins are trusted; TCP logins need a password (`scram-sha-256`), so a wrong
/// password can be tested. `fsync` is off: the cluster is thrown away after the suite.
public final class PostgresCluster {
    /// Where the PostgreSQL 15 programs are (Debian's `postgresql-15`).
    public static let binDirectory = "/usr/lib/postgresql/15/bin"
    /// The temporary directory: `data/` (the cluster), `socket/` (the unix socket), `server.log`.
    public let directory: String
    /// The TCP port on 127.0.0.1 (also the number in the socket's name).
    public let port: Int
    private var server: Process?
    private let asPostgresUser: Bool

    /// Whether this machine can run a cluster: the programs are installed, and the process is root
    /// (with `runuser`) or an ordinary user (who runs the server directly).
    public static var unavailableReason: String? {
        guard FileManager.default.isExecutableFile(atPath: binDirectory + "/postgres") else {
            return "PostgreSQL 15 is not installed (\(binDirectory)/postgres): run `make deps` (apt package postgresql-15)"
        }
        if getuid() == 0, !FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") {
            return "running as root without /usr/sbin/runuser: cannot start the server as the postgres user"
        }
        return nil
    }

    /// Server settings (`-c name=value`) on top of ``testSettings``; the benchmarks turn `fsync` back on.
    private let settings: [String: String]

    /// What the test clusters run with: no `fsync` (the cluster is thrown away after the suite).
    public static let testSettings = ["fsync": "off", "full_page_writes": "off"]

    /// Creates and starts a cluster (`settings` replace or add to ``testSettings``); throws when a
    /// step fails, with the step's output.
    public init(settings: [String: String] = [:]) throws {
        self.settings = Self.testSettings.merging(settings) { _, new in new }
        if let reason = Self.unavailableReason { throw PostgresClusterError(message: reason) }
        asPostgresUser = getuid() == 0
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory + "/socket", withIntermediateDirectories: true)
        port = try Self.freePort()
        if asPostgresUser {
            guard let user = getpwnam("postgres") else { throw PostgresClusterError(message: "there is no postgres user") }
            for path in [directory, directory + "/socket"] where chown(path, user.pointee.pw_uid, user.pointee.pw_gid) != 0 {
                throw PostgresClusterError(message: "chown postgres \(path): \(String(cString: strerror(errno)))")
            }
        }
        chmod(directory, 0o700)
        do {
            try runAsServerUser(Self.binDirectory + "/initdb", ["-D", directory + "/data", "-U", "postgres", "-E", "UTF8",
                                                                "--locale=C", "--auth-local=trust", "--auth-host=scram-sha-256"])
            try start()
        } catch {
            destroy()
            throw error
        }
    }

    deinit { destroy() }

    /// The unix-socket directory (libpq's `host`).
    public var socketDirectory: String { directory + "/socket" }

    /// A URL for `database` as the trusted `postgres` superuser over the unix socket.
    public func socketURL(database: String) -> String {
        "postgresql://postgres@/\(database)?host=\(socketDirectory)&port=\(port)"
    }

    /// A URL for `database` as `user` with `password` over TCP (127.0.0.1).
    public func tcpURL(database: String, user: String, password: String) -> String {
        "postgresql://\(user):\(password)@127.0.0.1:\(port)/\(database)"
    }

    /// Starts the server (again, after ``stop()``) and waits until it accepts connections.
    public func start() throws {
        guard server == nil else { return }
        let process = Process()
        let log = FileHandle(forWritingAtPath: try logFile()) ?? FileHandle.nullDevice
        log.seekToEndOfFile()
        defer { try? log.close() }
        process.standardOutput = log
        process.standardError = log
        let arguments = ["-D", directory + "/data", "-k", socketDirectory, "-p", String(port),
                         "-c", "listen_addresses=127.0.0.1"] + settings.sorted { $0.key < $1.key }.flatMap { ["-c", "\($0.key)=\($0.value)"] }
        configure(process, Self.binDirectory + "/postgres", arguments)
        try process.run()
        server = process
        let deadline = Date().addingTimeInterval(30)
        while !isReady() {
            guard process.isRunning else {
                server = nil
                throw PostgresClusterError(message: "the server exited at start:\n\(serverLog())")
            }
            guard Date() < deadline else {
                stop()
                throw PostgresClusterError(message: "the server did not accept connections within 30 s:\n\(serverLog())")
            }
            usleep(10_000)
        }
    }

    /// Stops the server (a fast shutdown: SIGINT to the postmaster) and waits for it to exit.
    public func stop() {
        guard let process = server else { return }
        server = nil
        if let pid = postmasterPID() { kill(pid, SIGINT) } else if process.isRunning { process.interrupt() }
        process.waitUntilExit()
    }

    /// Stops the server and deletes the directory.
    public func destroy() {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `sql` with `psql` as the superuser in `database` (stops at the first error).
    public func psql(_ sql: String, database: String = "postgres") throws {
        try run(Self.binDirectory + "/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketDirectory, "-p", String(port),
                                                   "-U", "postgres", "-d", database, "-c", sql])
    }

    /// Creates an empty database.
    public func createDatabase(_ name: String) throws {
        try run(Self.binDirectory + "/createdb", ["-h", socketDirectory, "-p", String(port), "-U", "postgres", name])
    }

    /// The server's log so far.
    public func serverLog() -> String {
        (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
    }

    // MARK: Internals

    /// True once `postmaster.pid` says `ready` (its 8th line, PostgreSQL 10 and later).
    private func isReady() -> Bool {
        guard let text = try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8) else { return false }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count > 7 && lines[7].trimmingCharacters(in: .whitespaces) == "ready"
    }

    /// The postmaster's process id while the server runs (its backends are its children).
    public var serverPID: pid_t? { postmasterPID() }

    private func postmasterPID() -> pid_t? {
        guard let text = try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.flatMap { pid_t($0) }
    }

    private func logFile() throws -> String {
        let path = directory + "/server.log"
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        return path
    }

    private func configure(_ process: Process, _ program: String, _ arguments: [String]) {
        if asPostgresUser {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", program] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        }
    }

    private func runAsServerUser(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        configure(process, program, arguments)
        try wait(process, program)
    }

    private func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try wait(process, program)
    }

    private func wait(_ process: Process, _ program: String) throws {
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PostgresClusterError(message: "\((program as NSString).lastPathComponent) exited with \(process.terminationStatus): \(text)")
        }
    }

    /// A TCP port on 127.0.0.1 nobody listens on now (bound to port 0, then released).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PostgresClusterError(message: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else { throw PostgresClusterError(message: "bind: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

@available(*, unavailable)
extension PostgresCluster: Sendable {}

/// A cluster step that failed, with what it printed.
public struct PostgresClusterError: Error, CustomStringConvertible {
    /// What failed, with the program's output.
    public var message: String
    /// An error saying `message`.
    public init(message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
