import Messages

// What Config says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Boards and sources

    static let configBoardNeedsSource = MessageKey("configBoardNeedsSource",
        en: "board {id} needs at least one source",
        ja: "ボード {id} にはソースが 1 つ以上必要です")
    static let configHolidayExpected = MessageKey("configHolidayExpected",
        en: "expected a date like 2024-12-30 or a range like 2024-12-30..2025-01-03, found {found}",
        ja: "2024-12-30 のような日付か 2024-12-30..2025-01-03 のような期間を書いてください（実際の値: {found}）")
    static let configHolidayRangeBackwards = MessageKey("configHolidayRangeBackwards",
        en: "holiday range {range} ends before it starts",
        ja: "祝日の期間 {range} は終わりが始まりより前になっています")
    static let configHolidayRangeTooLong = MessageKey("configHolidayRangeTooLong",
        en: "holiday range {range} spans {days} days; at most {max} are allowed",
        ja: "祝日の期間 {range} は {days} 日あります。指定できるのは {max} 日までです")
    static let configSourceNeedsKind = MessageKey("configSourceNeedsKind",
        en: "a source needs one of: {keys}",
        ja: "ソースには {keys} のいずれかが必要です")
    static let configSourceTwoKinds = MessageKey("configSourceTwoKinds",
        en: "a source takes exactly one of {keys}; found {found}",
        ja: "ソースに書けるのは {keys} のうち 1 つだけです（{found} が書かれています）")
    static let configValidUntilBeforeFrom = MessageKey("configValidUntilBeforeFrom",
        en: "valid_until {until} is before valid_from {from}",
        ja: "valid_until {until} が valid_from {from} より前になっています")
    static let configRealtimeNotGTFS = MessageKey("configRealtimeNotGTFS",
        en: "realtime: is for gtfs sources (a GTFS-Realtime feed matches GTFS trip ids); ODPT trains are listed under the odpt: section's trains:",
        ja: "realtime: は gtfs ソース用です（GTFS-Realtime フィードは GTFS の trip id で照合します）。ODPT の列車は odpt: セクションの trains: に書いてください")
    static let configDateExpected = MessageKey("configDateExpected",
        en: "{key} must be a date like 2025-03-15, found {found}",
        ja: "{key} には 2025-03-15 のような日付を書いてください（実際の値: {found}）")
    static let configGTFSStopBoth = MessageKey("configGTFSStopBoth",
        en: "a gtfs source takes stop_id or stop_name, not both",
        ja: "gtfs ソースには stop_id か stop_name のどちらか一方だけを書いてください")
    static let configGTFSStopMissing = MessageKey("configGTFSStopMissing",
        en: "a gtfs source needs stop_id or stop_name",
        ja: "gtfs ソースには stop_id か stop_name が必要です")
    static let configODPTIDExpected = MessageKey("configODPTIDExpected",
        en: "{key} must be an ODPT id like {example}, found {found}",
        ja: "{key} には {example} のような ODPT の id を書いてください（実際の値: {found}）")
    static let configCSVNeedsDayType = MessageKey("configCSVNeedsDayType",
        en: "csv needs at least one day type: {keys}",
        ja: "csv には曜日種別が 1 つ以上必要です: {keys}")
    static let configPathEmpty = MessageKey("configPathEmpty",
        en: "expected a path, found an empty string",
        ja: "パスを書いてください（空の文字列になっています）")
    static let configDuplicateID = MessageKey("configDuplicateID",
        en: "duplicate {what} id {id} (first defined at {place})",
        ja: "{what}の id {id} が重複しています（最初の定義: {place}）")
    static let configUnknownSpecialDay = MessageKey("configUnknownSpecialDay",
        en: "unknown special day {name} (expected year_end, {year_end: \"12-29..01-03\"} or {dates: 2025-05-06, as: sunday})",
        ja: "不明な特別な日 {name} です（year_end、{year_end: \"12-29..01-03\"}、{dates: 2025-05-06, as: sunday} のいずれかを書いてください）")
    static let configYearEndPeriod = MessageKey("configYearEndPeriod",
        en: "year_end must be a period like \"12-29..01-03\" (a December day to a January day), found {found}",
        ja: "year_end には \"12-29..01-03\" のような期間（12 月のある日から 1 月のある日まで）を書いてください（実際の値: {found}）")
    static let configSpecialDayAs = MessageKey("configSpecialDayAs",
        en: "as must be weekday, saturday, sunday or holiday, found {found}",
        ja: "as には weekday、saturday、sunday、holiday のいずれかを書いてください（実際の値: {found}）")
    static let configYearEndTwice = MessageKey("configYearEndTwice",
        en: "special_days names year_end twice",
        ja: "special_days に year_end が 2 回書かれています")
}
