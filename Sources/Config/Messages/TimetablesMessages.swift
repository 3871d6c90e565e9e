import Messages

// What the timetable formats of Config (`Timetables/Formats/`) say to people, in English and
// Japanese side by side (see `MessageKey`). A new message is one more `static let` here, in the
// section of its format. The names are the ones the state may have stored (`facts…`, `liveSource…`:
// where these texts were said before the formats had a file each), so they stay.
extension MessageKey {
    // MARK: What a fetched timetable is called (odpt_api, odpt_api_busstop_pole)

    static let liveSourceStationTimetable = MessageKey("liveSourceStationTimetable",
        en: "ODPT station timetable \"{id}\"",
        ja: "ODPT の駅時刻表 \"{id}\"")
    static let liveSourcePoleTimetable = MessageKey("liveSourcePoleTimetable",
        en: "ODPT bus pole timetable \"{id}\"",
        ja: "ODPT のバス停時刻表 \"{id}\"")
    static let factsODPTStationTimetable = MessageKey("factsODPTStationTimetable",
        en: "odpt:StationTimetable of {id}",
        ja: "{id} の odpt:StationTimetable")
    static let factsODPTPoleTimetable = MessageKey("factsODPTPoleTimetable",
        en: "odpt:BusstopPoleTimetable of {id}",
        ja: "{id} の odpt:BusstopPoleTimetable")

    // MARK: A fetched timetable with nothing cached yet

    static let factsODPTAPINotRead = MessageKey("factsODPTAPINotRead",
        en: "the {what} comes from the ODPT API and is read from the source cache, which this command does not read",
        ja: "{what} は ODPT API から取得してソースキャッシュから読みますが、このコマンドはソースキャッシュを読みません")
    static let factsODPTNotCached = MessageKey("factsODPTNotCached",
        en: "no cached timetable yet for the {what}: run `leavenow fetch`",
        ja: "{what} の時刻表はまだキャッシュにありません: `leavenow fetch` を実行してください")

    // MARK: gtfs

    static let factsLabelStop = MessageKey("factsLabelStop",
        en: "{feed} stop {id}",
        ja: "{feed} 停留所 {id}")
    static let factsLabelRouteStop = MessageKey("factsLabelRouteStop",
        en: "{feed} route {route} stop {id}",
        ja: "{feed} 路線 {route} 停留所 {id}")
    static let factsAgencyTimezone = MessageKey("factsAgencyTimezone",
        en: "the feed's times are in agency_timezone {agency} but the board's timezone is {board}; set `timezone: {zone}` on the board",
        ja: "フィードの時刻は agency_timezone {agency} のものですが、ボードのタイムゾーンは {board} です: ボードに `timezone: {zone}` を書いてください")
}
