import Foundation

/// The result of running a program to completion with argv (no shell).
struct CommandRun {
    let status: Int32
    let output: String
    let errors: String

    /// Runs `executable` with `arguments`; stdout and stderr go to temporary files (no pipe can fill).
    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        let directory = try TemporaryDirectory("run")
        defer { directory.remove() }
        let outPath = directory.path + "/out", errPath = directory.path + "/err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        status = process.terminationStatus
        output = try String(contentsOfFile: outPath, encoding: .utf8)
        errors = try String(contentsOfFile: errPath, encoding: .utf8)
    }

    /// The absolute path of `name` on `PATH`, nil when it is not installed.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
