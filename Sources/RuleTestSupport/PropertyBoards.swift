import Foundation

/// The boards the property tests draw rules for, as YAML with absolute paths into this repository.
public enum PropertyBoards {
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    public static func path(_ relative: String) -> String { repository.appendingPathComponent(relative).path }

    /// Boards in Japan: the example bus concierge both ways (CSV directories), the Ginza example
    /// with the year-end schedule as extra holidays (ODPT), Oshiage (real ODPT 2017), the article's
    /// 鷹56 files (CSV by day-type key) and a Toei bus pole (real ODPT).
    public static var tokyo: String {
        """
        boards:
          - id: chofu-to-mitaka
            sources:
              - {csv: \(path("rules/timetables/chofu-mitaka/taka56")), walk: 4m}
              - {csv: \(path("rules/timetables/chofu-mitaka/taka66")), walk: 3m}
              - {csv: \(path("rules/timetables/chofu-mitaka/taka51")), walk: 5m}
          - id: mitaka-to-chofu
            sources:
              - {csv: \(path("rules/timetables/mitaka-chofu/taka56")), walk: 6m}
              - {csv: \(path("rules/timetables/mitaka-chofu/taka66")), walk: 6m}
          - id: ginza
            holidays: [2024-12-30..2025-01-03]
            sources:
              - odpt: \(path("rules/data/StationTimetable_TokyoMetro_Ginza_EXAMPLE.json"))
                station: odpt.Station:TokyoMetro.Ginza.Ginza
                walk: 3m
          - id: oshiage
            sources:
              - odpt: \(path("Tests/Fixtures/odpt/StationTimetable_TokyoMetro_Hanzomon_Oshiage.json"))
                station: odpt.Station:TokyoMetro.Hanzomon.Oshiage
                walk: 2m
          - id: taka56-article
            sources:
              - csv:
                  weekday: \(path("Tests/Fixtures/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_平日.csv"))
                  saturday: \(path("Tests/Fixtures/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_土曜.csv"))
                  sunday_holiday: \(path("Tests/Fixtures/buscsv/鷹56_調布駅北口_三鷹駅_乗り場12_日祝.csv"))
                walk: 4m
          - id: toei-pole
            sources:
              - odpt_busstop_pole: \(path("Tests/Fixtures/odpt/BusStopPoleTimetable_Toei_Chokkou01.json"))
                pole: odpt.BusstopPole:Toei.Meiseigakuemmae.2046.1
                walk: 1m
        """
    }

    /// The real GTFS-JP sample, whose service runs only in April 2017 (with Golden Week holidays).
    public static var gtfs: String {
        """
        boards:
          - id: kawasaki-west
            sources:
              - gtfs: \(path("Tests/Fixtures/gtfs/gtfs-jp-rinkobus"))
                stop_id: "1510-57"
                walk: 2m
        """
    }
}
