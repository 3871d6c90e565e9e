internal import JSONText
import Messages

extension ODPTTimetableDecoder {
    /// The timetable of one bus stop pole from `odpt:BusTimetable` records (one record per trip,
    /// `odpt:busTimetableObject` listing its stops in order), keyed by calendar: every trip that
    /// stops at `pole` where passengers can get on (`odpt:canGetOn` not false) and that leaves it
    /// (an entry with `odpt:departureTime`) departs there.
    ///
    /// `line` is the route (`吉０６` from `dc:title` in Japanese, else the route pattern's
    /// `Kichi06`), `stop` the first field of the pole entry's `odpt:note` (`調布駅北口`), `destination`
    /// the entry's `odpt:destinationSign` (as for pole timetables), else the first field of the last
    /// stop's `odpt:note` (`吉祥寺駅`). `odpt:isMidnight` moves a time past 24:00; `isOrigin` is set
    /// when the pole is the trip's first stop, `isLast` on the last departure of each day toward each
    /// destination, `trip` is the record's `owl:sameAs` (the `odpt:busTimetable` id). The validity
    /// is the `dct:issued` / `dct:valid` of the trips that stop there.
    ///
    /// - Throws: `DecodeError` naming the record and entry for a missing or bad field, and when
    ///   `pole` is nil (a trip file has many poles: the message lists the first ones) or no trip
    ///   departs from it.
    static func busTimetablePole(_ records: [ODPTRecord], file: String, pole: String?, language: String) throws -> DayTypeTimetable {
        var days: [DayTypeKey: [Departure]] = [:]
        var used: [ODPTRecord] = []
        var poles: [String] = []
        for record in records {
            let calendar = try ODPTTimetableDecoder.calendar(of: record, file: file)
            let entries = try record.entries("odpt:busTimetableObject", file: file)
            var stops: [(pole: String, note: String?, entry: JSONValue, index: Int)] = []
            func place(_ index: Int) -> Message { Message(.odptStopPlace, ["record": .message(record.place), "index": .number(index + 1)]) }
            for (index, entry) in entries.enumerated() {
                guard case .object = entry else { throw notAnObject(entry, place: place(index), file: file) }
                guard let id = try string(entry, "odpt:busstopPole", place: place(index), file: file) else {
                    throw DecodeError(file: file, placeText: place(index), text: Message(.odptMissing, ["key": .text("\"odpt:busstopPole\"")]))
                }
                if poles.count < 5, !poles.contains(id) { poles.append(id) }
                stops.append((id, try string(entry, "odpt:note", place: place(index), file: file), entry, index))
            }
            guard let pole else { continue }
            let route = try record.optionalString("odpt:busroutePattern", file: file)
                .map { ODPTDocument.lastComponent($0.split(separator: ".").dropLast(2).joined(separator: ".")) }
            let title = try record.optionalString("dc:title", file: file)
            let line = (language == "ja" ? title ?? route : route ?? title) ?? ""
            let lastStop = stops.last.flatMap { $0.note.map(noteName) } ?? stops.last.map { ODPTDocument.lastComponent($0.pole) } ?? ""
            var departs = false
            for (index, stop) in stops.enumerated() where ODPTDocument.matches(stop.pole, filter: pole) && index < stops.count - 1 {
                if case .bool(false) = stop.entry["odpt:canGetOn"] ?? .null { continue }
                guard var seconds = try departureSeconds(stop.entry, place: place(stop.index), file: file) else { continue }
                if try flag(stop.entry, "odpt:isMidnight", place: place(stop.index), file: file), seconds < 12 * 3600 { seconds += 24 * 3600 }
                let sign = try string(stop.entry, "odpt:destinationSign", place: place(stop.index), file: file).map(destinationLabel)
                days[calendar.key, default: []].append(Departure(
                    time: seconds, line: line, stop: stop.note.map(noteName) ?? ODPTDocument.lastComponent(stop.pole),
                    destination: sign.flatMap { $0.isEmpty ? nil : $0 } ?? lastStop, isOrigin: index == 0,
                    trip: record.sameAs))
                departs = true
            }
            if departs { used.append(record) }
        }
        guard let pole else {
            throw DecodeError(file: file, text: Message(.odptBusTimetableManyPoles, ["list": .message(.list(poles))]))
        }
        guard !used.isEmpty else {
            throw DecodeError(file: file, text: Message(.odptNoTripFromPole, [
                "pole": .text("\"\(pole)\""), "list": .message(.list(poles + (poles.count == 5 ? ["…"] : []))),
            ]))
        }
        for key in Array(days.keys) {
            var list = days[key, default: []].sorted { $0.time < $1.time }
            list.markLastPerDestination()
            days[key] = list
        }
        var timetable = DayTypeTimetable(days: days)
        timetable.publishedValidity = try validity(of: used, file: file)
        return timetable
    }

    /// The stop's name from an `odpt:note` (`調布駅北口:10225:13` → `調布駅北口`).
    private static func noteName(_ note: String) -> String {
        String(note.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? Substring(note))
    }
}
