import Foundation
import XCTest
@testable import Timetable

/// The validity a timetable's data states — ODPT `dct:issued` / `dct:valid`, GTFS `feed_info.txt`
/// `feed_start_date` / `feed_end_date` — and what a board says about sources out of their dates.
final class TimetableValidityTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let odakyu = fixtures.appendingPathComponent("odpt/BusTimetable_OdakyuBus_Kichi06_Weekday01_2records.json")
    static let chofuNorth = "odpt.BusstopPole:OdakyuBus.Choufuekikitaguchi.10225.13"

    // MARK: ODPT

    func testTheRealOdakyuTripFileIsThePolesTimetableValidThroughItsDctValid() throws {
        let bytes = try Array(Data(contentsOf: Self.odakyu))
        let timetable = try ODPTTimetableDecoder.busstopPoleTimetable(bytes, file: "kichi06.json", pole: Self.chofuNorth)
        let weekday = try XCTUnwrap(timetable.days[.weekday])
        XCTAssertEqual(weekday.map { Departure.clockText(seconds: Int($0.time)) }, ["11:51", "12:02"])
        XCTAssertEqual(weekday.map(\.line), ["吉０６", "吉０６"])
        XCTAssertEqual(weekday.map(\.stop), ["調布駅北口", "調布駅北口"])
        XCTAssertEqual(weekday.map(\.destination), ["吉祥寺駅", "吉祥寺駅"])
        XCTAssertEqual(weekday.map(\.isOrigin), [true, true])
        XCTAssertEqual(weekday.map(\.isLast), [false, true])
        XCTAssertEqual(weekday[0].trip, "odpt.BusTimetable:OdakyuBus.Kichi06.10201.1.1100.100000144.Specific.OdakyuBus.Kichijouji.Weekday01")
        // `"dct:valid": "2018-01-15"` (a date): valid through that day; no dct:issued.
        XCTAssertEqual(timetable.publishedValidity,
                       PublishedValidity(from: nil, until: LocalDate("2018-01-15"), fromField: "dct:issued", untilField: "dct:valid"))
        // A later stop of the same trips; the last stop (吉祥寺駅) only lets people off.
        let nozaki = try ODPTTimetableDecoder.busstopPoleTimetable(bytes, file: "kichi06.json", pole: "OdakyuBus.Nozaki.10215.4")
        XCTAssertEqual(nozaki.days[.weekday]?.map { Departure.clockText(seconds: Int($0.time)) }, ["12:05", "12:16"])
        XCTAssertEqual(nozaki.days[.weekday]?.map(\.isOrigin), [false, false])
        XCTAssertThrowsError(try ODPTTimetableDecoder.busstopPoleTimetable(bytes, file: "kichi06.json", pole: "OdakyuBus.Kichijoujieki.10127.90")) {
            XCTAssertTrue("\($0)".hasPrefix("kichi06.json: no odpt:BusTimetable trip departs from pole \"OdakyuBus.Kichijoujieki.10127.90\"; the trips stop at odpt.BusstopPole:OdakyuBus.Choufuekikitaguchi.10225.13, "), "\($0)")
        }
    }

    func testATripFileNeedsAPole() throws {
        let bytes = try Array(Data(contentsOf: Self.odakyu))
        XCTAssertThrowsError(try ODPTTimetableDecoder.busstopPoleTimetable(bytes, file: "kichi06.json")) {
            XCTAssertEqual("\($0)", "kichi06.json: the file holds odpt:BusTimetable trips through many poles (odpt.BusstopPole:OdakyuBus.Choufuekikitaguchi.10225.13, odpt.BusstopPole:OdakyuBus.Choufu.10224.1, odpt.BusstopPole:OdakyuBus.Choufushouboushomae.10223.1, odpt.BusstopPole:OdakyuBus.Dentsuudaigakuseiryoumae.10222.1, odpt.BusstopPole:OdakyuBus.Fujimichoujuutakumae.10221.1, …); choose one pole")
        }
    }

    /// Two station-timetable records: the latest dct:issued and the earliest dct:valid hold; a
    /// dct:valid time before 04:00 (or at midnight) ends the service day before it.
    func stationTimetable(issued: (String?, String?), valid: (String?, String?)) -> [UInt8] {
        func record(_ calendar: String, _ issued: String?, _ valid: String?) -> String {
            var fields = [#""@type":"odpt:StationTimetable""#, #""owl:sameAs":"odpt.StationTimetable:X.\#(calendar)""#,
                          #""odpt:station":"odpt.Station:TokyoMetro.Ginza.Ginza""#, #""odpt:calendar":"odpt.Calendar:\#(calendar)""#,
                          #""odpt:stationTimetableObject":[{"odpt:departureTime":"10:00"}]"#]
            if let issued { fields.append(#""dct:issued":"\#(issued)""#) }
            if let valid { fields.append(#""dct:valid":"\#(valid)""#) }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return Array(("[" + record("Weekday", issued.0, valid.0) + "," + record("SaturdayHoliday", issued.1, valid.1) + "]").utf8)
    }

    func testDctIssuedAndDctValidOfSeveralRecords() throws {
        func validity(_ issued: (String?, String?), _ valid: (String?, String?)) throws -> PublishedValidity? {
            try ODPTTimetableDecoder.stationTimetable(stationTimetable(issued: issued, valid: valid), file: "x.json").publishedValidity
        }
        let both = try XCTUnwrap(try validity(("2025-03-15", "2024-03-16T00:00:00+09:00"), ("2025-12-31", "2025-10-01T00:00:00+09:00")))
        XCTAssertEqual(both.from, LocalDate("2025-03-15"), "the latest dct:issued: the timetable holds from its last part's revision")
        XCTAssertEqual(both.until, LocalDate("2025-09-30"), "the earliest dct:valid; midnight ends the day before")
        XCTAssertEqual(try validity((nil, nil), ("2017-12-07T01:30:03+09:00", nil))?.until, LocalDate("2017-12-06"),
                       "01:30 is still the service day before")
        XCTAssertEqual(try validity((nil, nil), ("2025-03-14T23:59:59+09:00", nil))?.until, LocalDate("2025-03-14"))
        XCTAssertEqual(try validity((nil, nil), ("2025-03-15T04:00:00+09:00", nil))?.until, LocalDate("2025-03-15"))
        XCTAssertNil(try validity((nil, nil), (nil, nil)))
        // The real 2017 files state no validity.
        let hanzomon = try Array(Data(contentsOf: Self.fixtures.appendingPathComponent("odpt/StationTimetable_TokyoMetro_Hanzomon_Oshiage.json")))
        XCTAssertNil(try ODPTTimetableDecoder.stationTimetable(hanzomon, file: "h.json", station: "TokyoMetro.Hanzomon.Oshiage").publishedValidity)
    }

    func testABadValidityIsAnErrorAtItsRecord() {
        XCTAssertThrowsError(try ODPTTimetableDecoder.stationTimetable(stationTimetable(issued: (nil, nil), valid: (nil, "2025/03/14")), file: "x.json")) {
            XCTAssertEqual("\($0)", #"x.json: record 2 of 2 (odpt.StationTimetable:X.SaturdayHoliday): dct:valid "2025/03/14" is not a date (2025-03-14) or an ISO 8601 time"#)
        }
        XCTAssertThrowsError(try ODPTTimetableDecoder.stationTimetable(stationTimetable(issued: ("March", nil), valid: (nil, nil)), file: "x.json")) {
            XCTAssertEqual("\($0)", #"x.json: record 1 of 2 (odpt.StationTimetable:X.Weekday): dct:issued "March" is not a date (2025-03-15) or an ISO 8601 time"#)
        }
    }

    // MARK: GTFS feed_info.txt

    func goodFeedWithFeedInfo(_ feedInfo: String?) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-feedinfo-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("gtfs/transitfeed-tests/good_feed"), to: directory)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        if let feedInfo { try feedInfo.write(to: directory.appendingPathComponent("feed_info.txt"), atomically: true, encoding: .utf8) }
        return directory.path
    }

    func testFeedInfoDatesAreTheFeedsValidity() throws {
        let path = try goodFeedWithFeedInfo("feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date\nDTA,http://example.org,en,20070101,20101231\n")
        let feed = try GTFSFeed.load(path: path)
        let expected = PublishedValidity(from: LocalDate("2007-01-01"), until: LocalDate("2010-12-31"),
                                         fromField: "feed_start_date", untilField: "feed_end_date")
        XCTAssertEqual(feed.publishedValidity, expected)
        XCTAssertEqual(try feed.timetable(stopID: "FUR_CREEK_RES", stopName: nil, route: nil).publishedValidity, expected)
        // Only an end date; no feed_info.txt; the rinkobus feed's empty dates.
        let endOnly = try GTFSFeed.load(path: try goodFeedWithFeedInfo("feed_publisher_name,feed_publisher_url,feed_lang,feed_end_date\nDTA,http://example.org,en,20101231\n"))
        XCTAssertEqual(endOnly.publishedValidity?.from, nil)
        XCTAssertEqual(endOnly.publishedValidity?.until, LocalDate("2010-12-31"))
        XCTAssertNil(try GTFSFeed.load(path: try goodFeedWithFeedInfo(nil)).publishedValidity)
        XCTAssertNil(try GTFSFeed.load(path: GTFSFeedTests.rinkobus).publishedValidity, "feed_info.txt with empty dates")
    }

    func testABadFeedInfoDateIsAnErrorAtItsRow() throws {
        let bad = try goodFeedWithFeedInfo("feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date\nDTA,http://example.org,en,20070101,2010-12-31\n")
        XCTAssertThrowsError(try GTFSFeed.load(path: bad)) {
            XCTAssertEqual("\($0)", "\(bad)/feed_info.txt: row 2: feed_end_date \"2010-12-31\" is not a date (YYYYMMDD)")
        }
        let reversed = try goodFeedWithFeedInfo("feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date\nDTA,http://example.org,en,20101231,20070101\n")
        XCTAssertThrowsError(try GTFSFeed.load(path: reversed)) {
            XCTAssertEqual("\($0)", "\(reversed)/feed_info.txt: row 2: feed_end_date 2007-01-01 is before feed_start_date 2010-12-31")
        }
    }

    // MARK: What a board says

    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!

    func source(_ label: String, from: String? = nil, until: String? = nil) -> BoardTimetable {
        var timetable = DayTypeTimetable()
        timetable.set([Departure(time: 36_000, line: "L", stop: "1", destination: "D")], for: .everyday)
        var source = BoardTimetable(name: label, timetable: timetable, label: label)
        source.validFrom = from.flatMap { LocalDate($0) }
        source.validUntil = until.flatMap { LocalDate($0) }
        return source
    }

    func board(_ sources: BoardTimetable...) -> Board { Board(id: "b", title: "b", clock: tokyo, sources: sources) }

    func testARevisionIsASwitchNotANotice() {
        let revision = board(source("old", until: "2025-03-14"), source("new", from: "2025-03-15"))
        for date in ["2025-03-01", "2025-03-14", "2025-03-15", "2025-06-01"] {
            XCTAssertEqual(revision.servicePeriodNotices(on: LocalDate(date)!), [], date)
        }
        XCTAssertEqual(revision.endingServices(today: LocalDate("2025-03-10")!, within: 14), [], "the new one takes over")
        XCTAssertEqual(revision.successors(of: 0), [1])
        XCTAssertNil(revision.lastServiceDate, "the new timetable has no end")
        XCTAssertEqual(revision.serviceDay(LocalDate("2025-03-14")!).map(\.dayTypeLabel), ["everyday"])
    }

    func testAnEndedOrFutureTimetableIsNamedWithItsSetting() {
        let ended = board(source("old", until: "2025-03-14"))
        XCTAssertEqual(ended.servicePeriodNotices(on: LocalDate("2025-03-17")!).map(\.message),
                       ["the timetable's validity ended on 2025-03-14 (valid_until)"])
        XCTAssertEqual(ended.lastServiceDate, LocalDate("2025-03-14"))
        XCTAssertEqual(ended.endingServices(today: LocalDate("2025-03-10")!, within: 14).map(\.message),
                       ["the timetable's validity ends on 2025-03-14, in 4 days (valid_until)"])
        // A gap between two timetables: the old one's end is named, and the new one's start.
        let gap = board(source("old", until: "2025-03-14"), source("new", from: "2025-03-20"))
        XCTAssertEqual(gap.servicePeriodNotices(on: LocalDate("2025-03-17")!).map(\.message), [
            "the timetable's validity ended on 2025-03-14 (valid_until)", "the timetable is valid from 2025-03-20 (valid_from)",
        ])
        // The data's own date is named by its field.
        var odpt = source("odpt")
        var timetable = DayTypeTimetable(days: [.weekday: [Departure(time: 36_000, line: "L", stop: "1", destination: "D")]])
        timetable.publishedValidity = PublishedValidity(from: nil, until: LocalDate("2018-01-15"), fromField: "dct:issued", untilField: "dct:valid")
        odpt.timetable = timetable
        odpt.validUntil = LocalDate("2018-01-15")
        XCTAssertEqual(board(odpt).servicePeriodNotices(on: LocalDate("2018-01-16")!).first?.limit, .validity("dct:valid"))
        XCTAssertEqual(board(odpt).servicePeriodNotices(on: LocalDate("2018-01-16")!).first?.message,
                       "the timetable's validity ended on 2018-01-15 (dct:valid)")
    }
}
