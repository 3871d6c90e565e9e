import Foundation
import Messages
import Timetable

/// Reads the `boards:` section of a configuration file into `BoardSpec`s, reporting every
/// problem with its place. A board with any problem is left out of the result.
///
/// Accepted shapes (see `BoardSpec`, `TimetableSpec`, `TimetableKind`):
/// - a board: `id` (required, `[a-z0-9-]+`), `title`, `timezone`, `holidays`, `special_days` (see
///   ``SpecialDays``), `status` (a service
///   status id, checked across files), `sources` (required, a non-empty list);
/// - `holidays:` a list of dates `2025-08-13` and inclusive ranges `2024-12-30..2025-01-03`
///   (at most 366 days each);
/// - a source: exactly one key of a ``TimetableFormat`` of the context's registry (`csv`, `odpt`,
///   `odpt_busstop_pole`, `gtfs`, `odpt_api`, `odpt_api_busstop_pole`), with the keys that format
///   reads; and the keys every format shares (``TimetableSpec/commonKeys``): `line`, `stop`,
///   `destination`, `walk` (a duration), `valid_from` / `valid_until` (dates), and `realtime` (see
///   `RealtimeSpec`) for a format that takes it.
public struct BoardConfigParser {
    /// The file being read.
    public let context: ConfigFileContext

    /// The timezone of a board that does not name one.
    public static let defaultTimeZone = "Asia/Tokyo"
    /// The keys of a board, as the parser reads them.
    public static let boardKeys: [ConfigKey] = [
        ConfigKey("id", .id, required: true, example: "chofu-to-mitaka", "The board's name in commands and rules, unique across all files."),
        ConfigKey("title", .string, default: "the id", example: "調布駅北口 → 三鷹駅", "The title shown above its departures."),
        ConfigKey("timezone", .timeZone, default: defaultTimeZone, example: "Asia/Tokyo",
                  "The timezone of its timetables (Japanese national holidays apply in Asia/Tokyo only)."),
        ConfigKey("sources", .list, required: true, example: "[{csv: {weekday: weekday.csv}, walk: 4m}]",
                  "Its timetables, merged into one stream of departures."),
        ConfigKey("holidays", .list, example: "[2024-12-30..2025-01-03, 2025-08-13]",
                  "Dates (and inclusive ranges) run as holidays besides the national holidays."),
        ConfigKey("special_days", .list, example: "[year_end, {dates: 2025-05-06, as: sunday}]",
                  "The year-end period run as holidays, and dates run as another day type."),
        ConfigKey("status", .id, example: "tokyo-metro", "An odpt: service_status: id whose disruptions its leave-now messages mention."),
    ]
    /// The longest holiday range accepted, in days.
    public static let maxHolidayRangeDays = 366

    /// Creates a parser for one file.
    public init(context: ConfigFileContext) {
        self.context = context
    }

    var diagnostics: DiagnosticCollector { context.diagnostics }

    /// Reads the value of `boards:`: a list of boards.
    public func parseBoards(_ node: YAMLNode) -> [BoardSpec] {
        guard let items = diagnostics.decode(node, YAMLValue.list) else { return [] }
        return items.compactMap(parseBoard)
    }

    /// Reads one board; nil when it has any problem (all of them reported).
    public func parseBoard(_ node: YAMLNode) -> BoardSpec? {
        let before = diagnostics.diagnostics.count
        guard var board = MappingReader(node, what: Message(.nounBoard), keys: Self.boardKeys, diagnostics: diagnostics) else { return nil }
        let id = board.requireID(what: Message(.nounBoard))
        let title = board.optional("title", YAMLValue.string)
        var timeZone = TimeZone(identifier: BoardConfigParser.defaultTimeZone)
        if let zoneNode = board.optional("timezone"), let name = diagnostics.decode(zoneNode, YAMLValue.string) {
            timeZone = TimeZone(identifier: name)
            if timeZone == nil { diagnostics.report(.configUnknownTimezone, ["name": .quoted(name), "hint": .message(NameSuggestion.timeZoneHint(for: name))],
                                                   at: zoneNode.mark) }
        }
        var sources: [TimetableSpec] = []
        if let sourcesNode = board.require("sources"),
           let items = diagnostics.decode(sourcesNode, YAMLValue.list) {
            if items.isEmpty {
                diagnostics.report(.configBoardNeedsSource, ["id": .quoted(id ?? "")], at: sourcesNode.mark)
            }
            sources = items.compactMap(parseSource)
        }
        var holidays: [LocalDate] = []
        var holidayEntries: [HolidayEntry] = []
        if let holidaysNode = board.optional("holidays") {
            holidayEntries = parseHolidayEntries(holidaysNode)
            holidays = Array(Set(holidayEntries.flatMap(\.allDates))).sorted()
        }
        let specialDays = board.optional("special_days").map(parseSpecialDays) ?? SpecialDays()
        var status: String?
        var statusLocation: ConfigLocation?
        if let statusNode = board.optional("status"), let name = diagnostics.decode(statusNode, YAMLValue.string) {
            status = name
            statusLocation = context.location(of: statusNode)
        }
        board.finish()
        guard diagnostics.diagnostics.count == before, let id, let timeZone else { return nil }
        var spec = BoardSpec(id: id, title: title ?? id, timeZone: timeZone, extraHolidays: holidays, sources: sources,
                             location: context.location(of: node), status: status, statusLocation: statusLocation)
        spec.holidayEntries = holidayEntries
        spec.specialDays = specialDays
        return spec
    }

