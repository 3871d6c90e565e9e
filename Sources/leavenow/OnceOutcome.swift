import Config
import LiveSources
import Store

/// How `run --once` ends: exit 0 when every source the pass needed answered; exit 75
/// (``CommandFailure/tempFailure(_:)``) when a configured source's last fetch failed — the rules
/// ran on its last good data (or without it), and cron should try again later. The failures are
/// the state's source index (what `leavenow sources` shows as LAST ERROR), read after the pass.
enum OnceOutcome {
    /// Throws the failure naming each failing source and its error, or returns when none failed.
    static func check(configuration: Configuration, state: StateLocation, context: CommandContext) throws {
        let rows = SourceIndex.rows(state: state, context: context)
        let failed: [(source: LiveSource, error: String)] = LiveSource.all(in: configuration).compactMap { source in
            rows[source.cacheName]?.lastError.map { (source, $0) }
        }
        guard !failed.isEmpty else { return }
        let lines = failed.map { "  " + ($0.source.name + .verbatim(": " + $0.error)).text }
        throw CommandFailure.tempFailure(Message(.runOnceSourcesFailed, ["count": .number(failed.count)]).text + "\n" + lines.joined(separator: "\n"))
    }
}
