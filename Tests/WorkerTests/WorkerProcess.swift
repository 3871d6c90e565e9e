import Foundation
import Synchronization
import XCTest

/// Bytes appended from a pipe's reader thread and read by the test.
final class GrowingText: Sendable {
    private let data = Mutex(Data())

    func append(_ chunk: Data) { data.withLock { $0.append(chunk) } }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}

/// The built `leavenow` binary, run as a user runs it (a controlled environment), either to the end
/// or in the background (the worker) with its stderr collected as it is written.
final class LeavenowProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var all: String { stdout + stderr }
    }

    /// The environment every run starts from; a test's variables are added. No D-Bus session bus
    /// (whatever the machine's `/run/user/<uid>/bus`) unless a test gives one.
    static let baseEnvironment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1", "TZ": "UTC", "HOME": "/nonexistent",
                                  "XDG_RUNTIME_DIR": "/nonexistent"]

    static var binary: URL {
        // On Linux `swift test` runs from the products directory, where `leavenow` is built too.
        Bundle.main.bundleURL.appendingPathComponent("leavenow")
    }

    let process = Process()
    let stdout = GrowingText()
    let stderr = GrowingText()

    /// Starts `leavenow ARGS` in the background.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = WorkerScratch.packageRoot
        process.environment = Self.baseEnvironment.merging(environment) { _, new in new }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let stdout = self.stdout, stderr = self.stderr
        out.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil } else { stdout.append(chunk) }
        }
        err.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            if chunk.isEmpty { handle.readabilityHandler = nil } else { stderr.append(chunk) }
        }
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends `signal` to the process.
    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits (at most `timeout` seconds) for the process to end; kills it (SIGKILL) if it does not.
    @discardableResult
    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        // Let the reader threads drain the pipes.
        usleep(50_000)
        return process.terminationStatus
    }

    /// Waits (at most `timeout` seconds) until stderr has a line matching `predicate`, counted
    /// from line `after`; returns it.
    @discardableResult
    func waitForLine(after: Int = 0, timeout: Double, _ predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let line = lines.dropFirst(after).first(where: predicate) { return line }
            usleep(20_000)
        } while Date() < deadline
        return nil
    }

    /// The stderr lines so far.
    var lines: [String] { stderr.text.split(separator: "\n").map(String.init) }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Runs `leavenow ARGS` to the end (at most `timeout` seconds).
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 30) throws -> Outcome {
        let running = try LeavenowProcess(arguments, environment: environment)
        let status = running.wait(timeout: timeout)
        return Outcome(status: status ?? -9, stdout: running.stdout.text, stderr: running.stderr.text)
    }
}

/// One logfmt line's fields (`key=value`, `key="quoted value"`).
struct LogLine {
    var fields: [String: String]

    init(_ line: String) {
        var fields: [String: String] = [:]
        var index = line.startIndex
        while index < line.endIndex {
            while index < line.endIndex, line[index] == " " { index = line.index(after: index) }
            guard let equals = line[index...].firstIndex(of: "=") else { break }
            let key = String(line[index..<equals])
            var cursor = line.index(after: equals)
            var value = ""
            if cursor < line.endIndex, line[cursor] == "\"" {
                cursor = line.index(after: cursor)
                while cursor < line.endIndex, line[cursor] != "\"" {
                    if line[cursor] == "\\", line.index(after: cursor) < line.endIndex { cursor = line.index(after: cursor) }
                    value.append(line[cursor])
                    cursor = line.index(after: cursor)
                }
                if cursor < line.endIndex { cursor = line.index(after: cursor) }
            } else {
                while cursor < line.endIndex, line[cursor] != " " {
                    value.append(line[cursor])
                    cursor = line.index(after: cursor)
                }
            }
            fields[key] = value
            index = cursor
        }
        self.fields = fields
    }

    var event: String { fields["event"] ?? "" }
    subscript(_ key: String) -> String? { fields[key] }

    /// The lines of `text` whose event is `event`.
    static func events(_ event: String, in text: String) -> [LogLine] {
        text.split(separator: "\n").map { LogLine(String($0)) }.filter { $0.event == event }
    }
}
