import Config
import Daemon
import Delivery
import Foundation
import Glibc
import Secrets
import Store
import Synchronization

/// The worker's sending half: an ``OutboxPump`` on its own thread, with its own SQLite connection
/// and its own dispatcher (curl multi handle), so that the rules are evaluated and their decisions
/// committed on time whatever the channels do — a slow, stalling or failing channel delays only
/// deliveries, never a decision.
///
/// The deciding thread hands over what it committed (``enqueue(_:)``) and the channels of each
/// (re)load (``reload(channels:)``), and wakes the sender through an `eventfd` that the sender's
/// `curl_multi_poll` waits on beside the transfers. The sender sleeps until the next retry or
/// expiry in the outbox, a wake-up, or an answer. ``stop()`` lets the requests running finish
/// (within the request timeout), records them, and ends the thread.
///
/// `Sendable`: what the two threads share is behind a `Mutex`; the pump, its store and its
/// dispatcher live on the sender thread only (created there).
final class OutboxSender: Sendable {
    /// What the deciding thread has for the sender.
    private struct Mailbox {
        var entries: [OutboxEntry] = []
        /// Channels of a reload not applied yet.
        var channels: [ChannelSpec]?
        var stopping = false
    }

    private let mailbox = Mutex(Mailbox())
    private let wake: WakeUpHandle
    /// Ends the listener thread's wait (a shared PostgreSQL state only).
    private let listenerStop: WakeUpHandle
    /// The sending thread, and the listening one (nil: not a shared state).
    private let threads: Mutex<(sender: ServiceThread?, listener: ServiceThread?)> = Mutex((nil, nil))

    /// Starts the thread: it opens `options.statePath` (its own connection) and sends through `channels`,
    /// claiming entries as `claimer` on a shared PostgreSQL state. There a second thread listens
    /// (``OutboxNotifications/listen()``, a third connection) and wakes the sender when any worker
    /// queues something.
    init(options: WorkerOptions, channels: [ChannelSpec], clock: any WorkerClock, logger: LogfmtLogger,
         claimer: String? = nil, notifications: OutboxNotifications?) throws(DaemonError) {
        wake = try WakeUpHandle()
        listenerStop = try WakeUpHandle()
        let sender = ServiceThread(name: "leavenow-sender") { [self] in
            run(options: options, channels: channels, clock: clock, logger: logger, claimer: claimer)
        }
        let listener = notifications.map { notifications in
            ServiceThread(name: "leavenow-listener") { [self] in listen(notifications, logger: logger) }
        }
        threads.withLock { $0 = (sender, listener) }
    }

    /// Hands entries just committed to the sender (sent at once when due) and wakes it.
    func enqueue(_ entries: [OutboxEntry]) {
        guard !entries.isEmpty else { return }
        mailbox.withLock { $0.entries += entries }
        wake.wakeUp()
    }

    /// Wakes the sender to look at the outbox again (a clock change: retries and expiries moved).
    func poke() { wake.wakeUp() }

    /// Sends through `channels` from now on: the requests running finish first.
    func reload(channels: [ChannelSpec]) {
        mailbox.withLock { $0.channels = channels }
        wake.wakeUp()
    }

    /// Stops starting requests, lets the running ones finish and be recorded, and waits for the
    /// thread to end — at most `timeout` seconds; false when it did not end in time.
    @discardableResult
    func stop(timeout: Double) -> Bool {
        mailbox.withLock { $0.stopping = true }
        wake.wakeUp()
        listenerStop.wakeUp()
        let (sender, listener) = threads.withLock { $0 }
        let sent = sender?.join(timeout: timeout) ?? true
        let listened = listener?.join(timeout: timeout) ?? true
        return sent && listened
    }

    // MARK: - The listener thread

