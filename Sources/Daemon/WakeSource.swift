import Foundation
import Glibc
internal import CLinuxEvents

/// One place the worker sleeps: an epoll descriptor over a `signalfd` (SIGHUP, SIGTERM, SIGINT), an
/// inotify watch on the rules directory, a realtime `timerfd` for the next deadline (which the
/// kernel cancels when the wall clock is set or the machine resumes) and an `eventfd` other threads
/// can poke. ``wait(until:)`` sleeps until one of them fires: no polling.
///
/// **Signals.** A `signalfd` only sees signals that are blocked in *every* thread; a thread that
/// does not block SIGHUP would take it and die of the default action. Call
/// ``blockSignals(_:)`` first thing in `main`, before any thread starts (threads inherit the mask),
/// or create the `WakeSource` there. The mask stays in place after the source is gone.
/// ``threadsNotBlocking(_:)`` tells whether that worked.
///
/// Not thread-safe: one thread (the worker loop) owns it. Other threads use ``wakeUpHandle``.
public final class WakeSource {
    /// The directory whose changes are reported, if any (its subdirectories are watched too).
    public let watchedDirectory: String?
    /// Changes are reported once the directory was quiet for this long (coalescing an editor's or a
    /// deployment's burst of events), at the latest 5 × this after the first change.
    public let debounce: Duration
    /// The Sendable handle other threads use to wake this source.
    public let wakeUpHandle: WakeUpHandle
    /// The signals this source reports.
    public let signals: Set<Signal>

    private let epoll: Int32
    private let signalDescriptor: Int32
    private let timerDescriptor: Int32
    private let directoryWatch: DirectoryWatch?
    private var clockWatch: ClockWatch
    /// Monotonic nanoseconds of the first and the latest change not yet reported.
    private var pendingChange: (first: Int64, latest: Int64)?
    /// The wall clock was set before the timer could be armed (reported by the next wait).
    private var clockSetWhileArming = false

    private enum Tag: UInt32 { case signal = 1, directory, timer, wakeUp }

    /// A deadline this far away stands for "no deadline" (the timer must stay armed to be cancelled
    /// by a clock change).
    private static let farFuture: TimeInterval = 400 * 86_400

