internal import JSONText
import Messages

extension ODPTTimetableDecoder {
    /// The departures of an `odpt:BusstopPoleTimetable` response (a bus stop pole's timetable),
    /// keyed by calendar — or of an `odpt:BusTimetable` response (an operator's trips), read as the
    /// timetable of the pole `pole` (see `busTimetablePole`).
    ///
    /// - Parameters:
    ///   - bytes: the response body (a JSON array of `odpt:BusstopPoleTimetable` records).
    ///   - file: the file name or URL, used in errors.
    ///   - pole: only records of this `odpt:busstopPole` (full id, or the id without its
    ///     `odpt.BusstopPole:` prefix). When nil, the file must hold one pole only.
    ///   - language: `ja` prefers the Japanese route name from `dc:title`; other languages prefer
    ///     the route id's last component.
    /// - Returns: a timetable with the records' `dct:issued` / `dct:valid` as its `publishedValidity`,
    ///   whose `line` is the route (`直行０１` from the first field of `dc:title`,
    ///   or `Chokkou01` from `odpt:busroute`), `stop` the second field of `dc:title`, `destination`
    ///   `odpt:destinationSign` without a leading "(route)" and a trailing 行 ("大井町駅東口").
    ///   Entries flagged `odpt:isMidnight` run past midnight (00:10 becomes 24:10); the list's
    ///   after-midnight wrap is detected as for station timetables. ODPT does not mark last buses:
    ///   `isLast` is set on the last departure of each day toward each destination. `trip` is the
    ///   entry's `odpt:busTimetable` id (what `odpt:Bus` realtime names), nil when absent.
    /// - Throws: `DecodeError` as `stationTimetable` does.
    public static func busstopPoleTimetable(_ bytes: [UInt8], file: String, pole: String? = nil,
                                            language: String = "ja") throws -> DayTypeTimetable {
        let type = "odpt:BusstopPoleTimetable"
        let document = try ODPTDocument.records(bytes, file: file, types: [type, "odpt:BusTimetable"])
        if document.type == "odpt:BusTimetable" {
            return try busTimetablePole(document.records, file: file, pole: pole, language: language)
        }
        let headers = try document.records.map { record in
            try PoleHeader(record: record, file: file)
        }
        let selected = headers.filter { header in pole.map { ODPTDocument.matches(header.pole, filter: $0) } ?? true }
        let poles = uniqueInOrder(headers.map { $0.pole + ($0.titleFields.count > 1 ? " (\($0.titleFields[1]))" : "") })
        guard !selected.isEmpty else {
            throw DecodeError(file: file, text: Message(.odptNoPoleRecord, [
                "type": .text(type), "pole": .text("\"\(pole ?? "")\""), "list": .message(.list(poles)),
            ]))
        }
        if pole == nil, poles.count > 1 {
            throw DecodeError(file: file, text: Message(.odptManyPoles, ["count": .number(poles.count), "list": .message(.list(poles))]))
        }

        var days: [DayTypeKey: [Departure]] = [:]
        for header in selected {
            days[header.calendar.key, default: []].append(contentsOf: try poleDepartures(header, file: file, language: language))
        }
        for key in Array(days.keys) {
            var list = days[key, default: []].sorted { $0.time < $1.time }
            list.markLastPerDestination()
            days[key] = list
        }
        var timetable = DayTypeTimetable(days: days)
        timetable.publishedValidity = try validity(of: selected.map(\.record), file: file)
        return timetable
    }

    /// The identifying fields of one bus-pole record.
    struct PoleHeader {
        var record: ODPTRecord
        var pole: String
        var route: String?
        var direction: String?
        /// `dc:title` split at ':' — route, stop, destination sign, day (`直行０１:品川…前:大井町駅東口行:平日`).
        var titleFields: [String]
        var calendar: ODPTCalendar

        init(record: ODPTRecord, file: String) throws {
            self.record = record
            pole = try record.requiredString("odpt:busstopPole", file: file)
            route = try record.optionalString("odpt:busroute", file: file)
            direction = try record.optionalString("odpt:busDirection", file: file)
            titleFields = (try record.optionalString("dc:title", file: file) ?? "")
                .split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            calendar = try ODPTTimetableDecoder.calendar(of: record, file: file)
        }

        func field(_ index: Int) -> String? {
            index < titleFields.count && !titleFields[index].isEmpty ? titleFields[index] : nil
        }
    }

    private static func poleDepartures(_ header: PoleHeader, file: String, language: String) throws -> [Departure] {
        let record = header.record
        let routeName = header.route.map(ODPTDocument.lastComponent)
        let line = (language == "ja" ? header.field(0) ?? routeName : routeName ?? header.field(0)) ?? ""
        // `odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.1` → the stop's romanised name.
        let poleParts = (header.pole.split(separator: ":", maxSplits: 1).last ?? "").split(separator: ".")
        let stop = header.field(1) ?? (poleParts.count > 1 ? String(poleParts[1]) : header.pole)
        let fallbackDestination = header.field(2).map(destinationLabel)
            ?? header.direction.map(ODPTDocument.lastComponent) ?? ""

        var clock = ODPTDepartureClock()
        var departures: [Departure] = []
        for (index, entry) in try record.entries("odpt:busstopPoleTimetableObject", file: file).enumerated() {
            func place() -> Message { Message(.odptDeparturePlace, ["record": .message(record.place), "index": .number(index + 1)]) }
            guard case .object = entry else { throw notAnObject(entry, place: place(), file: file) }
            guard var clockSeconds = try departureSeconds(entry, place: place(), file: file) else { continue }
            if try flag(entry, "odpt:isMidnight", place: place(), file: file), clockSeconds < 12 * 3600 {
                clockSeconds += 24 * 3600
            }
            let destination = try string(entry, "odpt:destinationSign", place: place(), file: file).map(destinationLabel)
            departures.append(Departure(time: clock.serviceTime(clockSeconds), line: line, stop: stop,
                                        destination: destination.flatMap { $0.isEmpty ? nil : $0 } ?? fallbackDestination,
                                        isOrigin: try flag(entry, "odpt:isOrigin", place: place(), file: file),
                                        trip: try string(entry, "odpt:busTimetable", place: place(), file: file)))
        }
        return departures
    }

    /// A destination sign as a label: "(直行０１)八潮パークタウン行" → "八潮パークタウン".
    static func destinationLabel(_ sign: String) -> String {
        var text = Substring(sign.trimmingSpaces())
        if let first = text.first, first == "(" || first == "（",
           let close = text.firstIndex(where: { $0 == ")" || $0 == "）" }) {
            text = text[text.index(after: close)...]
        }
        if text.hasSuffix("行"), text.count > 1 { text = text.dropLast() }
        return String(text).trimmingSpaces()
    }
}

extension String {
    /// The string without leading and trailing spaces (ASCII and ideographic).
    fileprivate func trimmingSpaces() -> String {
        guard let start = firstIndex(where: { $0 != " " && $0 != "\u{3000}" }),
              let end = lastIndex(where: { $0 != " " && $0 != "\u{3000}" }) else { return "" }
        return String(self[start...end])
    }
}
