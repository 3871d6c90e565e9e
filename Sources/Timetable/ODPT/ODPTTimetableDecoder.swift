internal import JSONText
import Messages

/// Decodes ODPT (公共交通オープンデータ, API v4) timetable responses into day-type timetables.
///
/// Both shapes of `odpt:StationTimetable` are read: 2017 data, where `odpt:destinationStation` is a
/// string and titles are absent, and 2025 data, where it is an array and records may carry
/// `odpt:railwayTitle` / `odpt:stationTitle` (`{"ja": …, "en": …}`), `dc:title`, and entries
/// `odpt:train`, `odpt:trainNumber` (kept as the departure's `trip`), `odpt:platformNumber`,
/// `odpt:note` (read past, not kept).
///
/// Day types come from `odpt:calendar` (see `ODPTCalendar`): standard calendars map one to one;
/// operator-specific calendars (`odpt.Calendar:Specific.<Operator>.<…>.Weekday01`, `Saturday21`,
/// `Holiday41`, …) are mapped **by name**, by the day-type word in their last component. When a
/// station, railway and direction have both a standard and a specific calendar for the same key, the
/// standard one is used; among specific calendars only, the first id in sort order is used, so a key
/// never holds two timetables' departures twice.
///
/// Departures after midnight, written `00:xx` at the end of a list, are moved past 24:00 (see
/// `ODPTDepartureClock`). Every error is a `DecodeError` naming the file and, for a bad record, its
/// 1-based position and `owl:sameAs`.
public enum ODPTTimetableDecoder {
    /// The departures of an `odpt:StationTimetable` response, keyed by calendar.
    ///
    /// - Parameters:
    ///   - bytes: the response body (a JSON array of `odpt:StationTimetable` records).
    ///   - file: the file name or URL, used in errors.
    ///   - station: only records of this `odpt:station` (the full id, or the id without its
    ///     `odpt.Station:` prefix). When nil, the file must hold one station only.
    ///   - direction: only records of this `odpt:railDirection` (full id or without prefix); nil
    ///     keeps every direction. Several directions merge into the same keys, sorted by time.
    ///   - language: the language of the titles (`ja`, `en`, or any key of the records' title objects).
    /// - Returns: a timetable whose `publishedValidity` is the records' `dct:issued` / `dct:valid`
    ///   (see `validity(of:file:)`), whose `line` is the railway's title (the record's `odpt:railwayTitle`,
    ///   else the built-in Tokyo Metro / Toei table, else the id's last component), `stop` the station's
    ///   title (likewise), `destination` the title of the destination station(s) joined with "・",
    ///   `trainType` the train type id's last component ("Local"), `isLast` / `isOrigin` as flagged, and
    ///   `trip` the entry's train number (`odpt:trainNumber`, else `odpt:train`'s last component).
    /// - Throws: `DecodeError` for unreadable input, a record missing `odpt:calendar`, a calendar it
    ///   cannot map, a bad `odpt:departureTime`, or filters that match nothing (the message lists what
    ///   the file holds).
    public static func stationTimetable(_ bytes: [UInt8], file: String, station: String? = nil,
                                        direction: String? = nil, language: String = "ja") throws -> DayTypeTimetable {
        let type = "odpt:StationTimetable"
        let headers = try ODPTDocument.records(bytes, file: file, type: type).map { record in
            try StationHeader(record: record, file: file)
        }
        let selected = headers.filter { header in
            (station.map { ODPTDocument.matches(header.station, filter: $0) } ?? true)
                && (direction.map { filter in header.direction.map { ODPTDocument.matches($0, filter: filter) } ?? false } ?? true)
        }
        guard !selected.isEmpty else {
            var wanted: [Message] = []
            if let station { wanted.append(Message(.odptWantedStation, ["id": .text("\"\(station)\"")])) }
            if let direction { wanted.append(Message(.odptWantedDirection, ["id": .text("\"\(direction)\"")])) }
            throw DecodeError(file: file, text: Message(.odptNoRecordFor, [
                "type": .text(type), "wanted": .message(.joined(wanted, separator: Message(.andSeparator))),
                "contents": .message(contents(of: headers)),
            ]))
        }
        let stations = uniqueInOrder(selected.map(\.station))
        if station == nil, stations.count > 1 {
            throw DecodeError(file: file, text: Message(.odptManyStations, ["count": .number(stations.count), "list": .message(.list(stations))]))
        }

        var days: [DayTypeKey: [Departure]] = [:]
        let chosen = chooseCalendars(selected)
        for header in chosen {
            let departures = try stationDepartures(header, file: file, language: language)
            days[header.calendar.key, default: []].append(contentsOf: departures)
        }
        var timetable = DayTypeTimetable(days: days)
        timetable.publishedValidity = try validity(of: chosen.map(\.record), file: file)
        return timetable
    }

