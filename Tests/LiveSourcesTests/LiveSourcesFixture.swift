@testable import Config
import Foundation
@testable import LiveSources
@testable import Secrets
import XCTest

/// A temporary directory with a sources configuration and a state directory, removed by ``remove()``.
struct LiveSourcesFixture {
    static let yaml = """
    weather:
      - id: chofu
        provider: openweather
        lat: 35.65146
        lon: 139.63678
        units: metric
        key_env: OPENWEATHER_API_KEY
      - id: chofu-25
        provider: openweather
        version: "2.5"
        lat: 35.65146
        lon: 139.63678
        key_file: secrets/owm.key
      - id: chofu-meteo
        provider: open_meteo
        lat: 35.65146
        lon: 139.63678
      - id: tokyo-jma
        provider: jma
        office: "130000"
        area: "130010"
    feeds:
      - id: qiita-ios-2024
        advent_calendar: 2024/ios
      - id: qiita-missing
        advent_calendar: 2099/nope
      - id: blog
        url: https://example.com/blog/feed.atom?lang=ja

    """

    let root: String
    let configuration: Configuration

    init() throws {
        root = NSTemporaryDirectory() + "leavenow-live-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try Self.yaml.write(toFile: root + "/config/sources.yaml", atomically: true, encoding: .utf8)
        configuration = try Configuration.load(directory: root + "/config")
    }

    var stateDirectory: String { root + "/state" }
    var cache: SourceCache { SourceCache(stateDirectory: stateDirectory) }

    func source(_ id: String) throws -> LiveSource {
        try XCTUnwrap(LiveSource.all(in: configuration).first { $0.id == id }, "no source \(id)")
    }

    static let odptTimetable = LiveSource(
        id: "oshiage", origin: .timetable(TimetableKind.odptAPI(station: "odpt.Station:TokyoMetro.Hanzomon.Oshiage", direction: nil,
                                                                operator: "odpt.Operator:TokyoMetro").fetched(odpt: nil)!),
        key: SecretReference(environmentVariable: "ODPT_CONSUMER_KEY"))
    static let odptPoleTimetable = LiveSource(
        id: "shinbashi", origin: .timetable(TimetableKind.odptAPIBusstopPole(pole: "odpt.BusstopPole:Toei.Shinbashi.1",
                                                                            operator: "odpt.Operator:Toei").fetched(odpt: nil)!),
        key: SecretReference(environmentVariable: "ODPT_CONSUMER_KEY"))
    static let odptStatus = LiveSource(
        id: "metro", origin: .odptTrainInformation(operator: "odpt.Operator:TokyoMetro"),
        key: SecretReference(environmentVariable: "ODPT_CONSUMER_KEY"))

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