    /// Until ``stop(timeout:)``: waits on the listener's socket and wakes the sender at each
    /// `NOTIFY leavenow_outbox`. A listener that cannot connect (or gave up reconnecting) is tried
    /// again every 5 s (the sender still wakes for its own entries and at the outbox's next time).
    private func listen(_ notifications: OutboxNotifications, logger: LogfmtLogger) {
        var listener: PostgresListener?
        var failing = false
        while !mailbox.withLock({ $0.stopping }) {
            do {
                let current: PostgresListener
                if let listener {
                    current = listener
                } else {
                    current = try notifications.listen()
                    listener = current
                    logger.log(.info, "outbox.listening", ["channel": OutboxNotifications.channel,
                                                           "msg": failing ? "listening for queued entries again" : "listening for queued entries"])
                    failing = false
                }
                switch try current.wait(milliseconds: -1, wakeDescriptor: listenerStop.descriptor) {
                case .notified: wake.wakeUp()
                case .woken, .timeout: continue
                }
            } catch {
                listener?.close()
                listener = nil
                if !failing {
                    logger.log(.warning, "outbox.listen_failed", ["msg": "\(error); entries other workers queue are seen at the next pass"])
                    failing = true
                }
                var stop = pollfd(fd: listenerStop.descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&stop, 1, 5_000)
            }
        }
        listener?.close()
    }

    // MARK: - The sender thread

    private func run(options: WorkerOptions, channels: [ChannelSpec], clock: any WorkerClock, logger: LogfmtLogger,
                     claimer: String?) {
        let store: any NotificationStore
        do {
            store = try options.stateLocation.open()
            store.sharedFleet?.claimOutbox(as: claimer, for: options.outboxClaimSeconds)
        } catch {
            logger.log(.error, "outbox.sender_failed", ["msg": "the sender could not open the state: \(error); nothing is sent until a restart"])
            return
        }
        defer { store.close() }
        func dispatcher(_ channels: [ChannelSpec]) -> Dispatcher {
            Dispatcher(channels: channels, secrets: SecretSource(environment: options.environment),
                       configuration: options.dispatcherConfiguration, now: clock.date)
        }
        let pump = OutboxPump(store: store, fleet: store.sharedFleet, dispatcher: dispatcher(channels), logger: logger, batchSize: options.batchSize)
        while true {
            _ = wake.drain()
            let (fresh, reload, stopping) = mailbox.withLock { box in
                defer { box.entries = []; box.channels = nil }
                return (box.entries, box.channels, box.stopping)
            }
            if stopping { break }
            // Nothing runs between two `deliver`s: the dispatcher can be replaced.
            if let reload { pump.dispatcher = dispatcher(reload) }
            let now = Int64(clock.now().rounded(.down))
            pump.deliver(now: now, fresh: fresh, wakeDescriptor: wake.descriptor, incoming: {
                // Drained here, or the readable eventfd would end every wait for answers at once.
                _ = self.wake.drain()
                return self.mailbox.withLock { box in
                    defer { box.entries = [] }
                    return box.entries
                }
            }, betweenRounds: {
                // A stop or a reload: let what runs finish, then come back here.
                self.mailbox.withLock { !$0.stopping && $0.channels == nil }
            })
            // Sleep until the next retry or expiry (or a wake-up), on the sender's own poll.
            let next: Int64?
            do {
                next = try store.nextAttemptTime(excludingChannels: pump.heldChannels)
            } catch {
                logger.log(.error, "outbox.failed", ["msg": "\(error)"])
                next = Int64(clock.now()) + 5
            }
            let pending = mailbox.withLock { !$0.entries.isEmpty || $0.channels != nil || $0.stopping }
            guard !pending else { continue }
            var milliseconds: Int32 = 60_000
            if let next {
                let seconds = clock.realTime(of: Double(next)).timeIntervalSinceNow
                milliseconds = Int32(max(20, min(60_000, (seconds * 1_000).rounded(.up))))
            }
            _ = pump.dispatcher.collect(waitMilliseconds: milliseconds, wakeDescriptor: wake.descriptor)
        }
    }
}
