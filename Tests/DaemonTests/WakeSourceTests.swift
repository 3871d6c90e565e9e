import Daemon
import Foundation
import Glibc
import Synchronization
import XCTest

final class WakeSourceTests: XCTestCase {
    /// The test thread's signal mask before the test. A `WakeSource` blocks SIGHUP, SIGINT and
    /// SIGTERM for good (that is its contract), and children inherit the mask (Foundation's
    /// `Process` does not reset it): restored after each test so the other suites in this process
    /// can still stop their helper servers with SIGTERM. Every signal a test sends is read first.
    private var savedMask = sigset_t()

    override func setUp() {
        super.setUp()
        pthread_sigmask(SIG_SETMASK, nil, &savedMask)
    }

    override func tearDown() {
        pthread_sigmask(SIG_SETMASK, &savedMask, nil)
        super.tearDown()
    }

    /// Returns at the deadline: never before it (the timer runs on the same wall clock), at most
    /// 40 ms after (the timer is exact to µs; the margin is for a loaded 2-core machine).
    func testDeadlineWakesOnTime() throws {
        let source = try WakeSource()
        let deadline = Date().addingTimeInterval(0.08)
        let reasons = try source.wait(until: deadline)
        let woke = Date()
        XCTAssertEqual(reasons, [.deadline])
        XCTAssertGreaterThanOrEqual(woke.timeIntervalSince(deadline), 0, "woke before the deadline")
        XCTAssertLessThan(woke.timeIntervalSince(deadline), 0.04, "woke late")
    }

