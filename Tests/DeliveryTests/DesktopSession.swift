import Foundation
import Synchronization
import XCTest

/// A private graphical session for one test: a D-Bus session bus (`dbus-daemon --session --fork`),
/// an X server (`Xvfb`), the `dunst` notification daemon, and `dbus-monitor` watching `Notify` calls.
/// Everything started here is stopped by ``stop()``, each process by its own id.
final class DesktopSession {
    static let programs = ["dbus-daemon", "dbus-monitor", "Xvfb", "dunst", "dunstctl", "notify-send"]

    private(set) var busAddress = ""
    private(set) var display = ""
    private var processes: [Process] = []
    private let monitorOutput = Pipe()
    private let monitorBuffer = OutputBuffer()

    /// The environment for programs in this session.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        environment["DISPLAY"] = display
        return environment
    }

    /// The programs that are missing from PATH.
    static func missingPrograms() -> [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return programs.filter { program in
            !path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
        }
    }

    init() throws {
        // The bus runs in the foreground (no --fork) as a child of the test, stopped with the rest.
        let daemon = Process()
        daemon.executableURL = try Self.locate("dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let daemonOutput = Pipe()
        daemon.standardOutput = daemonOutput
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        processes.append(daemon)
        busAddress = try Self.firstLine(of: daemonOutput, from: "dbus-daemon")

        let xvfb = Process()
        xvfb.executableURL = try Self.locate("Xvfb")
        xvfb.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"]
        let xvfbOutput = Pipe()
        xvfb.standardOutput = xvfbOutput
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        processes.append(xvfb)
        display = ":" + (try Self.firstLine(of: xvfbOutput, from: "Xvfb"))

        let dunst = Process()
        dunst.executableURL = try Self.locate("dunst")
        dunst.environment = environment
        dunst.standardOutput = FileHandle.nullDevice
        dunst.standardError = FileHandle.nullDevice
        try dunst.run()
        processes.append(dunst)

        let monitor = Process()
        monitor.executableURL = try Self.locate("dbus-monitor")
        monitor.arguments = ["--address", busAddress, "interface='org.freedesktop.Notifications',member='Notify'"]
        monitor.standardOutput = monitorOutput
        monitor.standardError = FileHandle.nullDevice
        let buffer = monitorBuffer
        monitorOutput.fileHandleForReading.readabilityHandler = { handle in buffer.append(handle.availableData) }
        try monitor.run()
        processes.append(monitor)

        // Ready when dunst answers on the bus and the monitor has registered.
        let deadline = Date().addingTimeInterval(5)
        while (try? dunstctl(["count", "displayed"])) == nil {
            guard Date() < deadline else { throw SessionError("dunst did not come up on \(display)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        while !monitorBuffer.text.contains("NameAcquired") && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// The `Notify` calls seen so far, as `dbus-monitor` prints them.
    var monitored: String { monitorBuffer.text }

    /// Runs `dunstctl` on this session's bus and returns its output.
    func dunstctl(_ arguments: [String]) throws -> String {
        try Self.run("dunstctl", arguments, environment: environment)
    }

    deinit { stop() }

    func stop() {
        monitorOutput.fileHandleForReading.readabilityHandler = nil
        for process in processes.reversed() where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The first line a program prints (it keeps running).
    private static func firstLine(of pipe: Pipe, from program: String) throws -> String {
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        let line = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else { throw SessionError("\(program) printed nothing") }
        return line
    }

    private static func locate(_ program: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(directory)/\(program)") {
            return URL(fileURLWithPath: "\(directory)/\(program)")
        }
        throw SessionError("\(program) is not installed")
    }

    /// Runs a program to its end and returns its standard output; throws on a non-zero exit.
    private static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let process = Process()
        process.executableURL = try locate(program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw SessionError("\(program) \(arguments) exited \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }
}

struct SessionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Bytes appended from a reading thread.
final class OutputBuffer: Sendable {
    private let storage = Mutex(Data())

    func append(_ data: Data) { storage.withLock { $0.append(data) } }
    var text: String { storage.withLock { String(decoding: $0, as: UTF8.self) } }
}