    /// The identifying fields of one station-timetable record.
    struct StationHeader {
        var record: ODPTRecord
        var station: String
        var direction: String?
        var railway: String?
        var calendar: ODPTCalendar

        init(record: ODPTRecord, file: String) throws {
            self.record = record
            station = try record.requiredString("odpt:station", file: file)
            direction = try record.optionalString("odpt:railDirection", file: file)
            railway = try record.optionalString("odpt:railway", file: file)
            calendar = try ODPTTimetableDecoder.calendar(of: record, file: file)
        }
    }

    /// The record's calendar, or an error quoting an id that names no day type.
    static func calendar(of record: ODPTRecord, file: String) throws -> ODPTCalendar {
        let id = try record.requiredString("odpt:calendar", file: file)
        guard let calendar = ODPTCalendar(id: id) else {
            throw DecodeError(file: file, placeText: record.place, text: Message(.odptUnknownCalendar, [
                "id": .text("\"\(id)\""), "known": .text(ODPTCalendar.knownNames),
            ]))
        }
        return calendar
    }

    /// Per railway, station, direction and key: the records of one calendar only (standard first).
    private static func chooseCalendars(_ headers: [StationHeader]) -> [StationHeader] {
        struct Slot: Hashable { var railway: String?, station: String, direction: String?, key: DayTypeKey }
        var chosen: [Slot: ODPTCalendar] = [:]
        for header in headers {
            let slot = Slot(railway: header.railway, station: header.station, direction: header.direction,
                            key: header.calendar.key)
            guard let current = chosen[slot] else { chosen[slot] = header.calendar; continue }
            let better = (current.isSpecific && !header.calendar.isSpecific)
                || (current.isSpecific == header.calendar.isSpecific && header.calendar.id < current.id)
            if better { chosen[slot] = header.calendar }
        }
        return headers.filter { header in
            chosen[Slot(railway: header.railway, station: header.station, direction: header.direction,
                        key: header.calendar.key)]?.id == header.calendar.id
        }
    }

    /// The departures of one record, in list order, with the after-midnight wrap applied.
    private static func stationDepartures(_ header: StationHeader, file: String, language: String) throws -> [Departure] {
        let record = header.record
        let line = ODPTDocument.title(record.value["odpt:railwayTitle"], language: language)
            ?? header.railway.flatMap { ODPTTitles.railway($0, language: language) }
            ?? header.railway.map(ODPTDocument.lastComponent) ?? ""
        let stop = ODPTDocument.title(record.value["odpt:stationTitle"], language: language)
            ?? ODPTTitles.station(header.station, language: language)
            ?? ODPTDocument.lastComponent(header.station)
        let fallbackDestination = header.direction.map(ODPTDocument.lastComponent) ?? ""

        var clock = ODPTDepartureClock()
        var departures: [Departure] = []
        for (index, entry) in try record.entries("odpt:stationTimetableObject", file: file).enumerated() {
            func place() -> Message { Message(.odptDeparturePlace, ["record": .message(record.place), "index": .number(index + 1)]) }
            guard case .object = entry else { throw notAnObject(entry, place: place(), file: file) }
            guard let clockSeconds = try departureSeconds(entry, place: place(), file: file) else { continue }
            let destinations = try destinationStations(entry, place: place(), file: file)
            let destination = destinations.isEmpty ? fallbackDestination : destinations.map {
                ODPTTitles.station($0, language: language) ?? ODPTDocument.lastComponent($0)
            }.joined(separator: "・")
            let trainType = try string(entry, "odpt:trainType", place: place(), file: file).map(ODPTDocument.lastComponent)
            departures.append(Departure(time: clock.serviceTime(clockSeconds), line: line, stop: stop,
                                        destination: destination, trainType: trainType,
                                        isLast: try flag(entry, "odpt:isLast", place: place(), file: file),
                                        isOrigin: try flag(entry, "odpt:isOrigin", place: place(), file: file),
                                        trip: try trainNumber(entry, place: place(), file: file)))
        }
        return departures
    }

