import Foundation

/// A thread of one worker service, with the one lifecycle they all share: it starts with its
/// body, the service tells the body to stop its own way (a flag and a wake-up), and ``join(timeout:)``
/// waits for the body to return — at most that long, so a stuck request never holds the shutdown.
///
/// The sender, its listener and the heartbeat each run on one. The thread inherits the signal mask
/// of the thread that starts it: started after the ``WakeSource`` blocked the signals, SIGTERM and
/// SIGHUP reach the signalfd and never kill it.
final class ServiceThread: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `body` on a thread named `name` (`leavenow-sender`, … in `top -H`).
    init(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [finished] in
            body()
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Waits until the body returned, at most `timeout` seconds (0: only looks); false when it is still running.
    @discardableResult
    func join(timeout: Double) -> Bool {
        finished.wait(timeout: .now() + timeout) == .success
    }
}
