import Foundation
import XCTest
@testable import Timetable

/// Each broken fixture in `Tests/Fixtures/odpt-broken/` gives one clear error naming the file and place.
final class ODPTDecodeErrorTests: XCTestCase {
    private static let broken = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/odpt-broken")

    private func error(decoding name: String) throws -> DecodeError {
        let data = [UInt8](try Data(contentsOf: Self.broken.appendingPathComponent(name)))
        do {
            _ = try ODPTTimetableDecoder.stationTimetable(data, file: name)
        } catch let error as DecodeError {
            return error
        }
        XCTFail("\(name) decoded without an error")
        return DecodeError(file: name, message: "no error")
    }

    func testTruncatedFile() throws {
        let error = try error(decoding: "truncated.json")
        XCTAssertEqual(error.line, 1)
        XCTAssertEqual(error.column, 2986)
        XCTAssertEqual(error.description, "truncated.json:1:2986: truncated JSON: the string starting here is never closed")
    }

    func testHTMLPage() throws {
        XCTAssertEqual(try error(decoding: "html-error-page.json").description,
                       #"html-error-page.json: expected ODPT JSON, got an HTML page ("<!DOCTYPE html> <html lang="ja"> <head><title>503 Service Te…")"#)
    }

    func testObjectInsteadOfArray() throws {
        XCTAssertEqual(try error(decoding: "object-instead-of-array.json").description,
                       #"object-instead-of-array.json: expected a JSON array of odpt:StationTimetable records, got an object {"@id", "@type", "dc:date", "@context", …}"#)
    }

    func testMissingCalendar() throws {
        let error = try error(decoding: "missing-calendar.json")
        XCTAssertEqual(error.place, "record 2 of 2 (odpt.StationTimetable:TokyoMetro.Hanzomon.Oshiage.Shibuya.Weekday)")
        XCTAssertEqual(error.description,
                       #"missing-calendar.json: record 2 of 2 (odpt.StationTimetable:TokyoMetro.Hanzomon.Oshiage.Shibuya.Weekday): missing "odpt:calendar""#)
    }

    func testBadDepartureTime() throws {
        XCTAssertEqual(try error(decoding: "bad-departure-time.json").description,
                       #"bad-departure-time.json: record 1 of 1 (odpt.StationTimetable:TokyoMetro.Hanzomon.Oshiage.Shibuya.Saturday), departure 3: odpt:departureTime "5時48分" is not a time HH:MM (hours 0–29, minutes 0–59)"#)
    }

    func testDepartureTimeRange() {
        XCTAssertEqual(ODPTDepartureClock.seconds("00:00"), 0)
        XCTAssertEqual(ODPTDepartureClock.seconds("5:07"), 18_420)
        XCTAssertEqual(ODPTDepartureClock.seconds("25:10"), 90_600)
        XCTAssertEqual(ODPTDepartureClock.seconds("29:59"), 107_940)
        for bad in ["30:00", "12:60", "12:5", "1205", "-1:00", "12:05:00", "", "ab:cd", "１２:００"] {
            XCTAssertNil(ODPTDepartureClock.seconds(bad), bad)
        }
    }

    func testOtherMalformedInputs() {
        func message(_ text: String) -> String {
            do {
                _ = try ODPTTimetableDecoder.stationTimetable(Array(text.utf8), file: "x.json")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(message(""), "x.json: the file is empty: expected a JSON array of odpt:StationTimetable records")
        XCTAssertEqual(message("[]"), "x.json: the file holds no odpt:StationTimetable records (an empty array)")
        XCTAssertEqual(message("[1]"), "x.json: record 1 of 1: expected a odpt:StationTimetable object, got a number 1")
        XCTAssertEqual(message(#"[{"@type":"odpt:Station","owl:sameAs":"odpt.Station:A"}]"#),
                       "x.json: record 1 of 1 (odpt.Station:A): this is odpt:Station, not odpt:StationTimetable")
        XCTAssertEqual(message("[\n {\"a\": tru}]"), "x.json:2:8: unexpected 't' where a JSON value was expected")
        XCTAssertEqual(message("[{}] x"), "x.json:1:6: unexpected 'x' after the end of the JSON document")
        XCTAssertEqual(message("Service Unavailable"), #"x.json: expected ODPT JSON, got plain text ("Service Unavailable")"#)
        XCTAssertEqual(message(String(repeating: "[", count: 300)), "x.json:1:257: JSON nested deeper than 256 levels")
        XCTAssertEqual(message(#"{"title":"Unauthorized","message":"bad key"}"#),
                       #"x.json: expected a JSON array of odpt:StationTimetable records, got an object {"title", "message"}; title: "Unauthorized"; message: "bad key""#)
        XCTAssertEqual(message(#"[{"odpt:station":"s","odpt:calendar":"odpt.Calendar:Weekday","odpt:stationTimetableObject":[{"odpt:departureTime":"06:00","odpt:isLast":"yes"}]}]"#),
                       #"x.json: record 1 of 1, departure 1: odpt:isLast must be true or false, got "yes""#)
    }
}
