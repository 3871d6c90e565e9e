import Foundation
import Messages
import Timetable

/// Reads the `boards:` section of a configuration file into `BoardSpec`s, reporting every
/// problem with its place. A board with any problem is left out of the result.
///
/// Accepted shapes (see `BoardSpec`, `SourceSpec`, `SourceKind`):
/// - a board: `id` (required, `[a-z0-9-]+`), `title`, `timezone`, `holidays`, `special_days` (see
///   ``SpecialDays``), `status` (a service
///   status id, checked across files), `sources` (required, a non-empty list);
/// - `holidays:` a list of dates `2025-08-13` and inclusive ranges `2024-12-30..2025-01-03`
///   (at most 366 days each);
/// - a source: exactly one of `csv` (a mapping of day-type keys to files, or a directory path),
///   `odpt` (+ `station`, `direction`), `odpt_busstop_pole` (+ `pole`), `gtfs` (+ `stop_id` or
///   `stop_name`, exactly one, + `route`), `odpt_api` (a mapping: `station`, `direction`, `operator`),
///   `odpt_api_busstop_pole` (a mapping: `pole`, `operator`); and `line`, `stop`, `destination`,
///   `walk` (a duration), `valid_from` / `valid_until` (dates); a `gtfs` source also `realtime` (see `RealtimeSpec`).
public struct BoardConfigParser {
    /// The file being read.
    public let context: ConfigFileContext

