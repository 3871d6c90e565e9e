import Messages

// What Facts says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Boards and their sources

    static let factsBoardPrefixed = MessageKey("factsBoardPrefixed",
        en: "{location}: board {board}: {message}",
        ja: "{location}: ボード {board}: {message}")
    static let factsDayTypeNotLoaded = MessageKey("factsDayTypeNotLoaded",
        en: "{location}: the {dayType} timetable of board {board} not loaded: {reason}",
        ja: "{location}: ボード {board} の {dayType} の時刻表を読み込めません: {reason}")
    static let factsSourceNotLoaded = MessageKey("factsSourceNotLoaded",
        en: "{location}: source of board {board} not loaded: {reason}",
        ja: "{location}: ボード {board} のソースを読み込めません: {reason}")
    static let factsODPTStationTimetable = MessageKey("factsODPTStationTimetable",
        en: "odpt:StationTimetable of {id}",
        ja: "{id} の odpt:StationTimetable")
    static let factsODPTPoleTimetable = MessageKey("factsODPTPoleTimetable",
        en: "odpt:BusstopPoleTimetable of {id}",
        ja: "{id} の odpt:BusstopPoleTimetable")
    static let factsODPTAPINotRead = MessageKey("factsODPTAPINotRead",
        en: "the {what} comes from the ODPT API and is read from the source cache, which this command does not read",
        ja: "{what} は ODPT API から取得してソースキャッシュから読みますが、このコマンドはソースキャッシュを読みません")
    static let factsODPTNotCached = MessageKey("factsODPTNotCached",
        en: "no cached timetable yet for the {what}: run `leavenow fetch`",
        ja: "{what} の時刻表はまだキャッシュにありません: `leavenow fetch` を実行してください")
    static let factsSourceFailure = MessageKey("factsSourceFailure",
        en: "{location}: board {board}: {source} could not be loaded: {message}",
        ja: "{location}: ボード {board}: {source} を読み込めません: {message}")
    static let factsBoardIncomplete = MessageKey("factsBoardIncomplete",
        en: "board {board} is incomplete: {source} could not be loaded: {message}",
        ja: "ボード {board} は不完全です: {source} を読み込めません: {message}")
    static let factsBoardUnloadable = MessageKey("factsBoardUnloadable",
        en: "board {board} has no loadable source: {source}: {message}",
        ja: "ボード {board} には読み込めるソースがありません: {source}: {message}")
    static let factsBoardSourceNotice = MessageKey("factsBoardSourceNotice",
        en: "board {board}: {source}: {message}",
        ja: "ボード {board}: {source}: {message}")
    static let unknownCauseNotLoaded = MessageKey("unknownCauseNotLoaded",
        en: "{source} could not be loaded: {message}",
        ja: "{source} を読み込めませんでした: {message}")
    static let unknownCauseValidity = MessageKey("unknownCauseValidity",
        en: "{source}: {message}",
        ja: "ソース {source}: {message}")
    static let factsNoSourceAfter = MessageKey("factsNoSourceAfter",
        en: "; no source runs after it: add the next timetable",
        ja: "。この後に運行するソースがありません: 次の時刻表を追加してください")
    static let factsNoSourceValid = MessageKey("factsNoSourceValid",
        en: "board {board}: no source is valid on {date}{reasons}: add the next timetable",
        ja: "ボード {board}: {date} に有効なソースがありません{reasons}: 次の時刻表を追加してください")
    static let factsReasons = MessageKey("factsReasons",
        en: " ({list})",
        ja: "（{list}）")
    static let factsHolidaysOutside = MessageKey("factsHolidaysOutside",
        en: "{location}: board {board}: {count|holiday|holidays} {dates} {count|lies|lie} outside the service of every source ({served}); {count|it has|they have} no effect",
        ja: "{location}: ボード {board}: 祝日 {dates}（{count} 日）はどのソースの運行期間（{served}）にも入っていないため、効果がありません")
    static let factsSpecialDaysOutside = MessageKey("factsSpecialDaysOutside",
        en: "{location}: board {board}: {count|special day|special days} {dates} {count|lies|lie} outside the service of every source ({served}); {count|it has|they have} no effect",
        ja: "{location}: ボード {board}: special_days の日付 {dates}（{count} 日）はどのソースの運行期間（{served}）にも入っていないため、効果がありません")
    static let factsDatesOf = MessageKey("factsDatesOf",
        en: "{dates} of {entry}",
        ja: "{entry} のうち {dates}")
    static let factsFeedIgnoresDay = MessageKey("factsFeedIgnoresDay",
        en: "{location}: board {board}: {source}: the feed runs its usual {usual} departures on {date} (as on {reference}), which {setting} makes a {type}: rules' day_types see a {type} while the departures are the {usual} ones (the feed's calendar_dates.txt has no exception for it); remove the date or check the feed",
        ja: "{location}: ボード {board}: {source}: フィードは {date} にいつもの {usual} のダイヤで運行します（{reference} と同じ）が、{setting} でこの日は {type} になっています: ルールの day_types は {type} と見なしますが、ダイヤは {usual} のものです（フィードの calendar_dates.txt にこの日の例外がありません）。日付を削除するか、フィードを確認してください")

    // MARK: Fixtures

    static let factsFixtureIgnoredExtension = MessageKey("factsFixtureIgnoredExtension",
        en: "{file}: ignored (expected {extensions} files named by their fetch time)",
        ja: "{file}: 無視しました（取得時刻の名前の付いた {extensions} のファイルを置いてください）")
    static let factsFixtureIgnoredName = MessageKey("factsFixtureIgnoredName",
        en: "{file}: ignored: the name is not a fetch time like 2024-12-22T10:00:00+09:00",
        ja: "{file}: 無視しました: 名前が 2024-12-22T10:00:00+09:00 のような取得時刻ではありません")
    static let factsFixtureSkipped = MessageKey("factsFixtureSkipped",
        en: "{error} (snapshot skipped; the previous one stays in force)",
        ja: "{error}（このスナップショットは読み飛ばし、前のものを使い続けます）")
    static let factsFixtureUnknownID = MessageKey("factsFixtureUnknownID",
        en: "{path}: no {what} with this id is configured",
        ja: "{path}: この id の{what}は設定されていません")
    static let factsFixtureUnknownIndex = MessageKey("factsFixtureUnknownIndex",
        en: "{path}: board {board} has no realtime: source with this index (known: {list}; 0 is its first source)",
        ja: "{path}: ボード {board} にこの番号の realtime: ソースはありません（あるのは {list}。最初のソースが 0 です）")
    static let nounFixtureWeather = MessageKey("nounFixtureWeather",
        en: "weather source",
        ja: "天気ソース")
    static let nounFixtureFeed = MessageKey("nounFixtureFeed",
        en: "feed",
        ja: "フィード")
    static let nounFixtureServiceStatus = MessageKey("nounFixtureServiceStatus",
        en: "odpt service_status",
        ja: "odpt の service_status")
    static let nounFixtureRealtimeBoard = MessageKey("nounFixtureRealtimeBoard",
        en: "board with a realtime: source",
        ja: "realtime: ソースのあるボード")
    static let nounFixtureTrains = MessageKey("nounFixtureTrains",
        en: "odpt trains entry",
        ja: "odpt の trains の項目")

    // MARK: Service periods

    static let noticeFeedEnded = MessageKey("noticeFeedEnded",
        en: "the feed's service ended on {date}",
        ja: "フィードの運行期間は {date} に終わっています")
    static let noticeFeedStarts = MessageKey("noticeFeedStarts",
        en: "the feed's service starts on {date}",
        ja: "フィードの運行期間は {date} に始まります")
    static let noticeFeedEndsSoon = MessageKey("noticeFeedEndsSoon",
        en: "the feed's service ends on {date} ({when})",
        ja: "フィードの運行期間は {date}（{when}）に終わります")
    static let noticeValidityEnded = MessageKey("noticeValidityEnded",
        en: "the timetable's validity ended on {date} ({field})",
        ja: "時刻表の有効期間は {date} に終わっています（{field}）")
    static let noticeValidFrom = MessageKey("noticeValidFrom",
        en: "the timetable is valid from {date} ({field})",
        ja: "時刻表は {date} から有効です（{field}）")
    static let noticeValidityEndsSoon = MessageKey("noticeValidityEndsSoon",
        en: "the timetable's validity ends on {date}, {when} ({field})",
        ja: "時刻表の有効期間は {date}（{when}）に終わります（{field}）")
    public static let whenToday = MessageKey("whenToday",
        en: "today",
        ja: "今日")
    public static let whenTomorrow = MessageKey("whenTomorrow",
        en: "tomorrow",
        ja: "明日")
    static let whenInDays = MessageKey("whenInDays",
        en: "in {days} days",
        ja: "{days} 日後")
    static let factsAgencyTimezone = MessageKey("factsAgencyTimezone",
        en: "the feed's times are in agency_timezone {agency} but the board's timezone is {board}; set `timezone: {zone}` on the board",
        ja: "フィードの時刻は agency_timezone {agency} のものですが、ボードのタイムゾーンは {board} です: ボードに `timezone: {zone}` を書いてください")

    // MARK: Health, history and status

    public static let healthDetailSeparator = MessageKey("healthDetailSeparator",
        en: "; ",
        ja: "／")

    // MARK: next and board

    public static let boardTimetableWeekday = MessageKey("boardTimetableWeekday",
        en: "weekday",
        ja: "平日")
    public static let boardTimetableSaturday = MessageKey("boardTimetableSaturday",
        en: "saturday",
        ja: "土曜")
    public static let boardTimetableSunday = MessageKey("boardTimetableSunday",
        en: "sunday",
        ja: "日曜")
    public static let boardTimetableSundayHoliday = MessageKey("boardTimetableSundayHoliday",
        en: "sunday_holiday",
        ja: "日祝")
    public static let boardTimetableSaturdayHoliday = MessageKey("boardTimetableSaturdayHoliday",
        en: "saturday_holiday",
        ja: "土休日")
    public static let boardTimetableHoliday = MessageKey("boardTimetableHoliday",
        en: "holiday",
        ja: "休日")
    public static let boardTimetableEveryday = MessageKey("boardTimetableEveryday",
        en: "everyday",
        ja: "毎日")

    // MARK: Facts: labels, suspensions, fetched bodies

    static let factsSuspensionSince = MessageKey("factsSuspensionSince",
        en: " since {time}",
        ja: "（{time} から）")
    static let factsHTMLInsteadOf = MessageKey("factsHTMLInsteadOf",
        en: "the server answered with an HTML page ({type}, {bytes} bytes) instead of {expected}",
        ja: "サーバーが {expected} の代わりに HTML ページを返しました（{type}、{bytes} バイト）")
    static let factsNoContentType = MessageKey("factsNoContentType",
        en: "no content type",
        ja: "Content-Type なし")
    static let factsExpectedFeed = MessageKey("factsExpectedFeed",
        en: "an Atom / RSS feed",
        ja: "Atom / RSS フィード")
    static let factsExpectedRealtime = MessageKey("factsExpectedRealtime",
        en: "a GTFS-Realtime feed (protobuf)",
        ja: "GTFS-Realtime フィード（protobuf）")
    static let factsTrainsNotJSON = MessageKey("factsTrainsNotJSON",
        en: "expected an odpt:Train JSON array: {error}",
        ja: "odpt:Train の JSON 配列のはずが読めません: {error}")
    static let factsTrainsNotArray = MessageKey("factsTrainsNotArray",
        en: "expected an odpt:Train JSON array, found {kind}",
        ja: "odpt:Train の JSON 配列のはずが {kind} でした")
    static let factsTrainsNotObject = MessageKey("factsTrainsNotObject",
        en: "[{index}]: expected an odpt:Train object, found {kind}",
        ja: "[{index}]: odpt:Train のオブジェクトのはずが {kind} でした")
    static let factsTrainsWrongType = MessageKey("factsTrainsWrongType",
        en: "[{index}]: expected \"@type\": \"odpt:Train\", found {type}",
        ja: "[{index}]: \"@type\": \"odpt:Train\" のはずが {type} でした")
    static let factsTrainsNoType = MessageKey("factsTrainsNoType",
        en: "no @type",
        ja: "@type なし")
    static let factsLabelStop = MessageKey("factsLabelStop",
        en: "{feed} stop {id}",
        ja: "{feed} 停留所 {id}")
    static let factsLabelRouteStop = MessageKey("factsLabelRouteStop",
        en: "{feed} route {route} stop {id}",
        ja: "{feed} 路線 {route} 停留所 {id}")
}
