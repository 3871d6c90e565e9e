import Config
import LiveSources
import Store

/// How `run --once` ends: exit 0 when every source the pass needed answered; exit 75
/// (``CommandFailure/tempFailure(_:)``) when a configured source's last fetch failed — the rules
/// ran on its last good data (or without it), and cron should try again later. The failures are
/// the state's source index (what `leavenow sources` shows as LAST ERROR), read after the pass; a
/// failure of this process's own fetch is said with its error in the reader's language (`live`),
/// the others with the English the state keeps.
enum OnceOutcome {
    /// Throws the failure naming each failing source and its error, or returns when none failed.
    static func check(configuration: Configuration, state: StateLocation, live: [String: SourceFetchError] = [:],
                      context: CommandContext) throws {
        let rows = SourceIndex.rows(state: state, context: context)
        let failed: [(source: LiveSource, error: Message)] = LiveSource.all(in: configuration).compactMap { source in
            rows[source.cacheName]?.lastError.map { stored in (source, live[source.cacheName]?.text ?? .verbatim(stored)) }
        }
        guard !failed.isEmpty else { return }
        let lines = failed.map { "  " + ($0.source.name + .verbatim(": ") + $0.error).text }
        throw CommandFailure.tempFailure(Message(.runOnceSourcesFailed, ["count": .number(failed.count)]).text + "\n" + lines.joined(separator: "\n"))
    }
}
