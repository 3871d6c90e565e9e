import Config
import Messages
import Timetable

/// A timetable format of the tests' own, to show that a format is one file and one registry line:
/// `times:` a plain text file with one `HH:MM` departure per line (`#` starts a comment; hours past
/// 24 allowed), run on the day types of `days:` (a day-type key, `everyday` by default).
///
/// ```yaml
/// sources:
///   - times: loop.txt
///     days: weekday
///     line: 循環
/// ```
struct TimesListFormat: TimetableFormat {
    struct Settings: Sendable, Equatable {
        var path: String
        var days: DayTypeKey
    }

    var key: String { "times" }
    var keys: [ConfigKey] {
        [ConfigKey("times", .path, example: "loop.txt", "A text file with one HH:MM departure per line."),
         ConfigKey("days", .string, default: "everyday", example: "weekday", "The day-type key the departures run on.")]
    }
    var vehicle: Vehicle { .bus }

    func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> Settings? {
        var days = DayTypeKey.everyday
        if let node = source.optional("days"), let text = context.diagnostics.decode(node, YAMLValue.string) {
            guard let key = DayTypeKey(rawValue: text) else {
                context.diagnostics.report("days: \"\(text)\" is not a day-type key", at: node.mark)
                return nil
            }
            days = key
        }
        return context.path(value).map { Settings(path: $0, days: days) }
    }

    func label(_ settings: Settings) -> Message { .verbatim(TimetableLabel.lastComponent(settings.path)) }

    func load(_ settings: Settings, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        let text = String(decoding: try loading.read(settings.path), as: UTF8.self)
        var departures: [Departure] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
                .trimmingCharacters(in: .whitespaces) ?? ""
            guard !line.isEmpty else { continue }
            let parts = line.split(separator: ":")
            guard parts.count == 2, let hours = Int32(parts[0]), let minutes = Int32(parts[1]), (0..<60).contains(minutes), (0..<30).contains(hours) else {
                throw DecodeError(file: settings.path, line: index + 1, column: 1, message: "\"\(line)\" is not HH:MM")
            }
            departures.append(Departure(time: hours * 3600 + minutes * 60, line: spec.line ?? "", stop: spec.stop ?? "",
                                        destination: spec.destination ?? ""))
        }
        departures.sort { $0.time < $1.time }
        departures.markLastPerDestination()
        return TimetableLoad(timetables: [spec.boardTimetable(named: settings.path, DayTypeTimetable(days: [settings.days: departures]))])
    }
}

extension TimetableKind {
    /// `times:` of the tests' format.
    static func times(path: String, days: DayTypeKey = .everyday) -> TimetableKind {
        TimetableKind(TimesListFormat(), .init(path: path, days: days))
    }
}
