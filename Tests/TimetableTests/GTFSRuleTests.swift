import XCTest
@testable import Timetable

/// Domain rules and error messages on small feeds written for each case.
final class GTFSRuleTests: XCTestCase {
    private var directories: [URL] = []

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
        directories = []
        super.tearDown()
    }

    static let agency = "agency_id,agency_name,agency_url,agency_timezone\nA,Agency,http://example.com,Asia/Tokyo\n"
    static let stops = "stop_id,stop_name,platform_code\nS1,一の橋,3\nS2,二の橋,\nS3,,\n"
    static let routes = "route_id,route_short_name,route_long_name\nR1,鷹56,\nR2,,Long Name\nR3,,\n"
    static let calendar = "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"
        + "WK,1,1,1,1,1,0,0,20241201,20241231\nSA,0,0,0,0,0,1,0,20241201,20241231\n"
    static let calendarDates = "service_id,date,exception_type\nWK,20241221,1\nWK,20241223,2\n"
    static let trips = "route_id,service_id,trip_id,trip_headsign\nR1,WK,T1,三鷹駅\nR2,WK,T2,\nR3,SA,T3,\n"

    /// Writes a feed directory; `files` override or add to the defaults (nil removes one).
    private func feed(_ files: [String: String?] = [:], raw: [String: [UInt8]] = [:]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-rule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        directories.append(directory)
        var all: [String: String?] = [
            "agency.txt": Self.agency, "stops.txt": Self.stops, "routes.txt": Self.routes,
            "calendar.txt": Self.calendar, "calendar_dates.txt": Self.calendarDates, "trips.txt": Self.trips,
            "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,6:00:00,6:00:00,S1,1\nT1,6:10:00,6:10:00,S2,2\n",
        ]
        for (name, text) in files { all[name] = text }
        for (name, text) in all {
            guard let text else { continue }
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        for (name, bytes) in raw { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
        return directory.path
    }

    private func error(_ files: [String: String?], raw: [String: [UInt8]] = [:]) throws -> String {
        let path = try feed(files, raw: raw)
        do {
            _ = try GTFSFeed.load(path: path)
            XCTFail("loaded")
            return ""
        } catch let error as DecodeError {
            return error.description.replacingOccurrences(of: path, with: "feed")
        }
    }

    /// frequencies.txt cannot expand without bound: 999 hours every second is refused, not allocated.
    func testFrequencyExpansionIsCapped() throws {
        let path = try feed(["frequencies.txt": "trip_id,start_time,end_time,headway_secs\nT1,0:00:00,999:00:00,1\n"])
        let loaded = try GTFSFeed.load(path: path)
        XCTAssertThrowsError(try loaded.timetable(stopID: "S1", stopName: nil, route: nil)) { error in
            XCTAssertEqual("\(error)".replacingOccurrences(of: path, with: "feed"),
                           "feed/frequencies.txt: the frequencies expand to more than 2000000 departures at the chosen stop(s); check headway_secs and the windows")
        }
        let hourly = try feed(["frequencies.txt": "trip_id,start_time,end_time,headway_secs\nT1,6:00:00,7:00:00,600\n"])
        XCTAssertEqual(try GTFSFeed.load(path: hourly).timetable(stopID: "S1", stopName: nil, route: nil).scheduledCount, 6)
    }

    func testWhichStopTimesAreDepartures() throws {
        let stopTimes = """
        trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,stop_headsign
        T1,6:00:00,6:00:00,S1,1,0,
        T1,,,S2,2,,
        T1,6:20:00,,S3,3,,
        T1,6:30:00,6:31:00,S1,4,1,
        T1,6:40:00,6:41:00,S2,5,,経由
        T1,6:50:00,6:50:00,S3,6,,
        T2,07:00:00,07:00:00,S3,10,,
        T2,07:10:00,07:10:00,S1,20,,
        T2,07:20:00,07:20:00,S2,30,,
        """
        let feed = try GTFSFeed.load(path: try feed(["stop_times.txt": stopTimes]))
        let monday = LocalDate("2024-12-02")!
        func times(_ stop: String) throws -> [String] {
            let day = try feed.timetable(stopID: stop, stopName: nil, route: nil).departures(on: monday, dayType: .weekday)
            return (day?.departures ?? []).map { "\($0.clockText) \($0.line) \($0.stop) \($0.destination)" }
        }
        // S1: 6:00 departs; 6:31 has pickup_type 1. T2 departs S1 at 7:10 (route_long_name, last stop's name).
        XCTAssertEqual(try times("S1"), ["06:00 鷹56 3 三鷹駅", "07:10 Long Name 3 二の橋"])
        // S2: the non-timepoint (both times empty) is skipped; 6:41 departs with its stop_headsign;
        // T2 ends at S2 (no departure from a trip's last stop).
        XCTAssertEqual(try times("S2"), ["06:41 鷹56 二の橋 経由"])
        // S3: arrival without departure is not a departure; 6:50 is T1's last stop; T2 starts there.
        // S3 has neither a platform code nor a name: the stop is called by its id.
        XCTAssertEqual(try times("S3"), ["07:00 Long Name S3 二の橋"])
    }

    func testTimesPastMidnightBelongToTheServiceDay() throws {
        let stopTimes = """
        trip_id,arrival_time,departure_time,stop_id,stop_sequence
        T3,24:10:00,24:10:00,S1,1
        T3,25:35:00,25:35:00,S2,2
        T3,26:00:00,26:00:00,S3,3
        """
        let feed = try GTFSFeed.load(path: try feed(["stop_times.txt": stopTimes]))
        let saturday = LocalDate("2024-12-21")!
        let board = Board(id: "late", title: "late", clock: ZoneClock(identifier: "Asia/Tokyo")!, sources: [
            BoardTimetable(name: "feed", timetable: try feed.timetable(stopID: "S2", stopName: nil, route: nil)),
        ])
        let departures = board.serviceDay(saturday)
        XCTAssertEqual(departures.map(\.info.time), [92_100])  // 25:35
        XCTAssertEqual(departures.first?.serviceDate, saturday)
        XCTAssertEqual(departures.first?.info.line, "R3")
        XCTAssertEqual(departures.first?.isLast, true)
        // 25:35 of Saturday's service is Sunday 01:35 in Tokyo.
        let local = board.clock.localTime(at: departures[0].departure)
        XCTAssertEqual(local.date, LocalDate("2024-12-22"))
        XCTAssertEqual(local.seconds, 5_700)  // 01:35
        XCTAssertEqual(departures[0].departure, board.clock.serviceDayStart(saturday) + 92_100)
        // Nothing on the Sunday service date itself.
        XCTAssertTrue(board.serviceDay(LocalDate("2024-12-22")!).isEmpty)
    }

    func testCalendarDatesAddAndRemove() throws {
        let feed = try GTFSFeed.load(path: try feed())
        let timetable = try feed.timetable(stopID: "S1", stopName: nil, route: "R1")
        // 2024-12-21 is a Saturday added to WK; 2024-12-23 a Monday removed from it.
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2024-12-21")!), ["SA", "WK"])
        XCTAssertEqual(timetable.departures(on: LocalDate("2024-12-21")!, dayType: .saturday)?.departures.map(\.clockText), ["06:00"])
        XCTAssertNil(timetable.departures(on: LocalDate("2024-12-23")!, dayType: .weekday))
        XCTAssertEqual(timetable.departures(on: LocalDate("2024-12-24")!, dayType: .weekday)?.departures.count, 1)
        XCTAssertNil(timetable.departures(on: LocalDate("2025-01-06")!, dayType: .weekday))
        XCTAssertNil(timetable.departures(on: LocalDate("2024-12-28")!, dayType: .saturday))
    }

    func testFrequencyOffsetsAndWindows() throws {
        let files: [String: String?] = [
            "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,5:00:00,5:02:00,S1,1\nT1,5:10:00,5:12:00,S2,2\nT1,5:20:00,5:20:00,S3,3\n",
            "frequencies.txt": "trip_id,start_time,end_time,headway_secs\nT1,23:30:00,24:30:00,1200\n",
        ]
        let feed = try GTFSFeed.load(path: try feed(files))
        let timetable = try feed.timetable(stopID: "S2", stopName: nil, route: nil)
        // Offset of S2 from the first departure (5:02) is 10 min; starts 23:30, 23:50, 24:10 (24:30 excluded).
        XCTAssertEqual(timetable.departures(on: LocalDate("2024-12-02")!, dayType: .weekday)?.departures.map(\.clockText),
                       ["23:40", "24:00", "24:20"])
    }

    func testQuotedCellsCRLFAndBlankLines() throws {
        let stops = "stop_id,stop_name,platform_code\r\n\"S1\",\"Hall, \"\"Main\"\"\nexit\",\r\n\r\nS2,二の橋,\r\nS3,x,\r\n"
        let stopTimes = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\r\nT1, 6:00:00 ,6:00:00,S1,1\r\nT1,6:10:00,6:10:00,S2,2\r\n"
        let feed = try GTFSFeed.load(path: try feed(["stops.txt": stops, "stop_times.txt": stopTimes]))
        let day = try feed.timetable(stopID: "S1", stopName: nil, route: nil).departures(on: LocalDate("2024-12-02")!, dayType: .weekday)
        XCTAssertEqual(day?.departures.first?.stop, "Hall, \"Main\"\nexit")
    }

    /// stop_times.txt's ids, times and numbers are not UTF-8-checked while scanning (they are looked
    /// up among checked ids or parsed as ASCII); a bad byte there is still reported as such.
    func testEncodingErrorsInStopTimesColumnsReadWithoutACheck() throws {
        let header = Array("trip_id,arrival_time,departure_time,stop_id,stop_sequence,stop_headsign\nT1,6:00:00,6:00:00,S1,1,\n".utf8)
        let bad: [(row: [UInt8], column: Int)] = [
            ([0xE4, 0xB8] + Array(",6:10:00,6:10:00,S2,2,\n".utf8), 1),                       // trip_id
            (Array("T1,6:10:00,6:1".utf8) + [0xFF] + Array(",S2,2,\n".utf8), 15),             // departure_time
            (Array("T1,6:10:00,6:10:00,S".utf8) + [0xC0, 0xAF] + Array(",2,\n".utf8), 21),    // stop_id
            (Array("T1,6:10:00,6:10:00,S2,".utf8) + [0xF5] + Array(",\n".utf8), 23),          // stop_sequence
            (Array("T1,6:10:00,6:10:00,S2,2,".utf8) + [0xED, 0xBF, 0xBF] + [0x0A], 25),       // stop_headsign
        ]
        for (row, column) in bad {
            let message = try error([:], raw: ["stop_times.txt": header + row])
            XCTAssertTrue(message.hasPrefix("feed/stop_times.txt: row 3: invalid UTF-8 (bytes 0x"), message)
            XCTAssertTrue(message.contains("at column \(column);"), message)
        }
    }

    func testErrorsNameFileRowAndValue() throws {
        XCTAssertEqual(try error(["stop_times.txt": "trip_id,arrival_time,departure_time,stop_id\nT1,6:00:00,6:00:00,S1\n"]),
                       "feed/stop_times.txt: row 1: missing required column \"stop_sequence\" (the header has: trip_id, arrival_time, departure_time, stop_id)")
        XCTAssertEqual(try error(["stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,6:00:00,6:00:00,S1,1\nT1,6:10:00,6:1:00,S2,2\n"]),
                       "feed/stop_times.txt: row 3: departure_time \"6:1:00\" is not a time (H:MM:SS)")
        XCTAssertEqual(try error(["stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n\nT1,6:00:00,6:00:00,S9,1\n"]),
                       "feed/stop_times.txt: row 3: stop_id \"S9\" is not in stops.txt")
        XCTAssertEqual(try error(["stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT9,6:00:00,6:00:00,S1,1\n"]),
                       "feed/stop_times.txt: row 2: trip_id \"T9\" is not in trips.txt")
        XCTAssertEqual(try error(["stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,6:00:00,6:00:00,S1,first\n"]),
                       "feed/stop_times.txt: row 2: stop_sequence \"first\" is not a non-negative whole number")
        XCTAssertEqual(try error(["trips.txt": "route_id,service_id,trip_id\nR1,WK,T1\nR7,WK,T2\n"]),
                       "feed/trips.txt: row 3: route_id \"R7\" is not in routes.txt")
        // A trip whose service_id no calendar file defines would never run: it refuses the feed (issue 10).
        XCTAssertEqual(try error(["trips.txt": "route_id,service_id,trip_id\nR1,WK,T1\nR1,HOLIDAY,T2\nR2,HOLIDAY,T3\nR3,XMAS,T4\n"]),
                       "feed/trips.txt: row 3: service_id \"HOLIDAY\" is in neither calendar.txt nor calendar_dates.txt (and 2 more trips with an undefined service_id); such a trip would never run")
        XCTAssertEqual(try error(["trips.txt": "route_id,service_id,trip_id\nR1,WK,T1\nR1,SU,T2\n", "calendar.txt": nil]),
                       "feed/trips.txt: row 3: service_id \"SU\" is in neither calendar.txt nor calendar_dates.txt; such a trip would never run")
        XCTAssertEqual(try error(["stops.txt": "stop_id,stop_name\nS1,a\n\"S2,b\n"]),
                       "feed/stops.txt: row 3: the quoted cell 1 is never closed (a closing \" is missing)")
        XCTAssertEqual(try error(["stops.txt": "stop_id,stop_name\n\"S1\"x,a\n"]),
                       "feed/stops.txt: row 2: unexpected \"x\" after the closing quote of cell 1")
        XCTAssertEqual(try error(["calendar.txt": nil, "calendar_dates.txt": nil]),
                       "feed: the feed has neither calendar.txt nor calendar_dates.txt; GTFS needs one of them")
        XCTAssertEqual(try error(["calendar_dates.txt": "service_id,date,exception_type\nWK,20241301,1\n"]),
                       "feed/calendar_dates.txt: row 2: date \"20241301\" is not a date (YYYYMMDD)")
        XCTAssertEqual(try error(["frequencies.txt": "trip_id,start_time,end_time,headway_secs\nT1,6:00:00,7:00:00,0\n"]),
                       "feed/frequencies.txt: row 2: headway_secs \"0\" is not a positive number of seconds")
        XCTAssertEqual(try error(["stop_times.txt": nil]), "feed: the feed has no stop_times.txt, which GTFS requires")
        XCTAssertEqual(try error(["stops.txt": "stop_id,stop_name\nS1,a\nS1,b\n"]),
                       "feed/stops.txt: row 3: stop_id \"S1\" is defined twice")
        XCTAssertEqual(try error(["stops.txt": ""]), "feed/stops.txt: the file is empty; expected a header row")
    }
}
