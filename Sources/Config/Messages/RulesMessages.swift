import Messages

// What Config says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Rules

    static let configUnknownRuleKind = MessageKey("configUnknownRuleKind",
        en: "unknown rule kind {name} ({suggestion}{expected})",
        ja: "不明なルールの種類 {name} です（{suggestion}{expected}）")
    static let configRuleNeedsChannels = MessageKey("configRuleNeedsChannels",
        en: "rule {id} needs channels: a list of channel ids to send through",
        ja: "ルール {id} には channels:（送信に使うチャンネル id のリスト）が必要です")
    static let configUnknownDayType = MessageKey("configUnknownDayType",
        en: "unknown day type {name} ({suggestion}expected one of: weekday, saturday, sunday, holiday)",
        ja: "不明な曜日種別 {name} です（{suggestion}weekday、saturday、sunday、holiday のいずれかを書いてください）")
    static let configPick = MessageKey("configPick",
        en: "pick must be \"all\" or \"first\", found {found}",
        ja: "pick には \"all\" か \"first\" を書いてください（実際の値: {found}）")
    static let configHeadsUpEmpty = MessageKey("configHeadsUpEmpty",
        en: "heads_up needs at least one duration, e.g. [10m, 0m]",
        ja: "heads_up には期間を 1 つ以上書いてください（例: [10m, 0m]）")
    static let configMovedByRange = MessageKey("configMovedByRange",
        en: "moved_by must be between 1m and 1h, found {found}",
        ja: "moved_by は 1m〜1h の範囲で指定してください（指定値: {found}）")
    static let configWhenSuspended = MessageKey("configWhenSuspended",
        en: "when_suspended must be \"notify\" or \"hold\", found {found}",
        ja: "when_suspended には \"notify\" か \"hold\" を書いてください（実際の値: {found}）")
    static let configLeadTooLong = MessageKey("configLeadTooLong",
        en: "heads_up, buffer and rain extra_walk add up to {minutes} min before the leave time; at most {hours} h is allowed",
        ja: "heads_up、buffer、rain の extra_walk を合わせると出発時刻の {minutes} 分前になります。指定できるのは {hours} 時間までです")
    static let configWeatherConditionNeedsOne = MessageKey("configWeatherConditionNeedsOne",
        en: "a weather condition needs one of: {list}",
        ja: "天気の条件には {list} のいずれかが必要です")
    static let configWeatherConditionTakesOne = MessageKey("configWeatherConditionTakesOne",
        en: "a weather condition takes exactly one of {list}; found {found}",
        ja: "天気の条件に書けるのは {list} のうち 1 つだけです（{found} が書かれています）")
    static let configNewAlertFalse = MessageKey("configNewAlertFalse",
        en: "new_alert: false watches nothing; remove the rule or write new_alert: true",
        ja: "new_alert: false では何も監視しません。ルールを削除するか new_alert: true と書いてください")
    static let configFirstRun = MessageKey("configFirstRun",
        en: "first_run must be \"silent\" or \"notify\", found {found}",
        ja: "first_run には \"silent\" か \"notify\" を書いてください（実際の値: {found}）")
    static let configMaxPerDay = MessageKey("configMaxPerDay",
        en: "max_per_day must be at least 1, found {count}",
        ja: "max_per_day は 1 以上にしてください（指定値: {count}）")
    static let configUrgency = MessageKey("configUrgency",
        en: "urgency must be one of: low, normal, critical; found {found}",
        ja: "urgency には low、normal、critical のいずれかを書いてください（実際の値: {found}）")
    static let configLanguage = MessageKey("configLanguage",
        en: "language must be \"ja\" or \"en\", found {found}",
        ja: "language には \"ja\" か \"en\" を書いてください（実際の値: {found}）")
    static let configUnknownTemplateVariable = MessageKey("configUnknownTemplateVariable",
        en: "unknown template variable {variable} (known: {list})",
        ja: "不明なテンプレート変数 {variable} です（使える変数: {list}）")
    static let configBadTemplate = MessageKey("configBadTemplate",
        en: "bad template: {problem}",
        ja: "テンプレートが正しくありません: {problem}")
    static let templateUnclosed = MessageKey("templateUnclosed",
        en: "\"{{\" without a closing \"}}\"",
        ja: "\"{{\" を閉じる \"}}\" がありません")
    static let templateBadName = MessageKey("templateBadName",
        en: "{text} is not a variable name (letters, digits and _)",
        ja: "{text} は変数名ではありません（使えるのは英字、数字、_ です）")
    static let configUnknownWeatherProvider = MessageKey("configUnknownWeatherProvider",
        en: "unknown weather provider {name} ({suggestion}{expected})",
        ja: "不明な天気プロバイダー {name} です（{suggestion}{expected}）")
    static let configUnits = MessageKey("configUnits",
        en: "units must be one of: standard, metric, imperial; found {found}",
        ja: "units には standard、metric、imperial のいずれかを書いてください（実際の値: {found}）")
    static let configVersion = MessageKey("configVersion",
        en: "version must be \"3.0\" or \"2.5\", found {found}",
        ja: "version には \"3.0\" か \"2.5\" を書いてください（実際の値: {found}）")
    static let configIdleRefreshShort = MessageKey("configIdleRefreshShort",
        en: "idle_refresh ({value}) must not be shorter than refresh",
        ja: "idle_refresh（{value}）は refresh より短くできません")
    static let configNeedsLatLon = MessageKey("configNeedsLatLon",
        en: "{provider} needs lat and lon",
        ja: "{provider} には lat と lon が必要です")
    static let configJMANeedsOffice = MessageKey("configJMANeedsOffice",
        en: "jma needs office (a forecast office code such as 130000)",
        ja: "jma には office（130000 のような予報区のコード）が必要です")
    static let configAdventCalendar = MessageKey("configAdventCalendar",
        en: "advent_calendar must look like 2024/ios (year/slug), found {found}",
        ja: "advent_calendar は 2024/ios（年/スラッグ）の形で書いてください（実際の値: {found}）")
    static let configFeedNeedsURL = MessageKey("configFeedNeedsURL",
        en: "a feed needs url or advent_calendar",
        ja: "フィードには url か advent_calendar が必要です")
    static let configFeedBothURL = MessageKey("configFeedBothURL",
        en: "a feed takes url or advent_calendar, not both",
        ja: "フィードには url か advent_calendar のどちらか一方だけを書いてください")
    static let configFeedURLScheme = MessageKey("configFeedURLScheme",
        en: "feed url must start with https:// or http://, found {found}",
        ja: "フィードの url は https:// か http:// で始めてください（実際の値: {found}）")
    static let configUnknownChannelType = MessageKey("configUnknownChannelType",
        en: "unknown channel type {name} ({suggestion}{expected})",
        ja: "不明なチャンネルの種類 {name} です（{suggestion}{expected}）")
    static let configUnknownDay = MessageKey("configUnknownDay",
        en: "unknown day {name} ({suggestion}expected sun, mon, tue, wed, thu, fri, sat, weekdays, weekends or everyday)",
        ja: "不明な曜日 {name} です（{suggestion}sun、mon、tue、wed、thu、fri、sat、weekdays、weekends、everyday のいずれかを書いてください）")
    static let configTimeWindow = MessageKey("configTimeWindow",
        en: "{key} must be a time window HH:MM-HH:MM, found {found}",
        ja: "{key} には HH:MM-HH:MM の形の時間帯を書いてください（実際の値: {found}）")
    static let configNumber = MessageKey("configNumber",
        en: "expected a number in {min}...{max}, found {found}",
        ja: "{min}...{max} の数値を書いてください（実際の値: {found}）")
    static let configNumberUnit = MessageKey("configNumberUnit",
        en: "expected a number of {unit} in {min}...{max}, found {found}",
        ja: "{min}...{max} の数値（{unit}）を書いてください（実際の値: {found}）")
    static let configProbability = MessageKey("configProbability",
        en: "expected a probability like 60% or 0.6, found {found}",
        ja: "60% や 0.6 のような確率を書いてください（実際の値: {found}）")
    static let configServiceStatusNeedsTarget = MessageKey("configServiceStatusNeedsTarget",
        en: "a service_status rule needs status (an odpt service_status id) or board (a board with status:)",
        ja: "service_status ルールには status（odpt の service_status の id）か board（status: のあるボード）が必要です")
    static let configLinesEmpty = MessageKey("configLinesEmpty",
        en: "lines needs at least one line title or railway id, e.g. [銀座線]",
        ja: "lines には路線名か路線の id を 1 つ以上書いてください（例: [銀座線]）")
    static let configUnknownServiceStatusCondition = MessageKey("configUnknownServiceStatusCondition",
        en: "unknown service status {name} in when (expected one of: {list})",
        ja: "when の運行状況 {name} は不明です（{list} のいずれかを書いてください）")
    static let configWhenEmpty = MessageKey("configWhenEmpty",
        en: "when needs at least one of: delayed, suspended, other",
        ja: "when には delayed、suspended、other のいずれかを 1 つ以上書いてください")
    static let configMaxAgeMinute = MessageKey("configMaxAgeMinute",
        en: "max_age must be at least 1m, found {found}",
        ja: "max_age は 1m 以上にしてください（実際の値: {found}）")
}
