internal import JSONText

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
            var wanted: [String] = []
            if let station { wanted.append("station \"\(station)\"") }
            if let direction { wanted.append("direction \"\(direction)\"") }
            throw DecodeError(file: file, message: "no \(type) record for \(wanted.joined(separator: " and ")); the file has: "
                              + contents(of: headers))
        }
        let stations = uniqueInOrder(selected.map(\.station))
        if station == nil, stations.count > 1 {
            throw DecodeError(file: file, message: "the file holds timetables of \(stations.count) stations "
                              + "(\(stations.joined(separator: ", "))); choose one station")
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
            throw DecodeError(file: file, place: record.place,
                              message: "odpt:calendar \"\(id)\" names no known day type (expected odpt.Calendar:\(ODPTCalendar.knownNames))")
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
            func place() -> String { record.place + ", departure \(index + 1)" }
            guard case .object = entry else {
                throw DecodeError(file: file, place: place(), message: "expected an object, got \(entry.kindDescription) \(entry.quoted)")
            }
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
    static func departureSeconds(_ entry: JSONValue, place: @autoclosure () -> String, file: String) throws -> Int32? {
        guard let value = entry["odpt:departureTime"] else {
            if entry["odpt:arrivalTime"] != nil { return nil }
            throw DecodeError(file: file, place: place(), message: "missing \"odpt:departureTime\"")
        }
        guard let text = value.stringValue, let seconds = ODPTDepartureClock.seconds(text) else {
            throw DecodeError(file: file, place: place(),
                              message: "odpt:departureTime \(value.quoted) is not a time HH:MM (hours 0–29, minutes 0–59)")
        }
        return seconds
    }

    /// `odpt:destinationStation`: a string (2017), an array of strings (2025), or absent.
    private static func destinationStations(_ entry: JSONValue, place: @autoclosure () -> String, file: String) throws -> [String] {
        guard let value = entry["odpt:destinationStation"], value != .null else { return [] }
        if let id = value.stringValue { return [id] }
        if let items = value.arrayValue {
            return try items.map { item in
                guard let id = item.stringValue else {
                    throw DecodeError(file: file, place: place(),
                                      message: "odpt:destinationStation must hold station ids, got \(item.quoted)")
                }
                return id
            }
        }
        throw DecodeError(file: file, place: place(),
                          message: "odpt:destinationStation must be a station id or an array of them, got \(value.quoted)")
    }

    /// The entry's train number, what `odpt:Train` realtime data is joined on: `odpt:trainNumber`
    /// (`A1551`), else the last component of `odpt:train` (`odpt.Train:TokyoMetro.Ginza.A1551` →
    /// `A1551`); nil when the entry has neither (2017 data).
    static func trainNumber(_ entry: JSONValue, place: @autoclosure () -> String, file: String) throws -> String? {
        if let number = try string(entry, "odpt:trainNumber", place: place(), file: file), !number.isEmpty {
            return number
        }
        return try string(entry, "odpt:train", place: place(), file: file).map(ODPTDocument.lastComponent)
    }

    /// An optional string member of an entry.
    static func string(_ entry: JSONValue, _ key: String, place: @autoclosure () -> String, file: String) throws -> String? {
        guard let value = entry[key], value != .null else { return nil }
        guard let text = value.stringValue else {
            throw DecodeError(file: file, place: place(), message: "\(key) must be a string, got \(value.quoted)")
        }
        return text
    }

    /// A flag that ODPT writes only when true (`odpt:isLast`, `odpt:isOrigin`, `odpt:isMidnight`).
    static func flag(_ entry: JSONValue, _ key: String, place: @autoclosure () -> String, file: String) throws -> Bool {
        guard let value = entry[key], value != .null else { return false }
        guard case .bool(let flag) = value else {
            throw DecodeError(file: file, place: place(), message: "\(key) must be true or false, got \(value.quoted)")
        }
        return flag
    }

    /// "odpt.Station:… toward odpt.RailDirection:… (Weekday, SaturdayHoliday); …" for error messages.
    private static func contents(of headers: [StationHeader]) -> String {
        var order: [String] = []
        var calendars: [String: [String]] = [:]
        for header in headers {
            let name = header.station + (header.direction.map { " toward \($0)" } ?? "")
            if calendars[name] == nil { order.append(name) }
            let calendar = header.calendar.id.replacingPrefix("odpt.Calendar:")
            if calendars[name, default: []].contains(calendar) == false { calendars[name, default: []].append(calendar) }
        }
        return order.map { "\($0) (\(calendars[$0, default: []].joined(separator: ", ")))" }.joined(separator: "; ")
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
