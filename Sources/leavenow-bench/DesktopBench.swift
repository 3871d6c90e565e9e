import Channels
import Config
import Delivery
import Foundation
import Notifications
import Secrets

/// The cost of one desktop notification through leavenow: `DesktopNotifier.notify` (bus check,
/// PATH lookup, `posix_spawn` of `notify-send`, wait) N times, and `Dispatcher.send` of N desktop
/// jobs, against the notification daemon of the session in the environment
/// (`DBUS_SESSION_BUS_ADDRESS`). `scripts/bench/desktop.sh` starts a private dunst under Xvfb and
/// dbus-daemon, times a bare `notify-send` loop with the same arguments, and runs this.
///
/// `leavenow-bench desktop [--count N] [--runs R]` (N = 200, R = 3).
func runDesktopBenchmark(arguments: [String]) throws {
    var count = 200, runs = 3
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        guard let text = remaining.popFirst(), let value = Int(text), value > 0 else {
            throw LocalNginxError("\(argument) needs a positive number")
        }
        switch argument {
        case "--count": count = value
        case "--runs": runs = value
        default: throw LocalNginxError("unknown option \(argument)")
        }
    }
    let environment = ProcessInfo.processInfo.environment
    let notifier = DesktopNotifier(environment: environment)
    _ = try notifier.sessionBusAddress()
    let options = DesktopArguments(appName: "leavenow-bench", expireSeconds: 1)
    let now = Int64(Date().timeIntervalSince1970)
    func notification(_ key: String) -> Notice {
        Notice(key: key, rule: "bench", kind: .leaveNow, fireAt: now, expiresAt: nil, channels: ["desktop"],
                           urgency: .normal, language: .ja, title: "出発の時刻です", text: "10:40 銀座線 浅草行き")
    }

    var notifierTimes: [Double] = []
    for run in 0..<runs {
        let start = BenchmarkClock.seconds()
        for index in 0..<count {
            try notifier.notify(notification("desktop-\(run)-\(index)"), options: options, now: now)
        }
        notifierTimes.append((BenchmarkClock.seconds() - start) / Double(count) * 1000)
    }

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-desktop-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("channels:\n  - id: desktop\n    type: desktop\n    app_name: leavenow-bench\n    expire: 1\n    rate_per_minute: 0\n".utf8)
        .write(to: directory.appendingPathComponent("channels.yaml"))
    let dispatcher = Dispatcher(channels: try Configuration.load(directory: directory.path).channels,
                                secrets: SecretSource(environment: environment))
    var dispatcherTimes: [Double] = []
    for run in 0..<runs {
        let jobs = (0..<count).map { DeliveryJob(id: Int64($0), notification: notification("dispatch-\(run)-\($0)"), channel: "desktop") }
        let start = BenchmarkClock.seconds()
        let delivered = dispatcher.send(jobs).filter(\.outcome.isDelivered).count
        dispatcherTimes.append((BenchmarkClock.seconds() - start) / Double(count) * 1000)
        guard delivered == count else { throw LocalNginxError("desktop: \(delivered) of \(count) delivered") }
    }
    func show(_ times: [Double]) -> String {
        String(format: "%.2f ms median (runs: %@)", BenchmarkClock.median(times),
               times.map { String(format: "%.2f", $0) }.joined(separator: " "))
    }
    print("desktop: \(count) notifications × \(runs) runs")
    print("  DesktopNotifier.notify        " + show(notifierTimes))
    print("  Dispatcher.send (desktop)     " + show(dispatcherTimes))
}
