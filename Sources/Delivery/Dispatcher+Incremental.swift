import Foundation
import Synchronization
import Messages

extension Dispatcher {
    /// Requests started with ``start(_:tag:)`` whose results ``collect(waitMilliseconds:wakeDescriptor:)``
    /// has not returned yet. Keep it at most ``DispatcherConfiguration/maxConnections``.
    public var runningCount: Int { runningJobs.count }

    /// How many of the running requests are for `channel`.
    public func runningCount(channel: String) -> Int {
        runningJobs.values.reduce(0) { $0 + ($1.channel == channel ? 1 : 0) }
    }

    /// The dispatcher's clock, in whole seconds since the epoch (what expiry and retry times use).
    public var currentSecond: Int64 { Int64(now().timeIntervalSince1970.rounded(.down)) }

    /// Starts one job, with the checks of ``send(_:)`` in the same order (unknown or unusable
    /// channel, expiry, rate limit), and returns its result when it is decided at once: a permanent
    /// failure, expired, deferred by the rate limit, a request that could not be started. Returns nil
    /// when the job is running — a request, or a desktop notification's `notify-send` on a thread of
    /// its own: ``collect(waitMilliseconds:wakeDescriptor:)`` hands its result back under `tag`
    /// (unique among the running jobs).
    public func start(_ job: DeliveryJob, tag: Int) -> DeliveryResult? {
        switch prepare(job, at: now().timeIntervalSince1970) {
        case .decided(let outcome):
            return result(job, outcome, finished: currentSecond)
        case .request(let endpoint, let request):
            if let error = client.start(request, tag: tag) {
                return result(job, Self.classify(.failure(error), endpoint: endpoint, redaction: request.redaction), finished: currentSecond)
            }
            runningJobs[tag] = job
            runningRedactions[tag] = request.redaction
            return nil
        case .desktop(let endpoint, let arguments):
            // `notify-send` runs on a thread of its own (up to its timeout): a stuck desktop delays
            // only desktop notifications, never the webhooks beside it.
            let runner = desktop, outcomes = desktopOutcomes, notification = job.notification, id = endpoint.id, clock = now
            let thread = Thread {
                outcomes.append(tag: tag, outcome: Self.showDesktop(notification, arguments: arguments, channel: id, runner: runner, now: clock))
            }
            thread.name = "leavenow-desktop"
            runningJobs[tag] = job
            runningDesktop.insert(tag)
            thread.start()
            return nil
        }
    }

    /// The results of the running requests that completed, with their tags: waits for the first
    /// one at most `waitMilliseconds` (less when `wakeDescriptor` becomes readable; see
    /// `HTTPMultiClient.collect`). With nothing running it only waits, so a sender can sleep here
    /// until its next deadline or a wake-up.
    public func collect(waitMilliseconds: Int32, wakeDescriptor: Int32? = nil) -> [(tag: Int, result: DeliveryResult)] {
        // While a desktop notification runs, look at its outcome at least every 20 ms.
        var outcomes = desktopOutcomes.take()
        if outcomes.isEmpty {
            let wait = runningDesktop.isEmpty ? waitMilliseconds : min(waitMilliseconds, 20)
            outcomes = client.collect(waitMilliseconds: wait, wakeDescriptor: wakeDescriptor).compactMap { tag, response in
                guard let job = runningJobs[tag] else { return nil }
                let outcome: DeliveryOutcome = endpoints[job.channel].map {
                    Self.classify(response, endpoint: $0, redaction: runningRedactions.removeValue(forKey: tag))
                }
                    ?? .permanent(reason: Message(.deliveryNotSent, ["channel": .text("\"\(job.channel)\"")]))
                return (tag, outcome)
            }
            outcomes += desktopOutcomes.take()
        }
        guard !outcomes.isEmpty else { return [] }
        let finished = currentSecond
        return outcomes.compactMap { tag, outcome in
            guard let job = runningJobs.removeValue(forKey: tag) else { return nil }
            runningDesktop.remove(tag)
            runningRedactions.removeValue(forKey: tag)
            return (tag, result(job, outcome, finished: finished))
        }
    }
}

/// The outcomes of desktop notifications, appended by their threads and taken by the dispatcher's.
final class DesktopOutcomes: Sendable {
    private let outcomes = Mutex<[(tag: Int, outcome: DeliveryOutcome)]>([])

    func append(tag: Int, outcome: DeliveryOutcome) {
        outcomes.withLock { $0.append((tag, outcome)) }
    }

    func take() -> [(tag: Int, outcome: DeliveryOutcome)] {
        outcomes.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
