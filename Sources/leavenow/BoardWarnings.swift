import Facts
import JSONText
import Timetable

/// What `next` and `board` say besides departures: the sources the board answers without (they
/// could not be loaded) and the feeds with no service on the date asked about.
struct BoardWarnings {
    /// Sources (or day-type files) that could not be loaded.
    var failures: [SourceFailure]
    /// Sources whose feed's service ended before, or starts after, the date asked about.
    var outOfService: [ServicePeriodNotice]

    /// True when the answer has every source's data: no failed source, no feed out of service.
    var isComplete: Bool { failures.isEmpty && outOfService.isEmpty }

    /// `"complete": …, "warnings": [{"source": …, "message": …, "location": …}]`, appended after a
    /// command's own keys.
    var jsonMembers: [(String, JSONOutput)] {
        let failed: [JSONOutput] = failures.map { failure in
            .object([("source", .string(failure.source)), ("message", .string(failure.message)),
                     ("location", .string("\(failure.location)"))])
        }
        let ended: [JSONOutput] = outOfService.map { notice in
            .object([("source", .string(notice.source)), ("message", .string(notice.message)),
                     ("location", notice.origin.map { .string($0) } ?? .null)])
        }
        return [("complete", .bool(isComplete)), ("warnings", .array(failed + ended))]
    }

    /// `incomplete: 鷹66 (platform 11) could not be loaded: <why>` per failed source.
    func failureLines(_ language: Language) -> [String] {
        failures.map { failure in
            Message(.boardIncomplete, ["source": .text(failure.source), "message": .message(failure.text)]).rendered(in: language)
        }
    }

    /// `The feed's service ended on 2017-04-30 (gtfs-jp-rinkobus stop 1510-57).` per feed out of service.
    func serviceLines(_ language: Language) -> [String] {
        outOfService.map { notice in
            let line = Message(.boardServiceLine, ["message": .message(notice.text), "source": .text(notice.source)]).rendered(in: language)
            return line.prefix(1).uppercased() + line.dropFirst()
        }
    }
}
