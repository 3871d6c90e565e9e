import Foundation
import Glibc

/// Writes one logfmt line per event, with a single `write(2)` each (lines from several threads
/// never interleave; under systemd each becomes one journal entry):
///
///     ts=2026-11-29T16:05:00.123Z level=info event=notification.sent rule=chofu-leave-now channel=phone msg="10:33 from platform 12"
///
/// The time comes from an injected clock; every configured secret is replaced by `REDACTED` in
/// every value (also in its percent-encoded form, as it appears inside a URL).
public struct LogfmtLogger: Sendable {
    /// The descriptor lines are written to (stderr by default).
    public let fileDescriptor: Int32
    /// Lines below this level are dropped.
    public let minimumLevel: LogLevel
    /// The strings replaced by `REDACTED`, longest first.
    public let secrets: [String]
    private let clock: @Sendable () -> Date
    /// Keeps an injected FileHandle (and so its descriptor) open as long as the logger.
    private let fileHandle: FileHandle?

    /// A logger writing to `fileDescriptor`.
    ///
    /// - Parameters:
    ///   - fileDescriptor: where to write (default `STDERR_FILENO`); the caller keeps it open.
    ///   - minimumLevel: lines below it are dropped (default `.info`).
    ///   - secrets: values never to print (API keys, webhook URLs); empty strings are ignored.
    ///   - clock: the time written as `ts=`.
    public init(fileDescriptor: Int32 = STDERR_FILENO, minimumLevel: LogLevel = .info, secrets: [String] = [],
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(fileDescriptor: fileDescriptor, fileHandle: nil, minimumLevel: minimumLevel, secrets: secrets, clock: clock)
    }

    /// A logger writing to `fileHandle` (kept open as long as the logger).
    public init(fileHandle: FileHandle, minimumLevel: LogLevel = .info, secrets: [String] = [],
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(fileDescriptor: fileHandle.fileDescriptor, fileHandle: fileHandle, minimumLevel: minimumLevel,
                  secrets: secrets, clock: clock)
    }

    private init(fileDescriptor: Int32, fileHandle: FileHandle?, minimumLevel: LogLevel, secrets: [String],
                 clock: @escaping @Sendable () -> Date) {
        self.fileDescriptor = fileDescriptor
        self.fileHandle = fileHandle
        self.minimumLevel = minimumLevel
        self.clock = clock
        var forms = Set<String>()
        for secret in secrets where !secret.isEmpty {
            forms.insert(secret)
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) { forms.insert(encoded) }
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) { forms.insert(encoded) }
        }
        self.secrets = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        var prefixes = Set<UInt32>()
        var hasShort = false
        for secret in self.secrets {
            let bytes = Array(secret.utf8)
            if bytes.count < 4 { hasShort = true } else { prefixes.insert(Self.word(bytes, 0)) }
        }
        secretPrefixes = hasShort ? nil : prefixes
    }

    /// The first four bytes of every secret, to skip text that holds none quickly (the configured
    /// secrets come in every derived form: hundreds of them); nil when a secret is shorter.
    private let secretPrefixes: Set<UInt32>?

    private static func word<C: Collection<UInt8>>(_ bytes: C, _ offset: Int) -> UInt32 where C.Index == Int {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// Whether `text` may hold a secret: some four bytes of it start one.
    private func mayHoldSecret(_ text: String) -> Bool {
        guard let secretPrefixes else { return true }
        guard !secretPrefixes.isEmpty else { return false }
        let bytes = Array(text.utf8)
        guard bytes.count >= 4 else { return false }
        for offset in 0...(bytes.count - 4) where secretPrefixes.contains(Self.word(bytes, offset)) { return true }
        return false
    }

    /// The same logger, also hiding `more` (secrets resolved after start-up or at a reload).
    public func redacting(_ more: [String]) -> LogfmtLogger {
        LogfmtLogger(fileDescriptor: fileDescriptor, fileHandle: fileHandle, minimumLevel: minimumLevel,
                     secrets: secrets + more, clock: clock)
    }

    /// Writes `ts=… level=… event=… key=value…` as one line, unless `level` is below ``minimumLevel``.
    /// A failed write (a closed stderr) is dropped: logging never stops the worker.
    public func log(_ level: LogLevel, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard level >= minimumLevel else { return }
        write(line(level, event, fields))
    }

    /// ``log(_:_:_:)`` with fields built at run time (in order).
    public func log(_ level: LogLevel, _ event: String, fields: [(key: String, value: String)]) {
        guard level >= minimumLevel else { return }
        write(line(level, event, fields: fields))
    }

    /// Writes one line and its newline with as few `write` calls as the kernel allows.
    private func write(_ line: String) {
        let bytes = Array(line.utf8) + [UInt8(ascii: "\n")]
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if Glibc.errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// The line ``log(_:_:_:)`` writes, without its newline.
    public func line(_ level: LogLevel, _ event: String, _ fields: KeyValuePairs<String, String> = [:]) -> String {
        line(level, event, fields: fields.map { (key: $0.key, value: $0.value) })
    }

    /// ``line(_:_:_:)`` with fields built at run time (in order).
    public func line(_ level: LogLevel, _ event: String, fields: [(key: String, value: String)]) -> String {
        var line = "ts=" + LogfmtEncoding.timestamp(clock()) + " level=" + level.rawValue
            + " event=" + LogfmtEncoding.value(redact(event))
        for (key, value) in fields {
            line += " " + LogfmtEncoding.key(key) + "=" + LogfmtEncoding.value(redact(value))
        }
        return line
    }

    /// `text` with every secret replaced by `REDACTED`.
    public func redact(_ text: String) -> String {
        guard !secrets.isEmpty, mayHoldSecret(text) else { return text }
        var text = text
        for secret in secrets where text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: "REDACTED")
        }
        return text
    }
}