    func testPastDeadlineReturnsImmediately() throws {
        let source = try WakeSource()
        let started = Date()
        XCTAssertEqual(try source.wait(until: started.addingTimeInterval(-60)), [.deadline])
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.05)
    }

    /// A SIGHUP aimed at the waiting thread arrives as `.signal(.hangup)` and does not kill it;
    /// SIGTERM likewise. (Process-directed: ``testProcessDirectedHangupInAFreshProcess()``.)
    func testSignalsAreReportedAndDoNotKill() throws {
        let source = try WakeSource()
        XCTAssertEqual(pthread_kill(pthread_self(), SIGHUP), 0)
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(5)), [.signal(.hangup)])
        XCTAssertEqual(pthread_kill(pthread_self(), SIGTERM), 0)
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(5)), [.signal(.terminate)])
    }

    /// `kill(getpid(), SIGHUP)`: the kernel may hand a process-directed signal to any thread that
    /// does not block it, and earlier tests in this process start threads that do not (which is
    /// why the worker must block the signals before starting threads). So this runs the test
    /// binary again, with only ``testHangupChild()``, the way the worker starts: source first.
    func testProcessDirectedHangupInAFreshProcess() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["DaemonTests.WakeSourceTests/testHangupChild"]
        process.environment = ProcessInfo.processInfo.environment.merging(["LEAVENOW_DAEMON_SIGNAL_CHILD": "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "the child died of a signal:\n\(text)")
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("hangup-child: [signal.SIGHUP]"), text)
        XCTAssertTrue(text.contains("testHangupChild' passed"), text)
    }

    /// Runs only as the child of ``testProcessDirectedHangupInAFreshProcess()``.
    func testHangupChild() throws {
        guard ProcessInfo.processInfo.environment["LEAVENOW_DAEMON_SIGNAL_CHILD"] == "1" else { return }
        let source = try WakeSource()
        XCTAssertEqual(WakeSource.threadsNotBlocking(), [], "a fresh test process starts its threads with signals blocked")
        XCTAssertEqual(kill(getpid(), SIGHUP), 0)
        let reasons = try source.wait(until: Date().addingTimeInterval(5))
        print("hangup-child: \(reasons)")
        XCTAssertEqual(reasons, [.signal(.hangup)])
    }

    /// A thread started after the source inherits the blocked mask.
    func testThreadsStartedAfterwardsBlockTheSignals() throws {
        _ = try WakeSource()
        let seen = ThreadReport()
        let thread = Thread {
            seen.record(tid: currentThreadID(), unblocked: WakeSource.threadsNotBlocking())
            seen.done.signal()
        }
        thread.start()
        XCTAssertEqual(seen.done.wait(timeout: .now() + 5), .success)
        let (tid, unblocked) = seen.result
        XCTAssertGreaterThan(tid, 0)
        XCTAssertFalse(unblocked.contains(tid), "thread \(tid) does not block the worker's signals")
        XCTAssertEqual(WakeSource.threadsNotBlocking([]), [], "an empty set is always blocked")
    }

    /// Writing a file reports the watched directory once, after the debounce interval: a burst of
    /// writes (here into a subdirectory too) is one change.
    func testDirectoryChangeIsDebounced() throws {
        let directory = try TemporaryDirectory("rules")
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path + "/timetables", withIntermediateDirectories: true)
        let source = try WakeSource(watching: directory.path, debounce: .milliseconds(100))
        let started = Date()
        for index in 0..<5 {
            try Data("rules: []\n".utf8).write(to: URL(fileURLWithPath: directory.path + "/r\(index).yaml"))
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path + "/timetables/t.csv"))
        let reasons = try source.wait(until: Date().addingTimeInterval(5))
        XCTAssertEqual(reasons, [.directoryChanged(directory.path)])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.1, "reported before the quiet interval")
        // The burst was one change: nothing is left to report.
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(0.3)), [.deadline])
    }

    /// A directory created after start is watched too, and deleting a file is a change.
    func testNewSubdirectoryAndDeletionAreWatched() throws {
        let directory = try TemporaryDirectory("rules")
        defer { directory.remove() }
        let source = try WakeSource(watching: directory.path, debounce: .milliseconds(20))
        try FileManager.default.createDirectory(atPath: directory.path + "/data", withIntermediateDirectories: true)
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(5)), [.directoryChanged(directory.path)])
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path + "/data/new.yaml"))
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(5)), [.directoryChanged(directory.path)])
        try FileManager.default.removeItem(atPath: directory.path + "/data/new.yaml")
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(5)), [.directoryChanged(directory.path)])
    }

    func testMissingDirectoryIsAnErrorNamingIt() throws {
        let path = NSTemporaryDirectory() + "leavenow-no-such-rules-\(UUID().uuidString)"
        XCTAssertThrowsError(try WakeSource(watching: path)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasPrefix("inotify_add_watch(\(path)) failed: No such file or directory"), text)
            XCTAssertEqual((error as? DaemonError)?.errno, ENOENT)
        }
    }

    /// Setting the wall clock (to the time it already shows: the clock does not move) cancels the
    /// realtime timer: `.clockChanged`, long before the deadline.
    func testSettingTheClockIsReported() throws {
        let source = try WakeSource()
        let setter = Thread {
            usleep(50_000)
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            clock_settime(CLOCK_REALTIME, &now)
        }
        var probe = timespec()
        clock_gettime(CLOCK_REALTIME, &probe)
        guard clock_settime(CLOCK_REALTIME, &probe) == 0 else {
            throw XCTSkip("clock_settime needs CAP_SYS_TIME (errno \(errno))")
        }
        let started = Date()
        setter.start()
        let reasons = try source.wait(until: Date().addingTimeInterval(5))
        XCTAssertEqual(reasons, [.clockChanged])
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        // The source re-arms on the next wait: the deadline still works.
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(0.02)), [.deadline])
    }

    /// The wall clock set between two waits (an NTP step while the worker is busy evaluating):
    /// arming the next deadline is refused by the kernel (`ECANCELED`); the wait reports
    /// `.clockChanged` instead of failing, and the deadline after that works.
    func testSettingTheClockBetweenWaitsIsReportedNotThrown() throws {
        let source = try WakeSource()
        var probe = timespec()
        clock_gettime(CLOCK_REALTIME, &probe)
        guard clock_settime(CLOCK_REALTIME, &probe) == 0 else {
            throw XCTSkip("clock_settime needs CAP_SYS_TIME (errno \(errno))")
        }
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(0.01)), [.deadline])
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        clock_settime(CLOCK_REALTIME, &now)
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(5)), [.clockChanged])
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(0.02)), [.deadline])
    }

    /// `wakeUp()` from another thread ends a wait without a deadline.
    func testWakeUpFromAnotherThread() throws {
        let source = try WakeSource()
        let handle = source.wakeUpHandle
        let started = Date()
        Thread.detachNewThread {
            usleep(30_000)
            handle.wakeUp()
        }
        XCTAssertEqual(try source.wait(until: nil), [.woken])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.025)
    }

    /// Wake-ups not yet read coalesce into one `.woken`.
    func testPendingWakeUpsCoalesce() throws {
        let source = try WakeSource()
        source.wakeUpHandle.wakeUp()
        source.wakeUpHandle.wakeUp()
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(5)), [.woken])
        XCTAssertEqual(try source.wait(until: Date().addingTimeInterval(0.02)), [.deadline])
    }

    /// A handle kept by another thread outlives its source safely.
    func testHandleOutlivesSource() throws {
        var source: WakeSource? = try WakeSource()
        let handle = try XCTUnwrap(source?.wakeUpHandle)
        source = nil
        handle.wakeUp()
        XCTAssertNil(source)
    }
}

/// What a helper thread saw, handed back to the test.
private final class ThreadReport: Sendable {
    let done = DispatchSemaphore(value: 0)
    private let storage = Mutex<(Int32, [Int32])>((0, []))

    func record(tid: Int32, unblocked: [Int32]) { storage.withLock { $0 = (tid, unblocked) } }
    var result: (Int32, [Int32]) { storage.withLock { $0 } }
}

/// This thread's kernel id, from the `/proc/thread-self` link (`<pid>/task/<tid>`).
private func currentThreadID() -> Int32 {
    let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
    return link.split(separator: "/").last.flatMap { Int32($0) } ?? 0
}
