import Config
import Facts
import Foundation
import Messages
import Timetable
import XCTest

/// Every decoder's error says what is wrong in the reader's language: each broken input of the
/// fixture corpora (ODPT, feeds, bus CSV, GTFS) and a set of broken weather, service-status,
/// odpt:Train and GTFS-Realtime bodies, decoded as a source would be (``SourceDecoders``), gives an
/// error whose Japanese is Japanese and says every number, quoted value and path its English says.
/// The English is what the decoders' own tests quote, byte for byte.
final class DecoderErrorLanguageTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Numbers, quoted values and paths of a text.
    private func facts(_ text: String) -> Set<String> {
        var found = Set<String>()
        for pattern in [#""[^"\n]*""#, #"[A-Za-z0-9_.~-]*/[A-Za-z0-9_.~/+-]*(?::\d+)*"#, #"\d+(?:[-:.T+]\d+)*"#] {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range, in: text) { found.insert(String(text[range])) }
            }
        }
        return found
    }

    private func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x4E00...0x9FFF).contains(scalar.value) || (0xFF01...0xFF5E).contains(scalar.value)
    }

    /// `error` in Japanese: not its English, with Japanese words once the data it quotes is taken
    /// out, and every fact of its English.
    private func assertSpeaksJapanese(_ error: any Error, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let message = Message(error: error)
        let english = message.english, japanese = message.rendered(in: .japanese)
        XCTAssertNotEqual(japanese, english, "\(what): not translated: \(english)", file: file, line: line)
        var words = japanese
        for quoted in facts(english) { words = words.replacingOccurrences(of: quoted, with: "") }
        XCTAssertTrue(words.unicodeScalars.contains(where: isJapanese), "\(what): no Japanese in \(japanese)", file: file, line: line)
        XCTAssertEqual(facts(english).subtracting(facts(japanese)).sorted(), [], "\(what):\n\(english)\n\(japanese)", file: file, line: line)
        XCTAssertEqual(Language.japanese.speaking { "\(error)" }, japanese, "\(what): its description is rendered when shown", file: file, line: line)
        XCTAssertEqual("\(error)", english, "\(what): English outside a command", file: file, line: line)
    }

    private func assertDecodingFails(_ bytes: [UInt8], as kind: SourceBodyKind, _ what: String,
                                     file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try SourceDecoders.standard.decode(bytes, as: kind, label: what)
            XCTFail("\(what) decoded", file: file, line: line)
        } catch {
            assertSpeaksJapanese(error, what, file: file, line: line)
        }
    }

    private func files(_ folder: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: fixtures.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix("ok-") && !["EXPECTED", "README.md"].contains($0.lastPathComponent) }
            .sorted { $0.path < $1.path }
    }

    func testEveryBrokenODPTFileAndFeed() throws {
        let odpt = try files("odpt-broken"), feeds = try files("feeds-broken")
        XCTAssertEqual(odpt.count, 5)
        XCTAssertGreaterThan(feeds.count, 15)
        for url in odpt {
            assertDecodingFails(Array(try Data(contentsOf: url)), as: .timetable(.odptStationTimetable(station: nil, direction: nil)), url.lastPathComponent)
        }
        for url in feeds { assertDecodingFails(Array(try Data(contentsOf: url)), as: .feed, url.lastPathComponent) }
    }

    func testBrokenWeatherServiceStatusTrainsAndRealtimeBodies() {
        let openWeather = SourceBodyKind.weather(.openWeather(units: .metric, version: "3.0"))
        let cases: [(String, String, SourceBodyKind)] = [
            ("empty", "", openWeather),
            ("html", "<!DOCTYPE html><title>502</title>", openWeather),
            ("text", "Invalid API key", openWeather),
            ("truncated", #"{"hourly": [{"dt": 1"#, openWeather),
            ("trailing comma", #"{"hourly": [],}"#, .weather(.openMeteo)),
            ("wrong type", #"{"hourly": [{"dt": "soon"}]}"#, openWeather),
            ("fraction", #"{"hourly": [{"dt": 1767600000.5}]}"#, openWeather),
            ("kelvin", #"{"hourly": [{"dt": 1767600000, "temp": 290.0}]}"#, openWeather),
            ("probability", #"{"hourly": [{"dt": 1767600000, "pop": 7}]}"#, openWeather),
            ("open-meteo error", #"{"error": true, "reason": "Cannot initialize WeatherVariable from invalid String value tempeture_2m"}"#,
             .weather(.openMeteo)),
            ("columns", #"{"hourly": {"time": ["2026-01-05T09:00"], "temperature_2m": [1, 2]}}"#, .weather(.openMeteo)),
            ("jma empty", "[]", .weather(.jma(area: nil))),
            ("jma object", "{}", .weather(.jma(area: nil))),
            ("traininfo object", #"{"title": "Forbidden"}"#, .odptTrainInformation),
            ("traininfo empty", "", .odptTrainInformation),
            ("trains object", "{}", .odptTrain),
            ("trains type", #"[{"@type": "odpt:Station"}]"#, .odptTrain),
            ("realtime empty", "", .gtfsRealtime),
            ("realtime json", #"{"header": {}}"#, .gtfsRealtime),
        ]
        for (name, body, kind) in cases { assertDecodingFails(Array(body.utf8), as: kind, name) }
    }

    func testEveryBrokenBusCSVAndGTFSFeed() throws {
        let csv = try files("buscsv/broken")
        XCTAssertEqual(csv.count, 6)
        for url in csv {
            XCTAssertThrowsError(try BusCSV.parse(Array(try Data(contentsOf: url)), file: url.lastPathComponent)) { error in
                assertSpeaksJapanese(error, url.lastPathComponent)
            }
        }
        XCTAssertThrowsError(try BusCSV.directory(fixtures.appendingPathComponent("buscsv/broken").path)) { error in
            assertSpeaksJapanese(error, "a directory without a timetable file name")
        }
        let transitfeed = fixtures.appendingPathComponent("gtfs/transitfeed-tests")
        let short = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-short-\(UUID().uuidString).zip")
        try Data("PK\u{3}\u{4} cut".utf8).write(to: short)
        defer { try? FileManager.default.removeItem(at: short) }
        for path in ["bad_utf8", "contains_null", "extra_row_cells", "missing_row_cells", "utf16", "no-such-feed"].map({
            transitfeed.appendingPathComponent($0).path
        }) + [short.path] {
            XCTAssertThrowsError(try GTFSFeed.load(path: path)) { error in assertSpeaksJapanese(error, path) }
        }
        let good = try GTFSFeed.load(path: transitfeed.appendingPathComponent("good_feed").path)
        XCTAssertThrowsError(try good.timetable(stopID: "NOPE", stopName: nil, route: nil)) { error in assertSpeaksJapanese(error, "unknown stop") }
    }

    /// A source's label for people: `platform 11` is `11番のりば` in Japanese, as `next` says it, and a
    /// GTFS source's `stop` is `停留所`; the English stays what JSON and the logs name it by.
    func testSourceLabelsInBothLanguages() throws {
        let location = ConfigLocation(file: "boards.yaml", line: 3, column: 9)
        let csv = TimetableSpec(kind: .csvDirectory(path: "taka66"), line: "鷹66", stop: "11", walkSeconds: 180, location: location)
        XCTAssertEqual(TimetableLabel.text(of: csv), "鷹66 (platform 11)")
        XCTAssertEqual(TimetableLabel.message(of: csv).rendered(in: .japanese), "鷹66 (11番のりば)")
        let gtfs = TimetableSpec(kind: .gtfs(path: "data/gtfs-jp-rinkobus", stopID: "1510-57", stopName: nil, route: nil), location: location)
        XCTAssertEqual(TimetableLabel.text(of: gtfs), "gtfs-jp-rinkobus stop 1510-57")
        XCTAssertEqual(TimetableLabel.message(of: gtfs).rendered(in: .japanese), "gtfs-jp-rinkobus 停留所 1510-57")
    }
}
