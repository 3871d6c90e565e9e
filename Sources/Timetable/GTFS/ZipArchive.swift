import CZlib
import Messages

/// A .zip archive held in memory, read through its central directory.
///
/// Supports what GTFS feeds use: stored (method 0) and deflated (method 8) members, checked
/// against their CRC-32. Rejected with a clear error: zip64 archives, encrypted members, other
/// compression methods, and archives whose records are cut short or point outside the file.
struct ZipArchive: Sendable {
    /// A member as the central directory describes it.
    struct Entry: Sendable {
        var name: String
        var method: UInt16
        var flags: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int
    }

    /// The archive's path, for messages.
    let path: String
    /// Members in central-directory order.
    let entries: [Entry]
    private let bytes: [UInt8]

    init(bytes: [UInt8], path: String) throws {
        self.path = path
        self.bytes = bytes
        self.entries = try ZipArchive.readCentralDirectory(bytes, path: path)
    }

    /// The member called `name`; when the feed was zipped inside a folder (`feed/stops.txt`), the
    /// shallowest member whose last path component is `name` (macOS `__MACOSX/` copies ignored).
    func entry(named name: String) -> Entry? {
        if let exact = entries.first(where: { $0.name == name }) { return exact }
        return entries
            .filter { $0.name.hasSuffix("/" + name) && !$0.name.hasPrefix("__MACOSX/") }
            .min { $0.name.count < $1.name.count }
    }

    /// The uncompressed bytes of a member.
    func contents(of entry: Entry) throws -> [UInt8] {
        let data = try bytes(of: entry)
        return withExtendedLifetime(data) { Array(data.buffer) }
    }

