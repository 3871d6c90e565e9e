import Foundation
import XCTest
@testable import Timetable

/// Every input a fuzz target of the Timetable decoders ever found (`Fuzz/regressions/<target>/`),
/// decoded as its target does: it decodes or throws a `DecodeError` that names its file, and nothing
/// traps. The targets of the other modules have the same test in their own test target.
final class FuzzRegressionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files of `Fuzz/regressions/<target>/` (its README.md aside), sorted; the directory must exist.
    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = root.appendingPathComponent("Fuzz/regressions/\(target)")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
            .map { ($0, [UInt8](try Data(contentsOf: directory.appendingPathComponent($0)))) }
    }

    /// Each target in Fuzz/targets has a regression test in the test target of its module.
    func testEveryFuzzTargetHasARegressionTest() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Fuzz/targets").path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }
        let tested: Set<String> = [
            "odpt-station", "odpt-buspole", "odpt-traininfo", "odpt-train", "gtfs-csv", "gtfs-zip", "buscsv", // this file
            "weather-openweather", "weather-openmeteo", "weather-jma", // WeatherTests.FuzzRegressionTests
            "rules-yaml", // ConfigTests.FuzzRegressionTests
            "http-headers", // HTTPTests.FuzzRegressionTests
            "feeds", // FeedsTests.FeedCorpusTests
            "realtime", // RealtimeTests.RealtimeDecoderTests
        ]
        XCTAssertEqual(Set(targets), tested, "a fuzz target without a regression test, or a test of a removed target")
        for target in targets {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Fuzz/regressions/\(target)").path),
                          "Fuzz/regressions/\(target) is missing")
        }
    }

    private func assertNamesItsFile(_ name: String, _ decode: () throws -> Void) {
        do {
            try decode()
        } catch let error as DecodeError {
            XCTAssertTrue(error.file.hasPrefix(name), "\(name): \(error)")
            if let line = error.line { XCTAssertGreaterThanOrEqual(line, 1, "\(name): \(error)") }
        } catch {
            XCTFail("\(name): not a DecodeError: \(error)")
        }
    }

    func testODPTStationRegressions() throws {
        for (name, bytes) in try Self.inputs("odpt-station") {
            assertNamesItsFile(name) { _ = try ODPTTimetableDecoder.stationTimetable(bytes, file: name) }
        }
    }

    func testODPTBusPoleRegressions() throws {
        for (name, bytes) in try Self.inputs("odpt-buspole") {
            assertNamesItsFile(name) { _ = try ODPTTimetableDecoder.busstopPoleTimetable(bytes, file: name) }
        }
    }

    func testODPTTrainInformationRegressions() throws {
        for (name, bytes) in try Self.inputs("odpt-traininfo") {
            assertNamesItsFile(name) { _ = try ODPTTimetableDecoder.trainInformation(bytes, file: name) }
        }
    }

    func testODPTTrainRegressions() throws {
        for (name, bytes) in try Self.inputs("odpt-train") {
            assertNamesItsFile(name) { _ = try ODPTTimetableDecoder.trains(bytes, file: name) }
        }
    }

    func testBusCSVRegressions() throws {
        for (name, bytes) in try Self.inputs("buscsv") {
            assertNamesItsFile(name) {
                let times = try BusCSV.parse(bytes, file: name)
                XCTAssertEqual(times, times.sorted(), name)
            }
        }
    }

    func testGTFSZipRegressions() throws {
        for (name, bytes) in try Self.inputs("gtfs-zip") {
            assertNamesItsFile(name) { _ = try GTFSFeed.load(GTFSFeedFiles(zip: bytes, path: name)) }
        }
    }

    /// As Fuzz/targets/gtfs-csv.swift: the first byte picks the member the rest replaces in the small
    /// feed whose members are the seeds `Fuzz/seeds/gtfs-csv/base-*`.
    func testGTFSTableRegressions() throws {
        let members = ["agency.txt", "stops.txt", "routes.txt", "calendar.txt", "calendar_dates.txt", "trips.txt",
                       "frequencies.txt", "stop_times.txt"]
        var base: [String: [UInt8]] = [:]
        for member in members {
            let seed = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent("Fuzz/seeds/gtfs-csv/base-\(member)")))
            base[member] = Array(seed.dropFirst())
        }
        XCTAssertNoThrow(try GTFSFeed.load(GTFSFeedFiles(members: base, path: "base")), "the base feed loads")
        for (name, bytes) in try Self.inputs("gtfs-csv") where !bytes.isEmpty {
            var files = base
            files[members[Int(bytes[0]) % members.count]] = Array(bytes.dropFirst())
            assertNamesItsFile(name) {
                let feed = try GTFSFeed.load(GTFSFeedFiles(members: files, path: name))
                _ = try? feed.timetable(stopID: "S1", stopName: nil, route: nil)
            }
        }
    }
}
