import Rules
import Store

/// One job of the worker under the ``Worker`` (its supervisor), in the spirit of
/// swift-service-lifecycle's `Service` in a `ServiceGroup`, kept on threads: the supervisor owns the
/// clock, the signals, the reloads and the shutdown order, and each pass hands every service the
/// same instant. A service says when it next needs a pass (``nextRun``), runs one step at the
/// instant it is given (``run(at:)``), takes a reloaded rule set (``reload(_:at:)``) and stops
/// (``stop(at:)``); a service with a thread of its own starts and joins it through ``ServiceThread``.
///
/// Each service receives only the store capability it uses (``OutboxStore``, ``RuleStateStore``, …)
/// and the services it reads from, by type: no context bag travels between them.
protocol WorkerService: AnyObject {
    /// When this service next needs a pass, in seconds of the worker's clock; nil: none of its own
    /// (it runs at the passes the others ask for).
    var nextRun: Int64? { get }
    /// One step at `now`, the pass's instant.
    func run(at now: Int64)
    /// The rules directory was loaded again (a SIGHUP, a change in the directory): from now on the
    /// service works with `rules`.
    func reload(_ rules: Workspace, at now: Int64)
    /// Ends what the service holds — its thread, its connection, its leases — in the supervisor's
    /// shutdown order.
    func stop(at now: Int64)
}

extension WorkerService {
    var nextRun: Int64? { nil }
    func reload(_ rules: Workspace, at now: Int64) {}
    func stop(at now: Int64) {}
}

/// What a pass committed to the outbox — the rules' decisions, the watchdog's notices — for the
/// ``Sender`` to send: the one thing the services hand each other within a pass.
final class OutboxHandoff {
    private var entries: [OutboxEntry] = []

    /// Adds entries just committed (as the commit returned them).
    func add(_ committed: [OutboxEntry]) { entries += committed }

    /// The entries added since the last take.
    func take() -> [OutboxEntry] {
        defer { entries = [] }
        return entries
    }
}
