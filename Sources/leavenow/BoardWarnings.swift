import Facts
import JSONText
import Timetable
import Messages

/// What `next` and `board` say besides departures: the sources the board answers without (they
/// could not be loaded), the feeds with no service on the date asked about, and the first service
/// date that is unknown (the answer stops there).
struct BoardWarnings {
    /// Sources (or day-type files) that could not be loaded.
    var failures: [TimetableFailure]
    /// Sources whose feed's service ended before, or starts after, the date asked about.
    var outOfService: [ServicePeriodNotice]
    /// The service date the answer stops at: no departure from its start on is given (nil: none).
    var unknown: UnknownServiceDate? = nil
    /// The board's clock, for the instant of ``unknown`` in JSON.
    var clock: ZoneClock? = nil

    /// True when the answer has every source's data: no failed source, no feed out of service.
    var isComplete: Bool { failures.isEmpty && outOfService.isEmpty }

    /// `"complete": …, "warnings": [{"source": …, "message": …, "location": …}]`, appended after a
    /// command's own keys.
    var jsonMembers: [(String, JSONOutput)] {
        let failed: [JSONOutput] = failures.map { failure in
            .object([("source", .string(failure.source)), ("message", .string(failure.text.english)),
                     ("location", .string("\(failure.location)"))])
        }
        let ended: [JSONOutput] = outOfService.map { notice in
            .object([("source", .string(notice.source)), ("message", .string(notice.message)),
                     ("location", notice.origin.map { .string($0) } ?? .null)])
        }
        return [("complete", .bool(isComplete)), ("warnings", .array(failed + ended))] + unknownMembers
    }

    /// `"unknown": {"service_date", "day_type", "from", "sources": [{"source", "message", "location"}]}`
    /// when the answer stops at an unknown service date; nothing otherwise.
    var unknownMembers: [(String, JSONOutput)] {
        guard let unknown else { return [] }
        return [("unknown", .object([
            ("service_date", .string(unknown.date.description)),
            ("day_type", .string(unknown.dayType.rawValue)),
            ("from", .string(clock?.iso8601(unknown.from) ?? "\(unknown.from)")),
            ("sources", .array(unknown.causes.map { cause in
                .object([("source", .string(cause.source)), ("message", .string(cause.reasonText.english)),
                         ("location", cause.origin.map { .string($0) } ?? .null)])
            })),
        ]))]
    }

    /// `incomplete: 鷹66 (platform 11) could not be loaded: <why>` per failed source, except those
    /// the unknown date's line names.
    func failureLines(_ language: Language) -> [String] {
        failures.filter { failure in !(unknown?.causes.contains { $0.isCause(of: failure) } ?? false) }.map { failure in
            Message(.boardIncomplete, ["source": .message(failure.sourceText), "message": .message(failure.text)]).rendered(in: language)
        }
    }

    /// `The feed's service ended on 2017-04-30 (gtfs-jp-rinkobus stop 1510-57).` per feed out of
    /// service, except those the unknown date's line names.
    func serviceLines(_ language: Language) -> [String] {
        outOfService.filter { notice in !(unknown?.causes.contains { $0.isCause(of: notice) } ?? false) }.map { notice in
            let line = Message(.boardServiceLine, ["message": .message(notice.text), "source": .message(notice.sourceText)]).rendered(in: language)
            return line.prefix(1).uppercased() + line.dropFirst()
        }
    }
}
