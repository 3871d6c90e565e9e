import Store

/// The end of the worker's own connection to its state, last in the shutdown order. On an SQLite
/// state the file's WAL is checkpointed on a thread of its own (`SQLiteCheckpointer` in Store, off
/// the writers' path), shared by the worker's connections and ended with the last of them: the
/// sender's closes when its thread ends, this one after every other service stopped — so the
/// checkpoint thread ends before the process exits, and SQLite checkpoints the WAL as its last
/// connection closes. On a PostgreSQL state it closes the connection.
final class Checkpointer: WorkerService {
    private let store: any NotificationStore

    init(store: any NotificationStore) {
        self.store = store
    }

    func run(at now: Int64) {}

    func stop(at now: Int64) {
        store.close()
    }
}

@available(*, unavailable, message: "a service of the worker's one thread")
extension Checkpointer: Sendable {}
