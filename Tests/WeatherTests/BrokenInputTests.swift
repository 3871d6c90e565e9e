import Foundation
import XCTest
@testable import Weather

final class BrokenInputTests: XCTestCase {
    private let seattle = "owm-onecall-2.5_seattle_2020-12_alerts_devights.json"

    func testTruncatedJSON() throws {
        let bytes = Array(try WeatherFixtures.bytes(seattle).prefix(5000))
        let error = assertDecodeError { try OpenWeatherDecoder.oneCall(bytes, source: "https://api.openweathermap.org/data/2.5/onecall") }
        XCTAssertEqual(error?.kind, .truncated)
        XCTAssertEqual(error?.description,
                       "https://api.openweathermap.org/data/2.5/onecall: byte 4998: truncated JSON: the string starting here is never closed")
    }

    func testHTMLErrorPage() {
        let page = Array("\n<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head></html>".utf8)
        for (name, decode) in decoders {
            let error = assertDecodeError { try decode(page) }
            XCTAssertEqual(error?.kind, .notJSON)
            XCTAssertEqual(error?.description,
                           #"\#(name): expected JSON, got an HTML page ("<!DOCTYPE html> <html><head><title>502 Bad Gateway</title></…"); an error page or a wrong URL?"#)
        }
    }

    func testEmptyAndMalformed() {
        let empty = assertDecodeError { try OpenMeteoDecoder.forecast([UInt8](), source: "empty.json") }
        XCTAssertEqual(empty?.kind, .empty)
        XCTAssertEqual(empty?.description, "empty.json: the response is empty, expected JSON")
        let text = assertDecodeError { try OpenWeatherDecoder.oneCall(Array("Invalid API key\n".utf8), source: "owm") }
        XCTAssertEqual(text?.kind, .notJSON)
        XCTAssertEqual(text?.description, #"owm: expected JSON, got plain text ("Invalid API key")"#)
        let trailingComma = assertDecodeError { try OpenMeteoDecoder.forecast(Array(#"{"hourly": {"time": [],}}"#.utf8), source: "bad.json") }
        XCTAssertEqual(trailingComma?.kind, .malformed)
        XCTAssertEqual(trailingComma?.description, "bad.json: byte 23: unexpected '}' where an object key (a string) was expected")
        let deep = Array(String(repeating: "[", count: 5000).utf8)
        let tooDeep = assertDecodeError { try JMADecoder.forecast(deep, source: "deep.json") }
        XCTAssertEqual(tooDeep?.kind, .malformed)
        XCTAssertEqual(tooDeep?.description, "deep.json: byte 256: JSON nested deeper than 256 levels")
    }

    func testWrongTypeNamesThePath() throws {
        var document = try XCTUnwrap(WeatherFixtures.jsonObject(seattle) as? [String: Any])
        var hourly = try XCTUnwrap(document["hourly"] as? [[String: Any]])
        hourly[3]["dt"] = "soon"
        document["hourly"] = hourly
        let error = assertDecodeError {
            try OpenWeatherDecoder.oneCall(JSONSerialization.data(withJSONObject: document), source: "onecall.json")
        }
        XCTAssertEqual(error?.description, "onecall.json: hourly[3].dt: expected a number, got string \"soon\"")
        XCTAssertEqual(error?.kind, .wrongType)
    }

    /// A `dt` with a fraction is refused with its JSON place, not read as a time (issue 10).
    func testFractionalUnixTimeIsRefused() {
        let owm = Array(#"{"current":{"dt":1767600000},"hourly":[{"dt":1767600000,"temp":280},{"dt":1767603600.5,"temp":281}]}"#.utf8)
        let error = assertDecodeError { try OpenWeatherDecoder.oneCall(owm, source: "onecall.json") }
        XCTAssertEqual(error?.description, "onecall.json: hourly[1].dt: expected whole Unix seconds, got 1767603600.5 (a fraction)")
        XCTAssertEqual(error?.kind, .invalidValue)
        let alert = Array(#"{"alerts":[{"event":"Storm","start":1767600000,"end":1767603600.25}]}"#.utf8)
        XCTAssertEqual(assertDecodeError { try OpenWeatherDecoder.oneCall(alert, source: "a.json") }?.description,
                       "a.json: alerts[0].end: expected whole Unix seconds, got 1767603600.25 (a fraction)")
        let meteo = Array(#"{"hourly":{"time":[1767600000,1767603600.5]}}"#.utf8)
        XCTAssertEqual(assertDecodeError { try OpenMeteoDecoder.forecast(meteo, source: "om.json") }?.description,
                       "om.json: hourly.time[1]: expected whole Unix seconds, got 1767603600.5 (a fraction)")
        let code = Array(#"{"hourly":{"time":[1767600000],"weather_code":[1e300]}}"#.utf8)
        XCTAssertEqual(assertDecodeError { try OpenMeteoDecoder.forecast(code, source: "om.json") }?.description,
                       "om.json: hourly.weather_code[0]: expected a whole number, got 1e+300")
        let huge = Array(#"{"current":{"dt":1e300}}"#.utf8)
        XCTAssertEqual(assertDecodeError { try OpenWeatherDecoder.oneCall(huge, source: "h.json") }?.description,
                       "h.json: current.dt: expected Unix seconds, got 1e+300 (out of range)")
    }

    func testBooleanIsNotANumber() {
        let body = Array(#"{"hourly":[{"dt":1700000000,"temp":true}]}"#.utf8)
        let error = assertDecodeError { try OpenWeatherDecoder.oneCall(body, source: "bool.json") }
        XCTAssertEqual(error?.description, "bool.json: hourly[0].temp: expected a number, got boolean true")
    }

    func testMissingAndOutOfRange() {
        let missing = assertDecodeError { try OpenWeatherDecoder.oneCall(Array(#"{"alerts":[{"event":"Storm","start":1}]}"#.utf8), source: "a.json") }
        XCTAssertEqual(missing?.description, "a.json: alerts[0].end: missing required value")
        let pop = assertDecodeError { try OpenWeatherDecoder.oneCall(Array(#"{"hourly":[{"dt":1,"pop":40}]}"#.utf8), source: "p.json") }
        XCTAssertEqual(pop?.path, "hourly[0].pop")
        XCTAssertEqual(pop?.kind, .invalidValue)
    }

    func testOpenMeteoColumnLengthMismatchAndBadTime() {
        let short = Array(#"{"hourly":{"time":["2024-05-20T00:00","2024-05-20T01:00"],"temperature_2m":[1.0]}}"#.utf8)
        XCTAssertEqual(assertDecodeError { try OpenMeteoDecoder.forecast(short, source: "om.json") }?.description,
                       "om.json: hourly.temperature_2m: has 1 values but hourly.time has 2")
        let badTime = Array(#"{"hourly":{"time":["yesterday"]}}"#.utf8)
        XCTAssertEqual(assertDecodeError { try OpenMeteoDecoder.forecast(badTime, source: "om.json") }?.description,
                       "om.json: hourly.time[0]: expected an ISO 8601 time, got \"yesterday\"")
        let apiError = Array(#"{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value tempeture_2m"}"#.utf8)
        XCTAssertTrue(assertDecodeError { try OpenMeteoDecoder.forecast(apiError, source: "om.json") }?.message.contains("tempeture_2m") ?? false)
    }

    func testJMAWrongShape() {
        let object = Array(#"{"timeSeries": []}"#.utf8)
        XCTAssertEqual(assertDecodeError { try JMADecoder.forecast(object, source: "130000.json") }?.description,
                       "130000.json: (top level): expected an array, got an object")
        let badPop = Array(#"[{"timeSeries":[{"timeDefines":["2026-01-05T17:00:00+09:00"],"areas":[{"area":{"name":"東京地方","code":"130010"}}]},{"timeDefines":["2026-01-05T18:00:00+09:00"],"areas":[{"area":{"name":"東京地方","code":"130010"},"pops":["x"]}]}]}]"#.utf8)
        XCTAssertEqual(assertDecodeError { try JMADecoder.forecast(badPop, source: "130000.json") }?.description,
                       "130000.json: [0].timeSeries[1].areas[0].pops[0]: expected a number in a string, got \"x\"")
    }

    private var decoders: [(String, ([UInt8]) throws -> Forecast)] {
        [
            ("owm", { try OpenWeatherDecoder.oneCall($0, source: "owm") }),
            ("om", { try OpenMeteoDecoder.forecast($0, source: "om") }),
            ("jma", { try JMADecoder.forecast($0, source: "jma") }),
        ]
    }
}
