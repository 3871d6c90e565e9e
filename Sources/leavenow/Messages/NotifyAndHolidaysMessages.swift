import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: notify and holidays

    static let notifyNoChannel = MessageKey("notifyNoChannel",
        en: "no channel {channel} in {directory}{hint}",
        ja: "{directory} にチャンネル {channel} はありません{hint}")
    static let notifyDefinesNoChannels = MessageKey("notifyDefinesNoChannels",
        en: " (it defines no channels)",
        ja: "（チャンネルが 1 つも定義されていません）")
    static let notifyKnownChannels = MessageKey("notifyKnownChannels",
        en: " ({suggestion}channels: {list})",
        ja: "（{suggestion}定義済みのチャンネル: {list}）")
    static let notifyBadUrgency = MessageKey("notifyBadUrgency",
        en: "--urgency: {value} is not one of low, normal, critical",
        ja: "--urgency: {value} は low、normal、critical のいずれでもありません")
    static let holidaysBadYear = MessageKey("holidaysBadYear",
        en: "--year must be a year from 1955 on (the holiday law's first full year), got {value}",
        ja: "--year には 1955 年以降の年を指定してください（祝日法が通年で施行された最初の年です。指定値: {value}）")
    static let holidaysFromAfterTo = MessageKey("holidaysFromAfterTo",
        en: "--from {from} is after --to {to}",
        ja: "--from {from} が --to {to} より後になっています")
    static let holidaysNeedsRange = MessageKey("holidaysNeedsRange",
        en: "give --year Y, or --from DATE and --to DATE",
        ja: "--year Y か、--from DATE と --to DATE を指定してください")
    static let holidaysNone = MessageKey("holidaysNone",
        en: "No holidays from {from} to {to}.",
        ja: "{from}〜{to} に祝日はありません。")
    static let holidaysBadDate = MessageKey("holidaysBadDate",
        en: "{option} must be a date YYYY-MM-DD from 1955 on, got {value}",
        ja: "{option} には 1955 年以降の日付を YYYY-MM-DD で指定してください（指定値: {value}）")
    static let weekdaySun = MessageKey("weekdaySun",
        en: "Sun",
        ja: "日")
    static let weekdayMon = MessageKey("weekdayMon",
        en: "Mon",
        ja: "月")
    static let weekdayTue = MessageKey("weekdayTue",
        en: "Tue",
        ja: "火")
    static let weekdayWed = MessageKey("weekdayWed",
        en: "Wed",
        ja: "水")
    static let weekdayThu = MessageKey("weekdayThu",
        en: "Thu",
        ja: "木")
    static let weekdayFri = MessageKey("weekdayFri",
        en: "Fri",
        ja: "金")
    static let weekdaySat = MessageKey("weekdaySat",
        en: "Sat",
        ja: "土")
}
