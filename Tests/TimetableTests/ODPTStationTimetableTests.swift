import Foundation
import XCTest
@testable import Timetable

final class ODPTStationTimetableTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(relativePath)))
    }

    private static let hanzomon = "odpt/StationTimetable_TokyoMetro_Hanzomon_Oshiage.json"
    private static let ginza = "../../rules/data/StationTimetable_TokyoMetro_Ginza_EXAMPLE.json"

    // MARK: 2017 shape (real data)

    func testHanzomon2017CalendarsCountsAndLabels() throws {
        let timetable = try ODPTTimetableDecoder.stationTimetable(try bytes(Self.hanzomon), file: "hanzomon.json")
        XCTAssertEqual(Set(timetable.days.keys), [.weekday, .saturday, .holiday])
        XCTAssertEqual(timetable.days[.weekday]?.count, 266)
        XCTAssertEqual(timetable.days[.saturday]?.count, 207)
        XCTAssertEqual(timetable.days[.holiday]?.count, 207)

        let first = try XCTUnwrap(timetable.days[.weekday]?.first)
        XCTAssertEqual(first.clockText, "05:06")
        XCTAssertEqual(first.line, "半蔵門線")
        XCTAssertEqual(first.stop, "押上〈スカイツリー前〉")
        XCTAssertEqual(first.destination, "ChuoRinkan", "a Tokyu station outside the built-in table falls back to the id")
        XCTAssertEqual(first.trainType, "Local")
        XCTAssertTrue(first.isOrigin)
        XCTAssertFalse(first.isLast)
        XCTAssertEqual(Set(timetable.days[.weekday]!.compactMap(\.trainType)), ["Local", "Express", "SemiExpress"])
        XCTAssertEqual(timetable.days[.weekday]!.filter(\.isOrigin).count, 156)
    }

    func testAfterMidnightDeparturesWrapPast24() throws {
        let timetable = try ODPTTimetableDecoder.stationTimetable(try bytes(Self.hanzomon), file: "hanzomon.json")
        let weekday = try XCTUnwrap(timetable.days[.weekday])
        let tail = weekday.suffix(3)
        XCTAssertEqual(tail.map(\.clockText), ["23:57", "24:08", "24:18"])
        XCTAssertEqual(tail.last?.time, 87_480)
        XCTAssertEqual(tail.last?.destination, "水天宮前")
        XCTAssertEqual(weekday.filter(\.isLast).map(\.clockText), ["23:43", "23:57", "24:08", "24:18"])
        XCTAssertEqual(weekday.map(\.time), weekday.map(\.time).sorted())
        XCTAssertTrue(weekday.allSatisfy { $0.time >= 5 * 3600 }, "no 00:xx departure is left at the start of the day")
    }

    func testEnglishTitles() throws {
        let timetable = try ODPTTimetableDecoder.stationTimetable(try bytes(Self.hanzomon), file: "hanzomon.json", language: "en")
        let last = try XCTUnwrap(timetable.days[.weekday]?.last)
        XCTAssertEqual(last.line, "Hanzomon Line")
        XCTAssertEqual(last.stop, "Oshiage<SKYTREE>")
        XCTAssertEqual(last.destination, "Suitengumae")
    }

    func testFiltersAcceptFullIdsAndShortIds() throws {
        let data = try bytes(Self.hanzomon)
        let full = try ODPTTimetableDecoder.stationTimetable(data, file: "h.json", station: "odpt.Station:TokyoMetro.Hanzomon.Oshiage",
                                                             direction: "odpt.RailDirection:TokyoMetro.Shibuya")
        let short = try ODPTTimetableDecoder.stationTimetable(data, file: "h.json", station: "TokyoMetro.Hanzomon.Oshiage",
                                                              direction: "TokyoMetro.Shibuya")
        XCTAssertEqual(full.days[.weekday], short.days[.weekday])
        XCTAssertEqual(full.days[.weekday]?.count, 266)
    }

    func testFilterMatchingNothingNamesItAndListsTheFile() throws {
        XCTAssertThrowsError(try ODPTTimetableDecoder.stationTimetable(try bytes(Self.hanzomon), file: "h.json",
                                                                       direction: "odpt.RailDirection:TokyoMetro.Oshiage")) { error in
            XCTAssertEqual((error as? DecodeError)?.description,
                           "h.json: no odpt:StationTimetable record for direction \"odpt.RailDirection:TokyoMetro.Oshiage\"; "
                           + "the file has: odpt.Station:TokyoMetro.Hanzomon.Oshiage toward odpt.RailDirection:TokyoMetro.Shibuya "
                           + "(Holiday, Weekday, Saturday)")
        }
        XCTAssertThrowsError(try ODPTTimetableDecoder.stationTimetable(try bytes(Self.hanzomon), file: "h.json",
                                                                       station: "odpt.Station:TokyoMetro.Ginza.Ginza")) { error in
            XCTAssertTrue("\(error)".hasPrefix("h.json: no odpt:StationTimetable record for station \"odpt.Station:TokyoMetro.Ginza.Ginza\"; the file has: odpt.Station:TokyoMetro.Hanzomon.Oshiage"), "\(error)")
        }
    }

    // MARK: 2025 shape (illustrative Ginza example data)

    func testGinzaExampleFirstTrains() throws {
        let data = try bytes(Self.ginza)
        let toAsakusa = try ODPTTimetableDecoder.stationTimetable(data, file: "ginza.json", station: "odpt.Station:TokyoMetro.Ginza.Ginza",
                                                                  direction: "odpt.RailDirection:TokyoMetro.Asakusa")
        let toShibuya = try ODPTTimetableDecoder.stationTimetable(data, file: "ginza.json", station: "odpt.Station:TokyoMetro.Ginza.Ginza",
                                                                  direction: "odpt.RailDirection:TokyoMetro.Shibuya")
        XCTAssertEqual(Set(toAsakusa.days.keys), [.weekday, .saturdayHoliday])
        XCTAssertEqual(toAsakusa.days[.weekday]?.first?.time, 5 * 3600 + 17 * 60)
        XCTAssertEqual(toAsakusa.days[.saturdayHoliday]?.first?.time, 5 * 3600 + 17 * 60)
        XCTAssertEqual(toShibuya.days[.weekday]?.first?.time, 5 * 3600 + 18 * 60)
        XCTAssertEqual(toShibuya.days[.saturdayHoliday]?.first?.time, 5 * 3600 + 19 * 60)

        let first = try XCTUnwrap(toAsakusa.days[.weekday]?.first)
        XCTAssertEqual([first.line, first.stop, first.destination], ["銀座線", "銀座", "浅草"])
        XCTAssertEqual(toShibuya.days[.weekday]?.first?.destination, "渋谷")
        XCTAssertTrue(toAsakusa.days[.weekday]!.contains { $0.destination == "上野" }, "short runs to Ueno")

        // Last trains: 00:xx at the end of each list, flagged, past 24:00.
        for timetable in [toAsakusa, toShibuya] {
            for (_, list) in timetable.days {
                let last = try XCTUnwrap(list.last)
                XCTAssertTrue(last.isLast)
                XCTAssertGreaterThanOrEqual(last.time, 24 * 3600)
                XCTAssertLessThan(last.time, 24 * 3600 + 20 * 60)
            }
        }
        XCTAssertEqual(toAsakusa.days[.weekday]?.filter(\.isLast).map { "\($0.clockText) \($0.destination)" },
                       ["24:01 浅草", "24:10 上野"])
    }

    func testGinzaExampleSaysItIsIllustrative() throws {
        let text = String(decoding: try bytes(Self.ginza), as: UTF8.self)
        XCTAssertTrue(text.contains("ILLUSTRATIVE EXAMPLE DATA"))
    }

    func testDirectionsMergeSortedAndEnglishTitlesFromTheRecord() throws {
        let both = try ODPTTimetableDecoder.stationTimetable(try bytes(Self.ginza), file: "ginza.json", language: "en")
        let weekday = try XCTUnwrap(both.days[.weekday])
        XCTAssertEqual(weekday.count, 284 + 286)
        XCTAssertEqual(weekday.map(\.time), weekday.map(\.time).sorted())
        XCTAssertEqual(weekday.prefix(2).map(\.destination), ["Asakusa", "Shibuya"])
        XCTAssertEqual(weekday.first?.line, "Ginza Line")
        XCTAssertEqual(weekday.first?.stop, "Ginza")
    }

    func testSaturdayHolidayKeyServesSundaysAndHolidays() throws {
        let timetable = try ODPTTimetableDecoder.stationTimetable(try bytes(Self.ginza), file: "ginza.json",
                                                                  direction: "odpt.RailDirection:TokyoMetro.Shibuya")
        let sunday = try XCTUnwrap(timetable.departures(on: LocalDate("2024-12-22")!, dayType: .sunday))
        XCTAssertEqual(sunday.dayTypeLabel, "saturday_holiday")
        XCTAssertEqual(sunday.departures.first?.clockText, "05:19")
    }

    // MARK: 2025 shape details, inline

    private func record(calendar: String, direction: String = "TokyoMetro.Asakusa", times: [String],
                        destinations: String = #"["odpt.Station:TokyoMetro.Ginza.Asakusa"]"#, extra: String = "") -> String {
        let entries = times.map { time in
            #"{"odpt:train":"odpt.Train:TokyoMetro.Ginza.B1","odpt:trainNumber":"B1","odpt:platformNumber":"1","odpt:note":"n","odpt:departureTime":"\#(time)","odpt:destinationStation":\#(destinations)}"#
        }.joined(separator: ",")
        return #"{"@type":"odpt:StationTimetable","owl:sameAs":"odpt.StationTimetable:X.\#(calendar)","odpt:station":"odpt.Station:TokyoMetro.Ginza.Ginza","odpt:railway":"odpt.Railway:TokyoMetro.Ginza","odpt:railDirection":"odpt.RailDirection:\#(direction)","odpt:calendar":"odpt.Calendar:\#(calendar)"\#(extra),"odpt:stationTimetableObject":[\#(entries)]}"#
    }

    private func decode(_ records: [String], file: String = "inline.json") throws -> DayTypeTimetable {
        try ODPTTimetableDecoder.stationTimetable(Array(("[" + records.joined(separator: ",") + "]").utf8), file: file)
    }

    func testSpecificCalendarsAreMappedByName() throws {
        let timetable = try decode([
            record(calendar: "Specific.TokyoMetro.Ginza.Weekday01", times: ["06:00"]),
            record(calendar: "Specific.TokyoMetro.Ginza.Saturday21", times: ["06:01"]),
            record(calendar: "Specific.TokyoMetro.Ginza.Holiday41", times: ["06:02"]),
            record(calendar: "Sunday", times: ["06:03"]),
            record(calendar: "SaturdayHoliday", times: ["06:04"]),
        ])
        XCTAssertEqual(timetable.days[.weekday]?.map(\.clockText), ["06:00"])
        XCTAssertEqual(timetable.days[.saturday]?.map(\.clockText), ["06:01"])
        XCTAssertEqual(timetable.days[.holiday]?.map(\.clockText), ["06:02"])
        XCTAssertEqual(timetable.days[.sunday]?.map(\.clockText), ["06:03"])
        XCTAssertEqual(timetable.days[.saturdayHoliday]?.map(\.clockText), ["06:04"])
    }

    func testStandardCalendarWinsOverASpecificOneForTheSameKey() throws {
        let timetable = try decode([
            record(calendar: "Specific.TokyoMetro.Ginza.Weekday02", times: ["07:00"]),
            record(calendar: "Weekday", times: ["06:00"]),
            record(calendar: "Specific.TokyoMetro.Ginza.Weekday01", times: ["08:00"]),
            record(calendar: "Specific.TokyoMetro.Ginza.Holiday42", times: ["09:00"]),
            record(calendar: "Specific.TokyoMetro.Ginza.Holiday41", times: ["10:00"]),
        ])
        XCTAssertEqual(timetable.days[.weekday]?.map(\.clockText), ["06:00"])
        XCTAssertEqual(timetable.days[.holiday]?.map(\.clockText), ["10:00"], "the first specific calendar id in sort order")
    }

    func testDestinationArrayTitlesAndRecordTitles() throws {
        let timetable = try decode([record(
            calendar: "Weekday", times: ["10:00"],
            destinations: #"["odpt.Station:TokyoMetro.Ginza.Ueno","odpt.Station:TokyoMetro.Ginza.Asakusa"]"#,
            extra: #","dc:title":"t","odpt:railwayTitle":{"ja":"銀座線(記録)","en":"Ginza (record)"},"odpt:stationTitle":{"ja":"銀座(記録)","en":"Ginza (record)"}"#)])
        let departure = try XCTUnwrap(timetable.days[.weekday]?.first)
        XCTAssertEqual(departure.destination, "上野・浅草")
        XCTAssertEqual(departure.line, "銀座線(記録)")
        XCTAssertEqual(departure.stop, "銀座(記録)")
        XCTAssertNil(departure.trainType)
    }

    func testWrapDetectionIgnoresSmallDisorderAndKeepsHoursPast24() throws {
        let timetable = try decode([record(calendar: "Weekday", times: ["23:50", "23:48", "00:05", "24:20", "00:30", "29:59", "00:40"])])
        XCTAssertEqual(timetable.days[.weekday]?.map(\.clockText), ["23:48", "23:50", "24:05", "24:20", "24:30", "24:40", "29:59"])
        let explicit = try decode([record(calendar: "Weekday", times: ["23:50", "24:20", "00:30"])])
        XCTAssertEqual(explicit.days[.weekday]?.map(\.clockText), ["23:50", "24:20", "24:30"])
    }

    func testStationAmbiguityIsAnError() throws {
        let other = record(calendar: "Weekday", times: ["06:00"]).replacingOccurrences(of: "Ginza.Ginza\"", with: "Ginza.Kyobashi\"")
        XCTAssertThrowsError(try decode([record(calendar: "Weekday", times: ["06:00"]), other])) { error in
            XCTAssertEqual("\(error)", "inline.json: the file holds timetables of 2 stations (odpt.Station:TokyoMetro.Ginza.Ginza, odpt.Station:TokyoMetro.Ginza.Kyobashi); choose one station")
        }
    }

    func testUnknownCalendarIsAnError() throws {
        XCTAssertThrowsError(try decode([record(calendar: "Tuesday", times: ["06:00"])])) { error in
            XCTAssertTrue("\(error)".hasPrefix(#"inline.json: record 1 of 1 (odpt.StationTimetable:X.Tuesday): odpt:calendar "odpt.Calendar:Tuesday" names no known day type"#), "\(error)")
        }
    }
}
