import Foundation
import Glibc

/// A unix datagram socket bound at a path, standing in for systemd's `NOTIFY_SOCKET`.
final class NotifySocketReceiver {
    let descriptor: Int32
    let path: String

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw POSIXError(.ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            close(descriptor)
            throw POSIXError(code)
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The next datagram's text with the real time it arrived; nil when none came within `timeout` seconds.
    func receive(timeout: Double) -> (text: String, at: Date)? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(max(0, timeout) * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count >= 0 else { return nil }
        return (String(decoding: buffer.prefix(count), as: UTF8.self), Date())
    }
}
