import Messages

// What Config says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Things a configuration names

    public static let nounBoard = MessageKey("nounBoard",
        en: "board",
        ja: "ボード")
    public static let nounSource = MessageKey("nounSource",
        en: "source",
        ja: "ソース")
    public static let nounRule = MessageKey("nounRule",
        en: "rule",
        ja: "ルール")
    public static let nounWeather = MessageKey("nounWeather",
        en: "weather",
        ja: "天気ソース")
    static let nounWeatherSource = MessageKey("nounWeatherSource",
        en: "weather source",
        ja: "天気ソース")
    public static let nounFeed = MessageKey("nounFeed",
        en: "feed",
        ja: "フィード")
    public static let nounChannel = MessageKey("nounChannel",
        en: "channel",
        ja: "チャンネル")
    public static let nounServiceStatus = MessageKey("nounServiceStatus",
        en: "service status",
        ja: "運行情報ソース")
    public static let nounODPTTrains = MessageKey("nounODPTTrains",
        en: "odpt trains",
        ja: "odpt の trains の項目")
    static let nounWeatherCondition = MessageKey("nounWeatherCondition",
        en: "weather condition",
        ja: "天気の条件")
    static let nounCSVFiles = MessageKey("nounCSVFiles",
        en: "csv files by day type",
        ja: "曜日種別ごとの CSV ファイル")
    static let nounSpecialDay = MessageKey("nounSpecialDay",
        en: "special day",
        ja: "special_days の項目")
    static let nounTopLevel = MessageKey("nounTopLevel",
        en: "the top level of a configuration file",
        ja: "設定ファイルの最上位")
    public static let pluralBoards = MessageKey("pluralBoards",
        en: "boards",
        ja: "ボード")
    static let pluralWeatherSources = MessageKey("pluralWeatherSources",
        en: "weather sources",
        ja: "天気ソース")
    static let pluralFeeds = MessageKey("pluralFeeds",
        en: "feeds",
        ja: "フィード")
    public static let pluralChannels = MessageKey("pluralChannels",
        en: "channels",
        ja: "チャンネル")
    static let pluralServiceStatusSources = MessageKey("pluralServiceStatusSources",
        en: "odpt service_status sources",
        ja: "odpt の service_status ソース")
    static let nounKeyValue = MessageKey("nounKeyValue",
        en: "{key}",
        ja: "{key} の値")
    static let nounTrainsEntry = MessageKey("nounTrainsEntry",
        en: "trains",
        ja: "trains の項目")
}
