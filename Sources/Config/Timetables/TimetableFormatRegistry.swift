/// The formats a board's source may have. Adding a format is one file under
/// `Sources/Config/Timetables/Formats/` (its ``TimetableFormat``) and one line in ``standard``;
/// a test adds its own with ``adding(_:)`` and parses with the result
/// (`ConfigFileParser(formats:)`, `Configuration.load(directory:formats:)`).
public struct TimetableFormatRegistry: Sendable {
    /// Every format leavenow reads, in the order messages list their keys.
    public static let standard = TimetableFormatRegistry([
        BusCSVFormat(),
        ODPTFileFormat(),
        ODPTBusstopPoleFileFormat(),
        GTFSFormat(),
        ODPTAPIFormat(),
        ODPTAPIBusstopPoleFormat(),
    ])

    /// The formats, in order.
    public let formats: [any TimetableFormat]

    /// A registry of `formats`; a key given twice keeps its first format.
    public init(_ formats: [any TimetableFormat]) {
        var seen = Set<String>()
        self.formats = formats.filter { seen.insert($0.key).inserted }
    }

    /// These formats and `format` after them (replacing none: a key already known keeps its format).
    public func adding(_ format: any TimetableFormat) -> TimetableFormatRegistry {
        TimetableFormatRegistry(formats + [format])
    }

    /// The keys that choose a format, in order.
    public var keys: [String] { formats.map(\.key) }

    /// The format chosen by `key`; nil for a key no format has.
    public func format(forKey key: String) -> (any TimetableFormat)? {
        formats.first { $0.key == key }
    }

    /// The keys of a board's source: each format's keys (its own key, then the keys only it reads;
    /// a key two formats read listed once, at the first), then the keys every format shares
    /// (``TimetableSpec/commonKeys``). The configuration reference lists these.
    public var sourceKeys: [ConfigKey] {
        var seen = Set<String>()
        return (formats.flatMap(\.keys) + TimetableSpec.commonKeys).filter { seen.insert($0.name).inserted }
    }
}
