import Foundation
// The reader's language and the message catalogue (`Language`, `Message`, `MessageKey`) are the
// Messages module's; every file of the command line sees them.
@_exported import Messages

extension CommandContext {
    /// Runs a command in the reader's language (from `LC_ALL` / `LC_MESSAGES` / `LANG`): every
    /// message made or rendered inside speaks it, and an error that escapes is rendered inside too
    /// (as a ``CommandFailure``, which `main` prints as it prints any other error: `leavenow: …`,
    /// exit 1). JSON output stays English: build it inside ``english(_:)``.
    func speaking<Result>(_ body: () throws -> Result) throws -> Result {
        try language.speaking {
            do {
                return try body()
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure.failure("\(error)")
            }
        }
    }

    /// `body` with English as the reader's language: output for programs (JSON), like logs.
    func english<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Language.english.speaking(body)
    }

    /// `warning: message` (`警告: …`) on stderr, in the reader's language (kept by the
    /// ``CommandContext/warningSink`` when there is one, and printed unless it keeps them only).
    func warn(_ message: Message) {
        if let warningSink {
            warningSink.messages.append(message)
            guard warningSink.prints else { return }
        }
        FileHandle.standardError.write(Data((Message(.warningLine, ["message": .message(message)]).text + "\n").utf8))
    }
}

/// The warnings a command gave, in order (``CommandContext/warningSink``). Not `Sendable`: one
/// command's, on its thread.
final class WarningSink {
    /// The warnings so far.
    var messages: [Message] = []
    /// Whether they are also printed (false: kept for a report, `check --json`).
    let prints: Bool

    init(prints: Bool) { self.prints = prints }
}

extension Language {
    /// The catalogue entry `key` with `arguments`, in this language (for renderers that are given
    /// their language rather than reading the reader's).
    func say(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) -> String {
        Message(key, arguments).rendered(in: self)
    }
}

/// A command's `usage: leavenow …` text with `usage:` in the reader's language (`使い方: leavenow …`);
/// the lines of its other forms stay aligned under the first.
func localizedUsage(_ usage: String) -> String {
    let prefix = "usage: "
    guard usage.hasPrefix(prefix) else { return usage }
    let localized = Message(.cliUsage, ["synopsis": .text("")]).text
    let indent = String(repeating: " ", count: DisplayWidth.of(localized))
    let lines = usage.dropFirst(prefix.count).split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
        index == 0 || !line.hasPrefix(String(repeating: " ", count: prefix.count)) ? String(line) : indent + line.dropFirst(prefix.count)
    }
    return Message(.cliUsage, ["synopsis": .text(lines.joined(separator: "\n"))]).text
}
