/// Durable state of the worker, every capability on one connection: the outbox and its delivery log
/// (``OutboxStore``), the rules' state and the decision's commit (``RuleStateStore``), the recorded
/// evaluations (``HistoryStore``), the source index (``SourceIndexStore``) and a few key/value facts
/// (``MetaStore``); on a state several workers share, also ``sharedFleet``. `SQLiteStore` is the
/// default; `PostgresStore` is the one several workers can share. `StateLocation` opens the right one
/// for a `--state` value.
///
/// What opens the state holds this; each part of the worker is handed only the capability it uses
/// (as GRDB hands a `DatabaseReader` where nothing is written).
///
/// Times are seconds since the epoch and always passed in (`now`): the store never reads a clock.
/// A store is used from one thread or actor at a time.
public protocol NotificationStore: OutboxStore, RuleStateStore, HistoryStore, SourceIndexStore, MetaStore {
    /// The shared-fleet capability of this state (claims, shared rate limits, listen/notify,
    /// leases), nil when the state is not shared (one SQLite file, one worker).
    var sharedFleet: (any SharedFleetStore)? { get }

    /// Closes the connection; later calls throw.
    func close()
}