    /// Blocks `signals` and opens the descriptors.
    ///
    /// - Parameters:
    ///   - signals: reported signals; they are blocked in the calling thread (see the type's note).
    ///   - directory: the rules directory to watch, or nil.
    ///   - debounce: the quiet interval before a directory change is reported (default 200 ms).
    /// - Throws: ``DaemonError`` naming the failing system call (a missing directory:
    ///   `inotify_add_watch(/etc/leavenow/rules) failed: No such file or directory`).
    public init(signals: Set<Signal> = Set(Signal.allCases), watching directory: String? = nil,
                debounce: Duration = .milliseconds(200)) throws(DaemonError) {
        self.signals = signals
        self.watchedDirectory = directory
        self.debounce = debounce
        self.clockWatch = ClockWatch(SystemClocks.now())
        try Self.blockSignals(signals)

        var opened: [Int32] = []
        func fail(_ error: DaemonError) -> DaemonError {
            for descriptor in opened { close(descriptor) }
            return error
        }
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw .lastSystemCall("epoll_create1") }
        opened.append(epoll)
        var mask = Self.signalSet(signals)
        let signalDescriptor = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard signalDescriptor >= 0 else { throw fail(.lastSystemCall("signalfd")) }
        opened.append(signalDescriptor)
        let timerDescriptor = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard timerDescriptor >= 0 else { throw fail(.lastSystemCall("timerfd_create", "CLOCK_REALTIME")) }
        opened.append(timerDescriptor)
        let handle: WakeUpHandle
        let watch: DirectoryWatch?
        do {
            handle = try WakeUpHandle()
            watch = try directory.map { path throws(DaemonError) in try DirectoryWatch(root: path) }
        } catch {
            throw fail(error)
        }
        let registrations: [(Int32, Tag)] = [(signalDescriptor, .signal), (timerDescriptor, .timer),
                                            (handle.descriptor, .wakeUp)] + (watch.map { [($0.descriptor, .directory)] } ?? [])
        for (descriptor, tag) in registrations {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.u32 = tag.rawValue
            guard epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) == 0 else {
                throw fail(.lastSystemCall("epoll_ctl", "EPOLL_CTL_ADD \(tag)"))
            }
        }
        self.epoll = epoll
        self.signalDescriptor = signalDescriptor
        self.timerDescriptor = timerDescriptor
        self.wakeUpHandle = handle
        self.directoryWatch = watch
    }

    deinit {
        close(epoll)
        close(signalDescriptor)
        close(timerDescriptor)
    }

    /// Sleeps until `deadline` (wall clock) or until something else happens, and says what.
    ///
    /// Returns at least one reason. A signal, a wake-up, a clock change or the deadline ends the wait
    /// at once; a directory change ends it once the directory was quiet for ``debounce`` (a change
    /// still settling when the wait ends for another reason is reported by a later wait).
    /// After `.clockChanged` or `.resumed`, recompute the deadline: a jump past it is reported as
    /// the clock change, and the next wait with that deadline returns `.deadline` at once.
    ///
    /// - Parameter deadline: when to return `.deadline`; nil sleeps until something else happens.
    ///   A deadline in the past returns `.deadline` immediately.
    /// - Throws: ``DaemonError`` when a descriptor fails (not for interrupted calls).
    public func wait(until deadline: Date?) throws(DaemonError) -> [WakeReason] {
        directoryWatch?.rewatchIfNeeded()
        try arm(deadline ?? Date(timeIntervalSince1970: Date().timeIntervalSince1970 + Self.farFuture))
        if clockSetWhileArming {
            clockSetWhileArming = false
            return clockWatch.reasons(at: SystemClocks.now(), timerCancelled: true)
        }
        var events = [epoll_event](repeating: epoll_event(), count: 8)
        while true {
            var reasons: [WakeReason] = []
            let count = events.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(epoll, buffer.baseAddress, Int32(buffer.count), epollTimeout())
            }
            if count < 0 {
                guard Glibc.errno == EINTR else { throw .lastSystemCall("epoll_wait") }
                continue
            }
            var timerCancelled = false
            for event in events.prefix(Int(count)) {
                switch Tag(rawValue: event.data.u32) {
                case .signal: reasons += drainSignals()
                case .timer:
                    switch drainTimer() {
                    case .expired: if deadline != nil { reasons.append(.deadline) }
                    case .cancelled: timerCancelled = true
                    case .nothing: break
                    }
                case .wakeUp: if wakeUpHandle.drain() { reasons.append(.woken) }
                case .directory:
                    if directoryWatch?.drain() == true {
                        let now = SystemClocks.read(CLOCK_MONOTONIC)
                        pendingChange = (pendingChange?.first ?? now, now)
                    }
                case nil: break
                }
            }
            if let change = pendingChange, let watch = directoryWatch, settleTime(change) <= SystemClocks.read(CLOCK_MONOTONIC) {
                pendingChange = nil
                reasons.append(.directoryChanged(watch.root))
            }
            reasons += clockWatch.reasons(at: SystemClocks.now(), timerCancelled: timerCancelled)
            if !reasons.isEmpty { return reasons }
        }
    }

    /// Blocks `signals` in the calling thread (`pthread_sigmask`); threads started afterwards inherit
    /// the mask. Call it first thing in `main`.
    public static func blockSignals(_ signals: Set<Signal> = Set(Signal.allCases)) throws(DaemonError) {
        var mask = signalSet(signals)
        let result = pthread_sigmask(SIG_BLOCK, &mask, nil)
        guard result == 0 else { throw .systemCall(name: "pthread_sigmask", subject: "SIG_BLOCK", errno: result) }
    }

    /// The ids of this process's threads that do not block every one of `signals` (from
    /// `/proc/self/task/*/status`). Empty when ``blockSignals(_:)`` ran before threads started; the
    /// worker can log the others, since any of them would take a signal meant for the `signalfd`.
    public static func threadsNotBlocking(_ signals: Set<Signal> = Set(Signal.allCases)) -> [Int32] {
        let wanted = signals.reduce(UInt64(0)) { $0 | (1 << UInt64($1.number - 1)) }
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task -> Int32? in
            guard let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
                  let blocked = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            else { return nil }
            return blocked & wanted == wanted ? nil : Int32(task)
        }.sorted()
    }

    // MARK: - Descriptors

    private static func signalSet(_ signals: Set<Signal>) -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal.number) }
        return mask
    }

    /// Arms the realtime timer at `deadline` (absolute, cancelled when the clock is set).
    private func arm(_ deadline: Date) throws(DaemonError) {
        let time = deadline.timeIntervalSince1970
        let seconds = time.rounded(.down)
        var value = itimerspec()
        value.it_value.tv_sec = Int(seconds)
        value.it_value.tv_nsec = min(999_999_999, Int((time - seconds) * 1e9))
        if value.it_value.tv_sec <= 0 && value.it_value.tv_nsec == 0 { value.it_value.tv_nsec = 1 } // 0 disarms
        // The wall clock set since the timer was last read (an NTP step while the caller was busy):
        // the kernel refuses to arm until the cancellation is read. Read it, remember it for the
        // wait to report as `.clockChanged`, and arm again.
        for _ in 0..<3 {
            if timerfd_settime(timerDescriptor, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &value, nil) == 0 { return }
            guard Glibc.errno == ECANCELED else { break }
            _ = drainTimer()
            clockSetWhileArming = true
        }
        throw .lastSystemCall("timerfd_settime", "CLOCK_REALTIME")
    }

    private enum TimerState { case expired, cancelled, nothing }

    private func drainTimer() -> TimerState {
        var expirations: UInt64 = 0
        let got = read(timerDescriptor, &expirations, MemoryLayout<UInt64>.size)
        if got == MemoryLayout<UInt64>.size { return .expired }
        return got < 0 && Glibc.errno == ECANCELED ? .cancelled : .nothing
    }

    private func drainSignals() -> [WakeReason] {
        var reasons: [WakeReason] = []
        var info = signalfd_siginfo()
        while read(signalDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            if let signal = Signal(number: Int32(bitPattern: info.ssi_signo)) { reasons.append(.signal(signal)) }
        }
        return reasons
    }

    // MARK: - Debounce

    private var debounceNanoseconds: Int64 {
        debounce.components.seconds * 1_000_000_000 + debounce.components.attoseconds / 1_000_000_000
    }

    /// When a pending change is reported: after a quiet interval, at most 5 intervals after the first.
    private func settleTime(_ change: (first: Int64, latest: Int64)) -> Int64 {
        min(change.latest + debounceNanoseconds, change.first + 5 * debounceNanoseconds)
    }

    /// Milliseconds epoll may sleep: until a pending change settles, else forever (the timer is armed).
    private func epollTimeout() -> Int32 {
        guard let change = pendingChange else { return -1 }
        let remaining = settleTime(change) - SystemClocks.read(CLOCK_MONOTONIC)
        return remaining <= 0 ? 0 : Int32(min(Int64(Int32.max), (remaining + 999_999) / 1_000_000))
    }
}

@available(*, unavailable)
extension WakeSource: Sendable {}