    /// `odpt:departureTime` in seconds since 00:00; nil for an arrival-only entry (a terminal station).
    static func departureSeconds(_ entry: JSONValue, place: @autoclosure () -> Message, file: String) throws -> Int32? {
        guard let value = entry["odpt:departureTime"] else {
            if entry["odpt:arrivalTime"] != nil { return nil }
            throw DecodeError(file: file, placeText: place(), text: Message(.odptMissing, ["key": .text("\"odpt:departureTime\"")]))
        }
        guard let text = value.stringValue, let seconds = ODPTDepartureClock.seconds(text) else {
            throw DecodeError(file: file, placeText: place(), text: Message(.odptBadDepartureTime, ["value": .message(value.quoted)]))
        }
        return seconds
    }

    /// `expected an object, got a number 1` for a timetable entry that is not an object.
    static func notAnObject(_ entry: JSONValue, place: Message, file: String) -> DecodeError {
        DecodeError(file: file, placeText: place, text: Message(.odptExpectedObject, [
            "kind": .message(entry.kindDescription), "value": .message(entry.quoted),
        ]))
    }

    /// `odpt:destinationStation`: a string (2017), an array of strings (2025), or absent.
    private static func destinationStations(_ entry: JSONValue, place: @autoclosure () -> Message, file: String) throws -> [String] {
        guard let value = entry["odpt:destinationStation"], value != .null else { return [] }
        if let id = value.stringValue { return [id] }
        if let items = value.arrayValue {
            return try items.map { item in
                guard let id = item.stringValue else {
                    throw DecodeError(file: file, placeText: place(), text: Message(.odptMustHoldStations, ["value": .message(item.quoted)]))
                }
                return id
            }
        }
        throw DecodeError(file: file, placeText: place(), text: ODPTRecord.mustBe("odpt:destinationStation", .odptExpectedStations, got: value))
    }

    /// The entry's train number, what `odpt:Train` realtime data is joined on: `odpt:trainNumber`
    /// (`A1551`), else the last component of `odpt:train` (`odpt.Train:TokyoMetro.Ginza.A1551` →
    /// `A1551`); nil when the entry has neither (2017 data).
    static func trainNumber(_ entry: JSONValue, place: @autoclosure () -> Message, file: String) throws -> String? {
        if let number = try string(entry, "odpt:trainNumber", place: place(), file: file), !number.isEmpty {
            return number
        }
        return try string(entry, "odpt:train", place: place(), file: file).map(ODPTDocument.lastComponent)
    }

    /// An optional string member of an entry.
    static func string(_ entry: JSONValue, _ key: String, place: @autoclosure () -> Message, file: String) throws -> String? {
        guard let value = entry[key], value != .null else { return nil }
        guard let text = value.stringValue else {
            throw DecodeError(file: file, placeText: place(), text: ODPTRecord.mustBe(key, .jsonKindString, got: value))
        }
        return text
    }

    /// A flag that ODPT writes only when true (`odpt:isLast`, `odpt:isOrigin`, `odpt:isMidnight`).
    static func flag(_ entry: JSONValue, _ key: String, place: @autoclosure () -> Message, file: String) throws -> Bool {
        guard let value = entry[key], value != .null else { return false }
        guard case .bool(let flag) = value else {
            throw DecodeError(file: file, placeText: place(), text: ODPTRecord.mustBe(key, .odptExpectedBool, got: value))
        }
        return flag
    }

    /// "odpt.Station:… toward odpt.RailDirection:… (Weekday, SaturdayHoliday); …" for error messages.
    private static func contents(of headers: [StationHeader]) -> Message {
        struct Place: Hashable { var station: String, direction: String? }
        var order: [Place] = []
        var calendars: [Place: [String]] = [:]
        for header in headers {
            let place = Place(station: header.station, direction: header.direction)
            if calendars[place] == nil { order.append(place) }
            let calendar = header.calendar.id.replacingPrefix("odpt.Calendar:")
            if calendars[place, default: []].contains(calendar) == false { calendars[place, default: []].append(calendar) }
        }
        return .joined(order.map { place in
            let name = place.direction.map { Message(.odptToward, ["station": .text(place.station), "direction": .text($0)]) }
                ?? .verbatim(place.station)
            return name + .verbatim(" (") + .list(calendars[place, default: []]) + .verbatim(")")
        }, separator: .verbatim("; "))
    }

    static func uniqueInOrder(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}

extension String {
    /// The string without `prefix` when it starts with it.
    fileprivate func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
