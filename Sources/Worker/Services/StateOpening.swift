import Daemon
import Foundation
import Store

/// Opens the worker's state. A PostgreSQL server that cannot be reached — down, starting up, not
/// there yet — is tried again with backoff (``retryDelays``) instead of exiting: each attempt is
/// logged (`state.unreachable`), told to systemd (status, a longer start timeout, the watchdog) and
/// written to the cache directory's ``DatabaseStatusRecord`` for `leavenow status`. A login or
/// database the server refuses, or a newer schema, fails at once (they need a fix, not a wait); so
/// does `--once` (cron runs it again).
enum StateOpening {
    /// The waits between attempts to reach a PostgreSQL server that is down at the start (real
    /// seconds; the last one repeats).
    static let retryDelays: [Double] = [1, 2, 4, 8, 15, 30]

    /// The state of `options`; the record's times are real seconds of `clock` (`status` reads them on the wall clock).
    static func open(_ options: WorkerOptions, clock: any WorkerClock, logger: LogfmtLogger, systemd: SystemdNotifier) throws -> any NotificationStore {
        let location = try options.stateLocation
        guard case .postgres(let url) = location else { return try location.open() }
        let directory = options.stateDirectory
        func realNow() -> Int64 { Int64(clock.realNow().timeIntervalSince1970) }
        let since = realNow()
        var attempts = 0
        while true {
            do {
                let store = try location.open()
                let now = realNow()
                if attempts > 0 {
                    logger.log(.notice, "state.connected", ["state": url.redacted, "msg": "the PostgreSQL server answered after \(attempts) failed attempt\(attempts == 1 ? "" : "s")"])
                }
                try? DatabaseStatusRecord(connection: .connected, url: url.redacted, since: now, updatedAt: now).write(directory: directory)
                return store
            } catch let error as StoreError where error.isServerUnavailable && !options.once {
                attempts += 1
                let delay = retryDelays[min(attempts - 1, retryDelays.count - 1)]
                let now = realNow()
                logger.log(.warning, "state.unreachable", fields: [
                    (key: "attempt", value: "\(attempts)"), (key: "retry_in", value: "\(Int(delay))s"),
                    (key: "msg", value: "\(error); no rule runs until the server answers (nothing is lost: the worker has not started)"),
                ])
                let record = DatabaseStatusRecord(connection: .waiting, url: url.redacted, since: since, attempts: attempts,
                                                  nextAttempt: now + Int64(delay), error: error.message, updatedAt: now)
                do {
                    try record.write(directory: directory)
                } catch {
                    logger.log(.warning, "state.status_unwritten", ["msg": "\(error)"])
                }
                _ = try? systemd.status("waiting for the PostgreSQL state \(url.redacted) (attempt \(attempts), next in \(Int(delay)) s)")
                _ = try? systemd.extendTimeout(by: .seconds(Int64(delay) + 60))
                _ = try? systemd.watchdog()
                Thread.sleep(forTimeInterval: delay)
            }
        }
    }
}