    /// Reads `holidays:`: a list of dates and `start..end` ranges, into sorted distinct dates.
    public func parseHolidays(_ node: YAMLNode) -> [LocalDate] {
        Array(Set(parseHolidayEntries(node).flatMap(\.allDates))).sorted()
    }

    /// Reads `holidays:` keeping each item with its place: a date or a range per entry.
    public func parseHolidayEntries(_ node: YAMLNode) -> [HolidayEntry] {
        guard let items = diagnostics.decode(node, YAMLValue.list) else { return [] }
        var entries: [HolidayEntry] = []
        for item in items {
            guard let text = item.scalarText, !item.isNull else {
                diagnostics.report(.configHolidayExpected, ["found": .message(item.kindDescription)], at: item.mark)
                continue
            }
            let ends = text.components(separatedBy: "..")
            let parsed = ends.map { LocalDate(strictISO: $0) }
            guard (1...2).contains(ends.count), let first = parsed.first ?? nil, let last = parsed.last ?? nil else {
                diagnostics.report(.configHolidayExpected, ["found": .quoted(text)], at: item.mark)
                continue
            }
            let span = last.dayNumber - first.dayNumber + 1
            guard span >= 1 else {
                diagnostics.report(.configHolidayRangeBackwards, ["range": .quoted(text)], at: item.mark)
                continue
            }
            guard span <= BoardConfigParser.maxHolidayRangeDays else {
                diagnostics.report(.configHolidayRangeTooLong, ["range": .quoted(text), "days": .number(span),
                                                                "max": .number(BoardConfigParser.maxHolidayRangeDays)],
                                   at: item.mark)
                continue
            }
            entries.append(HolidayEntry(text: text, dates: first...last, location: context.location(of: item)))
        }
        return entries
    }

    /// Reads one source; nil when it has any problem (all of them reported). Exactly one key of the
    /// context's formats chooses its format, which reads its own keys (``TimetableFormat/keys``);
    /// the keys every format shares are read here (``TimetableSpec/commonKeys``).
    public func parseSource(_ node: YAMLNode) -> TimetableSpec? {
        let before = diagnostics.diagnostics.count
        let formats = context.formats
        guard var source = MappingReader(node, what: Message(.nounSource), keys: formats.sourceKeys, diagnostics: diagnostics) else { return nil }
        var present: [(format: any TimetableFormat, node: YAMLNode)] = []
        for format in formats.formats {
            if let value = source.optional(format.key) { present.append((format, value)) }
        }
        var kind: TimetableKind?
        if present.count == 1 {
            kind = source.declaring(present[0].format.keys) { Self.parse(present[0].format, present[0].node, &$0, context) }
        } else {
            let keys = MessageArgument.message(.list(formats.keys))
            if present.isEmpty {
                diagnostics.report(.configSourceNeedsKind, ["keys": keys], at: node.mark)
            } else {
                let found = Message.joined(present.map { .verbatim($0.format.key) }, separator: Message(.andSeparator))
                diagnostics.report(.configSourceTwoKinds, ["keys": keys, "found": .message(found)], at: node.mark)
            }
            // Their own keys are not "unknown": the kind is what is wrong.
            var seen = Set<String>()
            for key in formats.formats.flatMap(\.siblingKeys).map(\.name) where seen.insert(key).inserted { source.ignore(key) }
        }
        let line = source.optional("line", YAMLValue.string)
        let stop = source.optional("stop", YAMLValue.string)
        let destination = source.optional("destination", YAMLValue.string)
        let walk = source.optional("walk", YAMLValue.duration)
        let validFrom = optionalDate(&source, "valid_from")
        let validUntil = optionalDate(&source, "valid_until")
        if let validFrom, let validUntil, validUntil < validFrom {
            diagnostics.report(.configValidUntilBeforeFrom, ["until": .text("\(validUntil)"), "from": .text("\(validFrom)")], at: node.mark)
        }
        var realtime: RealtimeSpec?
        if let realtimeNode = source.optional("realtime") {
            if present.count == 1, !present[0].format.acceptsRealtime {
                diagnostics.report(.configRealtimeNotGTFS, at: realtimeNode.mark)
            } else {
                realtime = RealtimeConfigParser(context: context).parse(realtimeNode)
            }
        }
        source.finish()
        guard diagnostics.diagnostics.count == before, let kind else { return nil }
        var spec = TimetableSpec(kind: kind, line: line, stop: stop, destination: destination, walkSeconds: walk ?? 0,
                                 location: context.location(of: node), realtime: realtime)
        spec.validFrom = validFrom
        spec.validUntil = validUntil
        return spec
    }

    /// `format`'s settings of the source `source`, whose key for the format holds `value`.
    private static func parse<Format: TimetableFormat>(_ format: Format, _ value: YAMLNode, _ source: inout MappingReader,
                                                       _ context: ConfigFileContext) -> TimetableKind? {
        format.parse(value, source: &source, context: context).map { TimetableKind(format, $0) }
    }

    /// A date value (`2025-03-15`) of `key`, reported at its place when it is not one.
    private func optionalDate(_ reader: inout MappingReader, _ key: String) -> LocalDate? {
        guard let node = reader.optional(key), let text = diagnostics.decode(node, YAMLValue.string) else { return nil }
        guard let date = LocalDate(strictISO: text) else {
            diagnostics.report(.configDateExpected, ["key": .text(key), "found": .quoted(text)], at: node.mark)
            return nil
        }
        return date
    }

    /// Whether `id` matches `[a-z0-9-]+`.
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

@available(*, unavailable)
extension BoardConfigParser: Sendable {}
