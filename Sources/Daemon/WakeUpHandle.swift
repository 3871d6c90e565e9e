import Glibc
internal import CLinuxEvents

/// The thread-safe part of a ``WakeSource``: an `eventfd` any thread (a delivery task, a D-Bus
/// callback) can use to end the worker's current ``WakeSource/wait(until:)`` with `.woken`.
///
/// The descriptor lives as long as the handle, so a handle kept by another thread never writes to a
/// closed (and perhaps reused) descriptor.
public final class WakeUpHandle: Sendable {
    /// The `eventfd` (non-blocking, close-on-exec): readable while a wake-up is pending, so another
    /// loop (the outbox sender's `curl_multi_poll`) can wait on it too.
    public let descriptor: Int32

    /// A new `eventfd`.
    ///
    /// - Throws: ``DaemonError`` when `eventfd` fails (too many open files).
    public init() throws(DaemonError) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { throw .lastSystemCall("eventfd") }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Ends the current (or the next) `wait(until:)` with `.woken`. Wake-ups before the worker reads
    /// them coalesce into one. Safe from any thread; never blocks.
    public func wakeUp() {
        var one: UInt64 = 1
        while write(descriptor, &one, MemoryLayout<UInt64>.size) < 0 && Glibc.errno == EINTR {}
        // EAGAIN means the counter is saturated: a wake-up is already pending.
    }

    /// Consumes pending wake-ups; true when there was at least one. Never blocks.
    public func drain() -> Bool {
        var count: UInt64 = 0
        let got = read(descriptor, &count, MemoryLayout<UInt64>.size)
        return got == MemoryLayout<UInt64>.size && count > 0
    }
}
