import XCTest
@testable import Timetable

/// The good feeds: the GTFS-JP rinkobus sample and Google's transitfeed "good_feed" with its
/// accepted variants (zip, BOM, mixed line endings, only calendar_dates).
final class GTFSFeedTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("gtfs")
    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static let rinkobus = path("gtfs-jp-rinkobus")
    static let goodFeed = path("transitfeed-tests/good_feed")

    private func summary(_ day: ServiceDayDepartures?) -> [String] {
        (day?.departures ?? []).map {
            "\(Departure.clockText(seconds: Int($0.time))) \($0.line) \($0.stop) → \($0.destination)\($0.isLast ? " last" : "")"
        }
    }

    // MARK: GTFS-JP rinkobus

    func testRinkobusPlatformFirstWeekdayDepartures() throws {
        let feed = try GTFSFeed.load(path: Self.rinkobus)
        XCTAssertEqual(feed.agencyTimeZone, "Asia/Tokyo")
        XCTAssertEqual(feed.stopTimeCount, 129)
        let platform = try feed.timetable(stopID: "1510-57", stopName: nil, route: nil)
        // 2017-04-03 is a Monday: calendar_dates.txt adds 平日（月～金） (unpadded 6:28:00 in the file).
        let day = try XCTUnwrap(platform.departures(on: LocalDate("2017-04-03")!, dayType: .weekday))
        XCTAssertEqual(day.dayTypeLabel, "weekday")
        XCTAssertEqual(summary(day), [
            "06:28 川56 川崎駅西口57番のりば → 矢向末吉橋循環",
            "06:45 川56 川崎駅西口57番のりば → 矢向末吉橋循環",
            "07:01 川56 川崎駅西口57番のりば → 矢向末吉橋循環 last",
        ])
        XCTAssertEqual(day.departures.first?.time, 23_280)  // 6:28
        XCTAssertTrue(day.departures.allSatisfy(\.isOrigin))
    }

    func testRinkobusCalendarDatesDecideTheService() throws {
        let feed = try GTFSFeed.load(path: Self.rinkobus)
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2017-04-01")!), ["土曜"])
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2017-04-03")!), ["平日（月～金）"])
        // 昭和の日 (a Saturday): only 祝日 runs, and the sample has no trips for it.
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2017-04-29")!), ["祝日"])
        let platform = try feed.timetable(stopID: "1510-57", stopName: nil, route: nil)
        XCTAssertNil(platform.departures(on: LocalDate("2017-04-01")!, dayType: .saturday))
        XCTAssertNil(platform.departures(on: LocalDate("2017-04-29")!, dayType: .holiday))
        // After calendar.txt's end_date nothing runs.
        XCTAssertNil(platform.departures(on: LocalDate("2017-05-01")!, dayType: .weekday))
    }

    func testRinkobusStationSelectsItsPlatformsAndRouteFilters() throws {
        let feed = try GTFSFeed.load(path: Self.rinkobus)
        let monday = LocalDate("2017-04-03")!
        // 1510 is the station 川崎駅西口; its platform 1510-01 is only ever a last stop (no departures).
        let station = try feed.timetable(stopID: "1510", stopName: nil, route: nil)
        XCTAssertEqual(summary(station.departures(on: monday, dayType: .weekday)), [
            "06:27 川57 川崎駅西口59番のりば → 末吉橋矢向循環",
            "06:28 川56 川崎駅西口57番のりば → 矢向末吉橋循環",
            "06:38 川57 川崎駅西口59番のりば → 末吉橋矢向循環",
            "06:45 川56 川崎駅西口57番のりば → 矢向末吉橋循環",
            "06:49 川57 川崎駅西口59番のりば → 末吉橋矢向循環 last",
            "07:01 川56 川崎駅西口57番のりば → 矢向末吉橋循環 last",
        ])
        let byName = try feed.timetable(stopID: nil, stopName: "川崎駅西口", route: "川57")
        let expected: [Int32] = [23_220, 23_880, 24_540]  // 6:27, 6:38, 6:49
        XCTAssertEqual(byName.departures(on: monday, dayType: .weekday)?.departures.map(\.time), expected)
        let byRouteID = try feed.timetable(stopID: "1510", stopName: nil, route: "21000-0")
        XCTAssertEqual(byRouteID.scheduledCount, 3)
        // A mid-route stop: stop_headsign changes along the trip.
        let egawa = try feed.timetable(stopID: "1620-03", stopName: nil, route: nil)
        XCTAssertEqual(summary(egawa.departures(on: monday, dayType: .weekday)).first,
                       "06:40 川56 江川町３番のりば → 川崎駅西口行き（末吉橋経由）")
        XCTAssertEqual(egawa.departures(on: monday, dayType: .weekday)?.departures.contains(where: \.isOrigin), false)
    }

    func testUnknownStopAndRouteNameTheFeedAndValue() throws {
        let feed = try GTFSFeed.load(path: Self.rinkobus)
        XCTAssertThrowsError(try feed.timetable(stopID: "9999", stopName: nil, route: nil)) { error in
            XCTAssertEqual("\(error)", "\(Self.rinkobus): no stop with stop_id \"9999\" in stops.txt")
        }
        XCTAssertThrowsError(try feed.timetable(stopID: nil, stopName: "三鷹駅", route: nil)) { error in
            XCTAssertEqual("\(error)", "\(Self.rinkobus): no stop with stop_name \"三鷹駅\" in stops.txt")
        }
        XCTAssertThrowsError(try feed.timetable(stopID: "1510-57", stopName: nil, route: "鷹56")) { error in
            XCTAssertEqual("\(error)", "\(Self.rinkobus): no route with route_id or route_short_name \"鷹56\" in routes.txt")
        }
        XCTAssertThrowsError(try feed.timetable(stopID: "1510-57", stopName: "x", route: nil)) { error in
            XCTAssertTrue("\(error)".contains("exactly one of stop_id and stop_name"), "\(error)")
        }
    }

    // MARK: transitfeed good_feed

    func testGoodFeedFrequenciesExpandFromStartInclusiveToEndExclusive() throws {
        let feed = try GTFSFeed.load(path: Self.goodFeed)
        XCTAssertEqual(feed.agencyTimeZone, "America/Los_Angeles")
        let monday = LocalDate("2024-06-03")!
        // STAGECOACH: STBA has pickup_type 1 there and CITY2 ends there; CITY1 starts there.
        let stagecoach = try feed.timetable(stopID: "STAGECOACH", stopName: nil, route: nil)
        let day = try XCTUnwrap(stagecoach.departures(on: monday, dayType: .weekday))
        // 6:00–7:59:59 /30 min: 4, 8:00–9:59:59 /10: 12, 10:00–15:59:59 /30: 12, 16:00–18:59:59 /10: 18,
        // 19:00–22:00 /30: 6 (22:00 itself excluded).
        XCTAssertEqual(day.departures.count, 52)
        XCTAssertEqual(day.departures.prefix(5).map(\.clockText), ["06:00", "06:30", "07:00", "07:30", "08:00"])
        XCTAssertEqual(day.departures.last?.clockText, "21:30")
        XCTAssertEqual(day.departures.filter(\.isLast).map(\.clockText), ["21:30"])
        // No headsigns: the destination is the trip's last stop; route_short_name is unicode.
        XCTAssertEqual(day.departures.first?.destination, "E Main St / S Irving St (Demo)")
        XCTAssertEqual(day.departures.first?.line, "Ō")

        // NANAA: CITY1 leaves 7 min after its first departure (stop_headsign), CITY2 21 min after.
        let nanaa = try feed.timetable(stopID: "NANAA", stopName: nil, route: nil)
        let nanaaDay = try XCTUnwrap(nanaa.departures(on: monday, dayType: .weekday))
        XCTAssertEqual(nanaaDay.departures.prefix(4).map { "\($0.clockText) \($0.destination)" },
                       ["06:07 going to nadav", "06:21 Stagecoach Hotel & Casino (Demo)",
                        "06:37 going to nadav", "06:51 Stagecoach Hotel & Casino (Demo)"])
        XCTAssertEqual(nanaaDay.departures.count, 104)
    }

    func testGoodFeedCalendarDatesRemoveAndWeekendService() throws {
        let feed = try GTFSFeed.load(path: Self.goodFeed)
        // calendar_dates.txt removes FULLW on 2007-06-04 (a Monday).
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2007-06-04")!), [])
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2007-06-11")!), ["FULLW"])
        let airport = try feed.timetable(stopID: "BEATTY_AIRPORT_STATION", stopName: nil, route: nil)
        XCTAssertNil(airport.departures(on: LocalDate("2007-06-04")!, dayType: .weekday))
        XCTAssertEqual(summary(airport.departures(on: LocalDate("2024-06-03")!, dayType: .weekday)),
                       ["08:00 Airport ⇒ Bullfrog Nye County Airport (Demo) → to Bullfrog last"])
        XCTAssertEqual(summary(airport.departures(on: LocalDate("2024-06-01")!, dayType: .saturday)), [
            "08:00 Airport ⇒ Amargosa Valley Nye County Airport (Demo) → to Amargosa Valley",
            "08:00 Airport ⇒ Bullfrog Nye County Airport (Demo) → to Bullfrog last",
            "13:00 Airport ⇒ Amargosa Valley Nye County Airport (Demo) → to Amargosa Valley last",
        ])
        XCTAssertEqual(airport.departures(on: LocalDate("2024-06-01")!, dayType: .saturday)?.dayTypeLabel, "saturday")
    }

    func testZipIsReadLikeTheDirectory() throws {
        let zipped = try GTFSFeed.load(path: Self.path("transitfeed-tests/good_feed.zip"))
        let unpacked = try GTFSFeed.load(path: Self.goodFeed)
        let date = LocalDate("2010-06-05")!  // a Saturday; the zip's calendar ends in 2011, the directory's in 2025
        for stop in ["STAGECOACH", "NANAA", "BEATTY_AIRPORT", "BULLFROG", "AMV"] {
            let a = try zipped.timetable(stopID: stop, stopName: nil, route: nil).departures(on: date, dayType: .saturday)
            let b = try unpacked.timetable(stopID: stop, stopName: nil, route: nil).departures(on: date, dayType: .saturday)
            XCTAssertEqual(summary(a), summary(b), stop)
            XCTAssertEqual(a?.departures == b?.departures, true, stop)
            XCTAssertFalse(summary(a).isEmpty, stop)
        }
    }

    func testByteOrderMarkIsAccepted() throws {
        let feed = try GTFSFeed.load(path: Self.path("transitfeed-tests/utf8bom"))
        XCTAssertEqual(feed.agencyTimeZone, "America/Los_Angeles")
        let stagecoach = try feed.timetable(stopID: "STAGECOACH", stopName: nil, route: nil)
        // This variant's STBA has no pickup_type 1 at STAGECOACH: 32 shuttles (6:00–21:30) join CITY1's 52.
        let day = try XCTUnwrap(stagecoach.departures(on: LocalDate("2008-06-02")!, dayType: .weekday))
        XCTAssertEqual(day.departures.count, 84)
        XCTAssertEqual(day.departures.filter { $0.destination == "Shuttle" }.count, 32)
    }

    /// bad_eol.zip mixes LF and CRLF (calendar.txt), ends a row with CR CR LF (routes.txt) and has a
    /// form feed after the last header name (trips.txt). We accept all three: CRs before a LF are
    /// dropped and header names are trimmed of white space.
    func testBadLineEndingsAreReadLeniently() throws {
        let feed = try GTFSFeed.load(path: Self.path("transitfeed-tests/bad_eol.zip"))
        let stagecoach = try feed.timetable(stopID: "STAGECOACH", stopName: nil, route: nil)
        let day = try XCTUnwrap(stagecoach.departures(on: LocalDate("2008-06-02")!, dayType: .weekday))
        XCTAssertEqual(day.departures.count, 52)
        XCTAssertEqual(day.departures.first?.line, "Ō")
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2010-12-31")!), ["FULLW"])
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2011-01-01")!), [])
    }

    func testOnlyCalendarDatesIsValid() throws {
        let feed = try GTFSFeed.load(path: Self.path("transitfeed-tests/only_calendar_dates"))
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2007-06-04")!), ["FULLW"])
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2007-06-05")!), ["WE"])
        XCTAssertEqual(feed.serviceIDs(on: LocalDate("2007-06-06")!), [])
        let airport = try feed.timetable(stopID: "BEATTY_AIRPORT", stopName: nil, route: nil)
        XCTAssertEqual(airport.departures(on: LocalDate("2007-06-04")!, dayType: .weekday)?.departures.map(\.clockText), ["08:00"])
        XCTAssertEqual(airport.departures(on: LocalDate("2007-06-05")!, dayType: .weekday)?.departures.map(\.clockText),
                       ["08:00", "13:00"])
        XCTAssertNil(airport.departures(on: LocalDate("2007-06-06")!, dayType: .weekday))
    }
}
