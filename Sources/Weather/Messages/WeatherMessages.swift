import Messages

// What Weather says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Data errors: weather forecasts

    static let weatherTopLevel = MessageKey("weatherTopLevel",
        en: "(top level)",
        ja: "（最上位）")
    static let weatherQuotedBoolean = MessageKey("weatherQuotedBoolean",
        en: "boolean {value}",
        ja: "真偽値 {value}")
    static let weatherQuotedNumber = MessageKey("weatherQuotedNumber",
        en: "number {value}",
        ja: "数値 {value}")
    static let weatherQuotedString = MessageKey("weatherQuotedString",
        en: "string {value}",
        ja: "文字列 {value}")
    static let weatherQuotedArray = MessageKey("weatherQuotedArray",
        en: "an array of {count}",
        ja: "要素 {count} 個の配列")
    static let weatherEmpty = MessageKey("weatherEmpty",
        en: "the response is empty, expected JSON",
        ja: "応答が空です。JSON が必要です")
    static let weatherErrorPageHint = MessageKey("weatherErrorPageHint",
        en: "{message}; an error page or a wrong URL?",
        ja: "{message}（エラーページか、URL の誤り？）")
    static let weatherAtByte = MessageKey("weatherAtByte",
        en: "byte {offset}: {message}",
        ja: "{offset} バイト目: {message}")
    static let weatherExpectedObject = MessageKey("weatherExpectedObject",
        en: "expected an object, got {value}",
        ja: "オブジェクトのはずが {value} でした")
    static let weatherMissingValue = MessageKey("weatherMissingValue",
        en: "missing required value",
        ja: "必須の値がありません")
    static let weatherExpectedArray = MessageKey("weatherExpectedArray",
        en: "expected an array, got {value}",
        ja: "配列のはずが {value} でした")
    static let weatherExpectedNumber = MessageKey("weatherExpectedNumber",
        en: "expected a number, got {value}",
        ja: "数値のはずが {value} でした")
    static let weatherExpectedWholeNumber = MessageKey("weatherExpectedWholeNumber",
        en: "expected a whole number, got {value}",
        ja: "整数のはずが {value} でした")
    static let weatherExpectedString = MessageKey("weatherExpectedString",
        en: "expected a string, got {value}",
        ja: "文字列のはずが {value} でした")
    static let weatherExpectedNumberInString = MessageKey("weatherExpectedNumberInString",
        en: "expected a number in a string, got {value}",
        ja: "文字列で書かれた数値のはずが {value} でした")
    static let weatherExpectedISOTime = MessageKey("weatherExpectedISOTime",
        en: "expected an ISO 8601 time, got {value}",
        ja: "ISO 8601 の時刻のはずが {value} でした")
    static let weatherExpectedTime = MessageKey("weatherExpectedTime",
        en: "expected a time (number or ISO 8601 string), got {value}",
        ja: "時刻（数値か ISO 8601 の文字列）のはずが {value} でした")
    static let weatherUnixFraction = MessageKey("weatherUnixFraction",
        en: "expected whole Unix seconds, got {value} (a fraction)",
        ja: "Unix 時刻の整数秒のはずが {value} でした（小数）")
    static let weatherUnixRange = MessageKey("weatherUnixRange",
        en: "expected Unix seconds, got {value} (out of range)",
        ja: "Unix 時刻の秒数のはずが {value} でした（範囲外）")
    static let weatherImplausibleTemperature = MessageKey("weatherImplausibleTemperature",
        en: "temperature {value} is not plausible with units={units}{hint}; pass the units the request used",
        ja: "気温 {value} は units={units} ではありえません{hint}: リクエストで使った units を指定してください")
    static let weatherLooksLikeUnits = MessageKey("weatherLooksLikeUnits",
        en: " (it looks like units={units})",
        ja: "（units={units} のようです）")
    static let weatherExpectedProbability = MessageKey("weatherExpectedProbability",
        en: "expected a probability 0…1, got {value}",
        ja: "確率 0〜1 のはずが {value} でした")
    static let weatherNoReports = MessageKey("weatherNoReports",
        en: "expected an array of forecast reports, got an empty array",
        ja: "予報レポートの配列のはずが空の配列でした")
    static let weatherTooFewSeries = MessageKey("weatherTooFewSeries",
        en: "expected at least 2 timeSeries (weathers, pops), got {count}",
        ja: "timeSeries（weathers、pops）が 2 つ以上のはずが {count} つでした")
    static let weatherNoAreas = MessageKey("weatherNoAreas",
        en: "no areas",
        ja: "areas がありません")
    static let weatherNoArea = MessageKey("weatherNoArea",
        en: "no area {area}; the forecast has: {list}",
        ja: "地域 {area} がありません。予報にあるのは: {list}")
    static let weatherNoTemperatureStation = MessageKey("weatherNoTemperatureStation",
        en: "no temperature station {station}",
        ja: "気温の観測地点 {station} がありません")
    static let weatherOpenMeteoError = MessageKey("weatherOpenMeteoError",
        en: "Open-Meteo answered with an error: {reason}",
        ja: "Open-Meteo がエラーを返しました: {reason}")
    static let weatherColumnLength = MessageKey("weatherColumnLength",
        en: "has {count} values but {time} has {times}",
        ja: "値が {count} 個ありますが、{time} は {times} 個です")
}