    /// The uncompressed bytes of a member, inflated straight into a buffer of their own.
    func bytes(of entry: Entry) throws -> FileBytes {
        let label = path + "/" + entry.name
        if entry.flags & 0x0001 != 0 {
            throw DecodeError(file: label, text: Message(.zipEncrypted))
        }
        let local = entry.localHeaderOffset
        guard local + 30 <= bytes.count, ZipArchive.uint32(bytes, local) == 0x0403_4B50 else {
            throw DecodeError(file: label, text: Message(.zipLocalHeaderMissing, ["offset": .number(local)]))
        }
        let dataStart = local + 30 + Int(ZipArchive.uint16(bytes, local + 26)) + Int(ZipArchive.uint16(bytes, local + 28))
        guard dataStart + entry.compressedSize <= bytes.count else {
            throw DecodeError(file: label, text: Message(.zipMemberPastEnd))
        }
        let output: FileBytes
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.size else {
                throw DecodeError(file: label, text: Message(.zipStoredSizeMismatch, ["compressed": .number(entry.compressedSize), "size": .number(entry.size)]))
            }
            output = FileBytes(count: entry.size) { buffer in
                _ = buffer.initialize(from: bytes[dataStart..<(dataStart + entry.size)])
            }
        case 8:
            // Deflate expands at most 1032:1; a larger size is a corrupt (or hostile) header, refused
            // before a buffer of that size is allocated.
            guard entry.size <= entry.compressedSize * 1032 + 64 else {
                throw DecodeError(file: label, text: Message(.zipInflateTooLarge, ["compressed": .number(entry.compressedSize), "size": .number(entry.size)]))
            }
            output = try FileBytes(count: entry.size) { buffer in
                try inflate(from: dataStart, entry: entry, label: label, into: buffer)
            }
        default:
            throw DecodeError(file: label, text: Message(.zipMethod, ["method": .number(Int(entry.method))]))
        }
        let crc = output.base.map { UInt32(truncatingIfNeeded: crc32(0, $0, UInt32(output.count))) } ?? 0
        guard crc == entry.crc else {
            throw DecodeError(file: label, text: Message(.zipCRC, ["expected": .text(String(entry.crc, radix: 16)), "actual": .text(String(crc, radix: 16))]))
        }
        return output
    }

    private func inflate(from dataStart: Int, entry: Entry, label: String, into out: UnsafeMutableBufferPointer<UInt8>) throws {
        guard let outBase = out.baseAddress else {
            if entry.compressedSize > 2 { throw DecodeError(file: label, text: Message(.zipEmptyButData)) }
            return
        }
        var stream = z_stream()
        guard leavenow_inflateInit2(&stream, -15) == Z_OK else {
            throw DecodeError(file: label, text: Message(.zipInflateStart))
        }
        defer { inflateEnd(&stream) }
        let status = bytes.withUnsafeBufferPointer { input -> Int32 in
            guard let inputBase = input.baseAddress else { return Z_DATA_ERROR }
            stream.next_in = UnsafeMutablePointer(mutating: inputBase + dataStart)
            stream.avail_in = UInt32(entry.compressedSize)
            stream.next_out = outBase
            stream.avail_out = UInt32(out.count)
            return CZlib.inflate(&stream, Z_FINISH)
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == entry.size else {
            let reason = status == Z_STREAM_END ? Message(.zipInflatedSize, ["actual": .number(Int(stream.total_out)), "size": .number(entry.size)])
                : Message(.zipZlibError, ["status": .number(Int(status))])
            throw DecodeError(file: label, text: Message(.zipDeflateCorrupt, ["reason": .message(reason)]))
        }
    }

    private static func readCentralDirectory(_ bytes: [UInt8], path: String) throws -> [Entry] {
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65535 bytes.
        guard bytes.count >= 22 else {
            throw DecodeError(file: path, text: Message(.zipTooShort, ["count": .number(bytes.count)]))
        }
        var eocd = -1
        var offset = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while offset >= lowest {
            if bytes[offset] == 0x50, uint32(bytes, offset) == 0x0605_4B50 { eocd = offset; break }
            offset -= 1
        }
        guard eocd >= 0 else {
            throw DecodeError(file: path, text: Message(.zipNoEnd))
        }
        let entryCount = Int(uint16(bytes, eocd + 10))
        let directorySize = Int(uint32(bytes, eocd + 12))
        let directoryOffset = Int(uint32(bytes, eocd + 16))
        let zip64Locator = eocd >= 20 && uint32(bytes, eocd - 20) == 0x0706_4B50
        if zip64Locator || entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw DecodeError(file: path, text: Message(.zip64Archive))
        }
        guard directoryOffset + directorySize <= eocd else {
            throw DecodeError(file: path, text: Message(.zipDirectoryOutside))
        }
        var entries: [Entry] = []
        entries.reserveCapacity(entryCount)
        var position = directoryOffset
        for number in stride(from: 1, through: entryCount, by: 1) {
            guard position + 46 <= bytes.count, uint32(bytes, position) == 0x0201_4B50 else {
                throw DecodeError(file: path, text: Message(.zipEntryMissing, ["number": .number(number), "count": .number(entryCount)]))
            }
            let nameLength = Int(uint16(bytes, position + 28))
            let extraLength = Int(uint16(bytes, position + 30))
            let commentLength = Int(uint16(bytes, position + 32))
            guard position + 46 + nameLength <= bytes.count else {
                throw DecodeError(file: path, text: Message(.zipEntryShort, ["number": .number(number)]))
            }
            let name = String(decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
            let entry = Entry(name: name,
                              method: uint16(bytes, position + 10),
                              flags: uint16(bytes, position + 8),
                              crc: uint32(bytes, position + 16),
                              compressedSize: Int(uint32(bytes, position + 20)),
                              size: Int(uint32(bytes, position + 24)),
                              localHeaderOffset: Int(uint32(bytes, position + 42)))
            if entry.compressedSize == 0xFFFF_FFFF || entry.size == 0xFFFF_FFFF || entry.localHeaderOffset == 0xFFFF_FFFF {
                throw DecodeError(file: path + "/" + name, text: Message(.zip64Member))
            }
            entries.append(entry)
            position += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
