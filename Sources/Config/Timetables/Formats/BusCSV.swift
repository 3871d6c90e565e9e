import Foundation
import Messages
import Timetable

extension TimetableKind {
    /// `csv:` as a mapping: one bus CSV file per day-type key.
    public static func csv(files: [DayTypeKey: String]) -> TimetableKind { TimetableKind(BusCSVFormat(), .files(files)) }
    /// `csv:` as a string: a directory of files named `路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv`.
    public static func csvDirectory(path: String) -> TimetableKind { TimetableKind(BusCSVFormat(), .directory(path)) }
}

/// `csv:` the bus CSV format people type from a printed timetable (one line per hour, the hour then
/// its minutes): a mapping of day-type keys to files, or a directory of files named like the
/// article's (`鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv`), one route per name.
public struct BusCSVFormat: TimetableFormat {
    /// The files of a source.
    public enum Settings: Sendable, Equatable {
        /// One file per day-type key.
        case files([DayTypeKey: String])
        /// A directory of article-named files.
        case directory(String)
    }

    /// The day-type keys of a `csv:` mapping, in the order messages list them.
    public static let dayTypeKeys: [DayTypeKey] = [.weekday, .saturday, .sunday, .sundayHoliday, .saturdayHoliday, .holiday, .everyday]

    /// The format.
    public init() {}
    /// `csv`.
    public var key: String { "csv" }
    /// `csv` (a mapping of day-type keys, or a directory).
    public var keys: [ConfigKey] {
        [ConfigKey("csv", .mappingOrPath, example: "{weekday: taka56/weekday.csv, sunday_holiday: taka56/sunday_holiday.csv}",
                   "Bus CSV files by day type, or a directory of files named 路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv.",
                   keys: Self.dayTypeKeys.map { ConfigKey($0.rawValue, .path, example: "taka56/\($0.rawValue).csv", Self.summary(of: $0)) })]
    }
    /// Buses.
    public var vehicle: Vehicle { .bus }
    /// A bus CSV's hours stop at 29.
    public var serviceSpanSeconds: Int { UnknownService.busCSVSpanSeconds }

    /// A mapping of day-type keys to files (at least one), or a directory.
    public func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> Settings? {
        guard value.mappingPairs != nil else { return context.path(value).map { .directory($0) } }
        guard var reader = MappingReader(value, what: Message(.nounCSVFiles), keys: keys[0].keys, diagnostics: context.diagnostics) else { return nil }
        var files: [DayTypeKey: String] = [:]
        for key in Self.dayTypeKeys {
            if let node = reader.optional(key.rawValue), let file = context.path(node) { files[key] = file }
        }
        reader.finish()
        if reader.keys.isEmpty {
            context.diagnostics.report(.configCSVNeedsDayType, ["keys": .message(.list(Self.dayTypeKeys.map(\.rawValue)))], at: value.mark)
            return nil
        }
        return .files(files)
    }

    /// The route and platform of the first article-named file, else the first file's (or the directory's) name.
    public func label(_ settings: Settings) -> Message {
        switch settings {
        case .files(let files):
            let named = files.values.sorted().lazy.compactMap { BusCSVFileName(fileName: $0) }.first
            return named.flatMap { TimetableLabel.labels(line: $0.route, stop: $0.stop) }
                ?? .verbatim(TimetableLabel.lastComponent(files.values.sorted().first ?? ""))
        case .directory(let path):
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
            let named = names.lazy.compactMap { BusCSVFileName(fileName: $0) }.first
            return named.flatMap { TimetableLabel.labels(line: $0.route, stop: $0.stop) } ?? .verbatim(TimetableLabel.lastComponent(path))
        }
    }

    /// One timetable per route; a day-type file that cannot be read costs only its day type.
    public func load(_ settings: Settings, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        switch settings {
        case .files(let files):
            // Labels not given in the configuration come from an article-style file name, if any.
            let named = files.values.sorted().lazy.compactMap { BusCSVFileName(fileName: ($0 as NSString).lastPathComponent) }.first
            let line = spec.line ?? named?.route ?? "", stop = spec.stop ?? named?.stop ?? ""
            let destination = spec.destination ?? named?.destination ?? ""
            let read = BusCSV.readEach(files: files, line: line, stop: stop, destination: destination)
            let label = TimetableLabel.message(of: spec)
            let failures = read.failures.map {
                DayTypeFailure(label: label, dayType: $0.dayType, error: $0.error, configured: Set(files.keys), line: line, stop: stop,
                               destination: destination)
            }
            let loaded = read.timetable.days.isEmpty ? [] : [spec.boardTimetable(named: files.values.sorted().joined(separator: ", "), read.timetable)]
            return TimetableLoad(timetables: loaded, dayTypeFailures: failures)
        case .directory(let path):
            var load = TimetableLoad()
            for route in try BusCSV.directory(path) {
                let line = spec.line ?? route.route, stop = spec.stop ?? route.stop
                let label = TimetableLabel.labels(line: line, stop: stop) ?? .verbatim(route.route)
                let configured = Set(route.timetable.days.keys).union(route.failures.map(\.dayType))
                load.dayTypeFailures += route.failures.map {
                    DayTypeFailure(label: label, dayType: $0.dayType, error: $0.error, configured: configured, line: line, stop: stop,
                                   destination: spec.destination ?? route.destination)
                }
                guard !route.timetable.days.isEmpty else { continue }
                var timetable = spec.boardTimetable(named: path, route.timetable)
                timetable.line = line
                timetable.stop = stop
                timetable.destination = spec.destination ?? route.destination
                timetable.labelText = label
                load.timetables.append(timetable)
            }
            return load
        }
    }

    private static func summary(of key: DayTypeKey) -> String {
        switch key {
        case .weekday: "Monday to Friday that are not holidays."
        case .saturday: "Saturdays that are not holidays."
        case .sunday: "Sundays."
        case .sundayHoliday: "Sundays and national holidays (日祝)."
        case .saturdayHoliday: "Saturdays, Sundays and national holidays (土休日)."
        case .holiday: "National holidays and the board's extra holidays."
        case .everyday: "Every day no more specific file serves."
        }
    }
}