    /// The timezone of a board that does not name one.
    public static let defaultTimeZone = "Asia/Tokyo"
    /// The keys that choose a source's kind.
    public static let sourceKindKeys = ["csv", "odpt", "odpt_busstop_pole", "gtfs", "odpt_api", "odpt_api_busstop_pole"]
    /// The day-type keys of a `csv:` mapping, in the order messages list them.
    public static let csvDayTypeKeys: [DayTypeKey] = [
        .weekday, .saturday, .sunday, .sundayHoliday, .saturdayHoliday, .holiday, .everyday,
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
        guard var board = MappingReader(node, what: Message(.nounBoard), diagnostics: diagnostics) else { return nil }
        let id = board.requireID(what: Message(.nounBoard))
        let title = board.optional("title", YAMLValue.string)
        var timeZone = TimeZone(identifier: BoardConfigParser.defaultTimeZone)
        if let zoneNode = board.optional("timezone"), let name = diagnostics.decode(zoneNode, YAMLValue.string) {
            timeZone = TimeZone(identifier: name)
            if timeZone == nil { diagnostics.report(.configUnknownTimezone, ["name": .quoted(name), "hint": .message(NameSuggestion.timeZoneHint(for: name))],
                                                   at: zoneNode.mark) }
        }
        var sources: [SourceSpec] = []
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

    /// Reads one source; nil when it has any problem (all of them reported).
    public func parseSource(_ node: YAMLNode) -> SourceSpec? {
        let before = diagnostics.diagnostics.count
        guard var source = MappingReader(node, what: Message(.nounSource), diagnostics: diagnostics) else { return nil }
        var present: [(key: String, node: YAMLNode)] = []
        for key in BoardConfigParser.sourceKindKeys {
            if let value = source.optional(key) { present.append((key, value)) }
        }
        var kind: SourceKind?
        if present.count == 1 {
            kind = parseKind(present[0].key, present[0].node, &source)
        } else {
            let keys = MessageArgument.message(.list(BoardConfigParser.sourceKindKeys))
            if present.isEmpty {
                diagnostics.report(.configSourceNeedsKind, ["keys": keys], at: node.mark)
            } else {
                let found = Message.joined(present.map { .verbatim($0.key) }, separator: Message(.andSeparator))
                diagnostics.report(.configSourceTwoKinds, ["keys": keys, "found": .message(found)], at: node.mark)
            }
            // Their own keys are not "unknown": the kind is what is wrong.
            source.ignore("station", "direction", "pole", "stop_id", "stop_name", "route")
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
            if present.count == 1, present[0].key != "gtfs" {
                diagnostics.report(.configRealtimeNotGTFS, at: realtimeNode.mark)
            } else {
                realtime = RealtimeConfigParser(context: context).parse(realtimeNode)
            }
        }
        source.finish()
        guard diagnostics.diagnostics.count == before, let kind else { return nil }
        var spec = SourceSpec(kind: kind, line: line, stop: stop, destination: destination, walkSeconds: walk ?? 0,
                              location: context.location(of: node), realtime: realtime)
        spec.validFrom = validFrom
        spec.validUntil = validUntil
        return spec
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

    private func parseKind(_ key: String, _ value: YAMLNode, _ source: inout MappingReader) -> SourceKind? {
        switch key {
        case "csv":
            if value.mappingPairs != nil { return parseCSVFiles(value) }
            return path(value).map { .csvDirectory(path: $0) }
        case "odpt":
            let station = source.optional("station", YAMLValue.string)
            let direction = source.optional("direction", YAMLValue.string)
            return path(value).map { .odpt(path: $0, station: station, direction: direction) }
        case "odpt_busstop_pole":
            let pole = source.optional("pole", YAMLValue.string)
            return path(value).map { .busstopPole(path: $0, pole: pole) }
        case "odpt_api":
            return parseODPTAPI(value, pole: false)
        case "odpt_api_busstop_pole":
            return parseODPTAPI(value, pole: true)
        default:  // gtfs
            let stopID = source.optional("stop_id", YAMLValue.string)
            let stopName = source.optional("stop_name", YAMLValue.string)
            let route = source.optional("route", YAMLValue.string)
            if source.contains("stop_id") == source.contains("stop_name") {
                diagnostics.report(source.contains("stop_id") ? .configGTFSStopBoth : .configGTFSStopMissing, at: source.node.mark)
            }
            return path(value).map { .gtfs(path: $0, stopID: stopID, stopName: stopName, route: route) }
        }
    }

    /// `odpt_api: {station, direction, operator}` or `odpt_api_busstop_pole: {pole, operator}`.
    private func parseODPTAPI(_ node: YAMLNode, pole: Bool) -> SourceKind? {
        let what = pole ? "odpt_api_busstop_pole" : "odpt_api"
        guard var reader = MappingReader(node, what: Message(.nounKeyValue, ["key": .text(what)]), diagnostics: diagnostics) else { return nil }
        let idKey = pole ? "pole" : "station", idType = pole ? "odpt.BusstopPole" : "odpt.Station"
        var id: String?
        if let idNode = reader.require(idKey), let text = diagnostics.decode(idNode, YAMLValue.string) {
            if ODPTIdentifier.has(type: idType, text) {
                id = text
            } else {
                let example = pole ? "odpt.BusstopPole:Toei.Shinbashi.1" : "odpt.Station:TokyoMetro.Ginza.Ginza"
                diagnostics.report(.configODPTIDExpected, ["key": .text(idKey), "example": .text(example), "found": .quoted(text)], at: idNode.mark)
            }
        }
        var direction: String?
        if !pole, let directionNode = reader.optional("direction"), let text = diagnostics.decode(directionNode, YAMLValue.string) {
            if ODPTIdentifier.has(type: "odpt.RailDirection", text) {
                direction = text
            } else {
                diagnostics.report(.configODPTIDExpected, ["key": .text("direction"), "example": .text("odpt.RailDirection:TokyoMetro.Asakusa"),
                                                           "found": .quoted(text)], at: directionNode.mark)
            }
        }
        var operatorID: String?
        if let operatorNode = reader.optional("operator"), let text = diagnostics.decode(operatorNode, YAMLValue.string) {
            if ODPTIdentifier.has(type: "odpt.Operator", text) {
                operatorID = text
            } else {
                diagnostics.report(.configODPTIDExpected, ["key": .text("operator"), "example": .text("odpt.Operator:TokyoMetro"), "found": .quoted(text)],
                                   at: operatorNode.mark)
            }
        }
        reader.finish()
        guard let id, let operatorID = operatorID ?? ODPTIdentifier.operatorID(of: id) else { return nil }
        return pole ? .odptAPIBusstopPole(pole: id, operator: operatorID) : .odptAPI(station: id, direction: direction, operator: operatorID)
    }

    /// `csv:` as a mapping of day-type keys to files.
    private func parseCSVFiles(_ node: YAMLNode) -> SourceKind? {
        guard var reader = MappingReader(node, what: Message(.nounCSVFiles), diagnostics: diagnostics) else { return nil }
        var files: [DayTypeKey: String] = [:]
        for key in BoardConfigParser.csvDayTypeKeys {
            if let value = reader.optional(key.rawValue), let file = path(value) { files[key] = file }
        }
        reader.finish()
        if reader.keys.isEmpty {
            diagnostics.report(.configCSVNeedsDayType, ["keys": .message(.list(BoardConfigParser.csvDayTypeKeys.map(\.rawValue)))], at: node.mark)
            return nil
        }
        return .csv(files: files)
    }

    /// A non-empty path, resolved against the file's directory.
    private func path(_ node: YAMLNode) -> String? {
        guard let text = diagnostics.decode(node, YAMLValue.string) else { return nil }
        guard !text.isEmpty else {
            diagnostics.report(.configPathEmpty, at: node.mark)
            return nil
        }
        return context.resolve(path: text)
    }

    /// Whether `id` matches `[a-z0-9-]+`.
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

@available(*, unavailable)
extension BoardConfigParser: Sendable {}
