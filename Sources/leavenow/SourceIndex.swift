import Foundation
import LiveSources
import Store
import Worker

/// The sources' index in the state (`state.db` beside the cache, or the PostgreSQL database): the last error and the
/// next planned refresh of each source, which the cache's files do not hold. `leavenow fetch` and
/// the worker write it; `leavenow sources` and `leavenow status` read it.
enum SourceIndex {
    /// Records `results` fetched at `now` (the next refresh as the worker's policy would plan it,
    /// with the windows of `needs`). A state database that cannot be opened only costs a warning:
    /// the fetch itself succeeded.
    static func record(_ results: [SourceFetchResult], state: StateLocation, now: Int64, needs: SourceNeeds? = nil,
                       context: CommandContext) {
        guard !results.isEmpty else { return }
        do {
            let store = try state.open()
            defer { store.close() }
            let policy = SourceRefreshPolicy()
            for result in results {
                let state = policy.recording(result, in: SourceRefreshState(cached: result.cached, source: result.source), at: now)
                let windows = needs?.windows(for: result.source, now: now)
                try store.recordFetch(result, nextRefreshAt: policy.nextRefresh(for: result.source, state: state, now: now, needWindows: windows))
            }
        } catch {
            context.warn(Message(.fetchNotRecorded, ["state": .text("\(state)"), "error": .text("\(error)")]))
        }
    }

    /// The index rows by source cache name; empty when there is no state database yet.
    static func rows(state: StateLocation, context: CommandContext) -> [String: SourceStateRow] {
        if case .file(let path) = state, !FileManager.default.fileExists(atPath: path) { return [:] }
        do {
            let store = try state.openForReading()
            defer { store.close() }
            return Dictionary(try store.sourceStates().map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        } catch {
            context.warn(.verbatim("\(state): \(error)"))
            return [:]
        }
    }
}
