import Channels
import Foundation
import Notifications
#if canImport(Glibc)
import Glibc
import Messages
#endif

/// Shows desktop notifications by running `notify-send` with an argv through `posix_spawn`
/// (never a shell), on the session bus found in the environment it is given.
///
/// Before spawning it checks for a D-Bus session bus: `DBUS_SESSION_BUS_ADDRESS`, else the
/// default `$XDG_RUNTIME_DIR/bus` (`/run/user/<uid>/bus`). A non-zero exit is an error quoting
/// `notify-send`'s standard error; a run longer than ``timeout`` is killed.
public struct DesktopNotifier: Sendable {
    /// The environment given to `notify-send` (e.g. `ProcessInfo.processInfo.environment`).
    public var environment: [String: String]
    /// The program: a name looked up in the environment's `PATH`, or a path.
    public var executable: String
    /// The longest run of `notify-send`.
    public var timeout: Duration

    /// A notifier with an environment (never read from the process here).
    public init(environment: [String: String], executable: String = "notify-send", timeout: Duration = .seconds(10)) {
        self.environment = environment
        self.executable = executable
        self.timeout = timeout
    }

    /// The session bus address to use.
    /// - Throws: ``DesktopNotifierError/Code/noSessionBus`` when there is none.
    public func sessionBusAddress() throws(DesktopNotifierError) -> String {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            if let path = Self.unixPath(in: address), !FileManager.default.fileExists(atPath: path) {
                throw DesktopNotifierError(.noSessionBus, Message(.desktopNoBusMissing, ["path": .text(path)]))
            }
            return address
        }
        let runtimeDirectory = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(getuid())"
        let socket = runtimeDirectory + "/bus"
        if FileManager.default.fileExists(atPath: socket) { return "unix:path=" + socket }
        throw DesktopNotifierError(.noSessionBus, Message(.desktopNoBusUnset))
    }

    /// Whether a notification could be shown now: a session bus, and the program.
    /// - Throws: ``DesktopNotifierError/Code/noSessionBus`` or ``DesktopNotifierError/Code/notInstalled``:
    ///   nothing can be shown until that changes (the worker holds the channel's notifications).
    public func checkReady() throws(DesktopNotifierError) {
        _ = try sessionBusAddress()
        guard resolvedExecutable() != nil else {
            throw DesktopNotifierError(.notInstalled, Message(.desktopNotInstalled, [
                "program": .text(executable), "path": .text(environment["PATH"] ?? Self.defaultPath),
            ]))
        }
    }

    /// Shows `notification` with `options` at `now` (seconds since the epoch).
    public func notify(_ notification: Notice, options: DesktopArguments, now: Int64) throws(DesktopNotifierError) {
        try run(options.arguments(for: notification, now: now))
    }

    /// Runs `notify-send` with `arguments` (after the program name) and waits for it.
    public func run(_ arguments: [String]) throws(DesktopNotifierError) {
        let address = try sessionBusAddress()
        guard let program = resolvedExecutable() else {
            throw DesktopNotifierError(.notInstalled, Message(.desktopNotInstalled, [
                "program": .text(executable), "path": .text(environment["PATH"] ?? Self.defaultPath),
            ]))
        }
        var childEnvironment = environment
        childEnvironment["DBUS_SESSION_BUS_ADDRESS"] = address
        let result = try Self.spawn(program, arguments: arguments, environment: childEnvironment, timeout: timeout)
        if result.timedOut {
            throw DesktopNotifierError(.timedOut, Message(.desktopTimedOut, ["program": .text(program), "timeout": .text("\(timeout)")]))
        }
        guard result.status == 0 else {
            let detail = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw DesktopNotifierError(.failed, Message(.desktopFailed, ["program": .text(program), "status": .message(result.statusText)])
                + .verbatim(detail.isEmpty ? "" : ": " + detail))
        }
    }

    static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

    /// The program's path: as given when it contains a slash, else the first executable in `PATH`.
    func resolvedExecutable() -> String? {
        if executable.contains("/") { return access(executable, X_OK) == 0 ? executable : nil }
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultPath
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + executable
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The socket path of a `unix:path=…` address.
    static func unixPath(in address: String) -> String? {
        for entry in address.split(separator: ";") where entry.hasPrefix("unix:") {
            for pair in entry.dropFirst(5).split(separator: ",") where pair.hasPrefix("path=") {
                return String(pair.dropFirst(5))
            }
        }
        return nil
    }

    struct SpawnResult {
        var status: Int32
        var signal: Int32?
        var standardError: String
        var timedOut: Bool

        var statusText: Message {
            signal.map { Message(.desktopKilledBySignal, ["signal": .number(Int($0))]) } ?? Message(.desktopExitStatus, ["status": .number(Int(status))])
        }
    }

    /// Spawns `program` with stdin and stdout on /dev/null and stderr captured (up to 4 KiB).
    static func spawn(
        _ program: String, arguments: [String], environment: [String: String], timeout: Duration
    ) throws(DesktopNotifierError) -> SpawnResult {
        var pipeDescriptors: [Int32] = [-1, -1]
        guard pipe(&pipeDescriptors) == 0 else {
            throw DesktopNotifierError(.spawnFailed, Message(.desktopNoPipe, ["program": .text(program), "reason": .text(String(cString: strerror(errno)))]))
        }
        let (readEnd, writeEnd) = (pipeDescriptors[0], pipeDescriptors[1])
        // Neither end leaks into other children; the child's stderr is a dup2 copy without the flag.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([program] + arguments).map { strdup($0) }
        let envp = environment.map { strdup($0.key + "=" + $0.value) }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { argvBuffer -> Int32 in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer -> Int32 in
                guard let argvStart = argvBuffer.baseAddress, let envpStart = envpBuffer.baseAddress else { return EINVAL }
                return posix_spawn(&pid, program, &actions, &attributes, argvStart, envpStart)
            }
        }
        close(writeEnd)
        guard spawned == 0 else {
            throw DesktopNotifierError(.spawnFailed, Message(.desktopCannotStart, ["program": .text(program), "reason": .text(String(cString: strerror(spawned)))]))
        }

        let (standardError, timedOut) = readUntilClosed(readEnd, pid: pid, timeout: timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = (status & 0x7F) == 0
        return SpawnResult(
            status: exited ? (status >> 8) & 0xFF : -1,
            signal: exited ? nil : status & 0x7F,
            standardError: String(decoding: standardError, as: UTF8.self),
            timedOut: timedOut
        )
    }

    /// Reads `descriptor` until the child closes it, killing the child (only it, by its pid)
    /// when `timeout` passes.
    private static func readUntilClosed(_ descriptor: Int32, pid: pid_t, timeout: Duration) -> (Data, Bool) {
        var collected = Data()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let remaining = clock.now.duration(to: deadline)
            if remaining <= .zero {
                kill(pid, SIGKILL)
                return (collected, true)
            }
            let milliseconds = Int32(min(max(remaining.components.seconds * 1000 + 1, 1), 1000))
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return (collected, false) }
            if collected.count < 4096 { collected.append(contentsOf: buffer[0..<min(count, 4096 - collected.count)]) }
        }
    }
}
