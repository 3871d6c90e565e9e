import Glibc
internal import CLinuxEvents
import Messages

/// `$NOTIFY_SOCKET` as a `sockaddr_un`: a path (`/run/systemd/notify`) or, when it starts with `@`,
/// a name in the abstract namespace (a leading NUL, no trailing NUL, the length counts the name).
struct NotifySocketAddress {
    /// The variable's value, as given.
    let text: String
    private let pathBytes: [UInt8]

    /// - Throws: ``DaemonError/invalidEnvironment(name:value:reason:)`` for a value that is neither an
    ///   absolute path nor `@name`, or longer than `sun_path` (108 bytes).
    init(_ text: String) throws(DaemonError) {
        var bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "@") {
            bytes[0] = 0
            guard bytes.count > 1 else {
                throw .invalidEnvironment(name: "NOTIFY_SOCKET", value: text, reason: Message(.daemonAbstractSocketEmpty))
            }
        } else if bytes.first != UInt8(ascii: "/") {
            throw .invalidEnvironment(name: "NOTIFY_SOCKET", value: text,
                                      reason: Message(.daemonSocketPath))
        }
        let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
        guard bytes.count < capacity else {
            throw .invalidEnvironment(name: "NOTIFY_SOCKET", value: text,
                                      reason: Message(.daemonSocketTooLong, ["max": .number(capacity - 1)]))
        }
        self.text = text
        self.pathBytes = bytes
    }

    /// Calls `body` with the address and its length (`sun_family` + the significant path bytes).
    func withSocketAddress<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in pathBytes.enumerated() { path[index] = byte }
        }
        let isAbstract = pathBytes.first == 0
        // A filesystem path includes its NUL terminator; an abstract name is exactly its bytes.
        let length = MemoryLayout<sa_family_t>.size + pathBytes.count + (isAbstract ? 0 : 1)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
        }
    }
}
