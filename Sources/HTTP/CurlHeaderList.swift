internal import CCurl

/// A `curl_slist` of request header lines laid out in memory this list owns and reuses: the nodes
/// in one array, the NUL-terminated lines in one byte buffer. Rebuilding it for the next request
/// allocates nothing once the buffers are large enough (`curl_slist_append` would allocate a node
/// and copy each line, and free them all after every transfer).
///
/// libcurl only reads a header list (`CURLOPT_HTTPHEADER`); the list must stay unchanged until the
/// transfer that uses it has finished. Confined to its ``CurlTransfer``.
final class CurlHeaderList {
    private var nodes: UnsafeMutablePointer<curl_slist>
    private var nodeCapacity: Int
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int
    /// Where each line starts in `bytes`, in order.
    private var starts: [Int] = []
    private var used = 0

    init() {
        nodeCapacity = 8
        nodes = .allocate(capacity: nodeCapacity)
        byteCapacity = 1024
        bytes = .allocate(capacity: byteCapacity)
        starts.reserveCapacity(nodeCapacity)
    }

    deinit {
        nodes.deallocate()
        bytes.deallocate()
    }

    /// Forgets the lines (the memory is kept).
    func removeAll() {
        starts.removeAll(keepingCapacity: true)
        used = 0
    }

    /// Appends `Name: value` — `Name;` when the value is empty, which libcurl sends as an empty
    /// header (`Name:` alone would remove it). False, and nothing appended, when the name is empty
    /// or the name or value holds a line break, a NUL, or (the name) a colon.
    func append(name: String, value: String) -> Bool {
        let start = used
        guard copy(name, checked: .name), used > start else {
            used = start
            return false
        }
        if value.isEmpty {
            copy(UInt8(ascii: ";"))
        } else {
            copy(UInt8(ascii: ":"))
            copy(UInt8(ascii: " "))
            guard copy(value, checked: .value) else {
                used = start
                return false
            }
        }
        copy(0)
        starts.append(start)
        return true
    }

    /// Appends a line as it is (a fixed line such as `Expect:`).
    func append(line: String) {
        let start = used
        _ = copy(line, checked: nil)
        copy(0)
        starts.append(start)
    }

    /// Appends a line already made (``line(name:value:)``'s UTF-8), copied as it is.
    func append(bytes line: [UInt8]) {
        let start = used
        reserve(line.count + 1)
        line.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { (bytes + used).update(from: base, count: source.count) }
        }
        used += line.count
        copy(0)
        starts.append(start)
    }

    /// `Name: value` (`Name;` for an empty value, as ``append(name:value:)`` writes it), with any
    /// line break or NUL in either replaced by a space: a line that cannot break the header block.
    static func line(name: String, value: String) -> String {
        func clean(_ text: String) -> String {
            String(decoding: text.utf8.map { $0 == 10 || $0 == 13 || $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        }
        return value.isEmpty ? clean(name) + ";" : clean(name) + ": " + clean(value)
    }

    /// The list to hand to `CURLOPT_HTTPHEADER` (nil when empty), valid until the next change.
    func list() -> UnsafeMutablePointer<curl_slist>? {
        guard !starts.isEmpty else { return nil }
        if starts.count > nodeCapacity {
            nodes.deallocate()
            nodeCapacity = max(starts.count, nodeCapacity * 2)
            nodes = .allocate(capacity: nodeCapacity)
        }
        let text = UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: CChar.self)
        for (index, start) in starts.enumerated() {
            let next = index + 1 < starts.count ? nodes + index + 1 : nil
            (nodes + index).initialize(to: curl_slist(data: text + start, next: next))
        }
        return nodes
    }

    // MARK: - The byte buffer

    private func reserve(_ count: Int) {
        guard used + count > byteCapacity else { return }
        let capacity = max(used + count, byteCapacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: bytes, count: used)
        bytes.deallocate()
        bytes = grown
        byteCapacity = capacity
    }

    private func copy(_ byte: UInt8) {
        reserve(1)
        bytes[used] = byte
        used += 1
    }

    /// What a header's name or value may not hold.
    private enum Part { case name, value }

    /// Copies the UTF-8 of `text`; false, and nothing copied, when it holds a byte `part` may not
    /// hold (a line break, a NUL, a colon in a name).
    @discardableResult
    private func copy(_ text: String, checked part: Part?) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            if let part {
                let colon: UInt8 = part == .name ? UInt8(ascii: ":") : 10
                for byte in utf8 where byte == 10 || byte == 13 || byte == 0 || byte == colon { return false }
            }
            reserve(utf8.count)
            if let base = utf8.baseAddress { (bytes + used).update(from: base, count: utf8.count) }
            used += utf8.count
            return true
        }
    }
}
