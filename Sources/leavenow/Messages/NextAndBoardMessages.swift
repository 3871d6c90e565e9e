import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: next and board

    static let nextHeader = MessageKey("nextHeader",
        en: "{title} — {weekday} {date} {time} ({zone}){holiday}",
        ja: "{title} — {date}（{weekday}）{time}（{zone}）{holiday}")
    static let nextHolidaySchedule = MessageKey("nextHolidaySchedule",
        en: "holiday schedule",
        ja: "休日ダイヤ")
    static let nextNoDepartures = MessageKey("nextNoDepartures",
        en: "No departures in the next {days} days.",
        ja: "今後{days}日間に出発する便はありません。")
    static let nextUnknownFrom = MessageKey("nextUnknownFrom",
        en: "Departures from {day} on are unknown: {causes}.",
        ja: "{day}以降の発車は分かりません: {causes}。")
    static let nextUnknownNow = MessageKey("nextUnknownNow",
        en: "Departures are unknown: {causes}.",
        ja: "発車時刻が分かりません: {causes}。")
    static let nextLastHasLeft = MessageKey("nextLastHasLeft",
        en: "The last {vehicle} has left; next: {when} from {place}.",
        ja: "本日の最終{vehicle}は出発しました。次は{when} {place}です。")
    static let nextFirstIs = MessageKey("nextFirstIs",
        en: "The first {vehicle} is at {when} from {place}.",
        ja: "始発の{vehicle}は{when} {place}です。")
    static let nextBus = MessageKey("nextBus",
        en: "bus",
        ja: "バス")
    static let nextTrain = MessageKey("nextTrain",
        en: "train",
        ja: "電車")
    static let nextDeparture = MessageKey("nextDeparture",
        en: "departure",
        ja: "便")
    static let nextLine = MessageKey("nextLine",
        en: "{when} from {place} to {destination}{last}{mark} — {action}",
        ja: "{when} {place} {destination}行{last}{mark} — {action}")
    static let nextLastMark = MessageKey("nextLastMark",
        en: " · last",
        ja: "・最終")
    static let nextTomorrow = MessageKey("nextTomorrow",
        en: "tomorrow ",
        ja: "明日 ")
    static let nextOtherDay = MessageKey("nextOtherDay",
        en: "{weekday} {day} {month} ",
        ja: "{month}{day}日({weekday}) ")
    static let monthJan = MessageKey("monthJan",
        en: "Jan",
        ja: "1月")
    static let monthFeb = MessageKey("monthFeb",
        en: "Feb",
        ja: "2月")
    static let monthMar = MessageKey("monthMar",
        en: "Mar",
        ja: "3月")
    static let monthApr = MessageKey("monthApr",
        en: "Apr",
        ja: "4月")
    static let monthMay = MessageKey("monthMay",
        en: "May",
        ja: "5月")
    static let monthJun = MessageKey("monthJun",
        en: "Jun",
        ja: "6月")
    static let monthJul = MessageKey("monthJul",
        en: "Jul",
        ja: "7月")
    static let monthAug = MessageKey("monthAug",
        en: "Aug",
        ja: "8月")
    static let monthSep = MessageKey("monthSep",
        en: "Sep",
        ja: "9月")
    static let monthOct = MessageKey("monthOct",
        en: "Oct",
        ja: "10月")
    static let monthNov = MessageKey("monthNov",
        en: "Nov",
        ja: "11月")
    static let monthDec = MessageKey("monthDec",
        en: "Dec",
        ja: "12月")
    static let nextLeaveAt = MessageKey("nextLeaveAt",
        en: "leave at {time}",
        ja: "{time}に出発")
    static let nextAction = MessageKey("nextAction",
        en: "{departure}, {leave}",
        ja: "{departure}、{leave}")
    static let nextDepartsIn = MessageKey("nextDepartsIn",
        en: "in {duration}",
        ja: "{duration}後に発車")
    static let nextDepartingNow = MessageKey("nextDepartingNow",
        en: "departing now",
        ja: "まもなく発車")
    static let nextLeaveNow = MessageKey("nextLeaveNow",
        en: "leave now",
        ja: "今すぐ出発")
    static let nextLeaveIn = MessageKey("nextLeaveIn",
        en: "leave in {duration}",
        ja: "あと{duration}で出発")
    static let nextOutOfReach = MessageKey("nextOutOfReach",
        en: "too late to walk there ({walk} min walk)",
        ja: "徒歩{walk}分のため間に合いません")
    static let boardTimetables = MessageKey("boardTimetables",
        en: "timetable: {list}",
        ja: "時刻表: {list}")
    static let boardNoDepartures = MessageKey("boardNoDepartures",
        en: "No departures on this service day.",
        ja: "この日の運行はありません。")
    static let boardSkippedTime = MessageKey("boardSkippedTime",
        en: "{from} does not exist on the wall clock that day (clocks go forward): departs at {to}",
        ja: "{from} は夏時間の切り替えで存在しない時刻のため {to} 発")
    static let boardLastLegend = MessageKey("boardLastLegend",
        en: "* last departure toward its destination",
        ja: "* その行先への最終便")
    static let boardBadDate = MessageKey("boardBadDate",
        en: "--date must be YYYY-MM-DD, got {value}",
        ja: "--date は YYYY-MM-DD の形で指定してください（指定値: {value}）")
    static let boardIncomplete = MessageKey("boardIncomplete",
        en: "incomplete: {source} could not be loaded: {message}",
        ja: "不完全: {source} を読み込めませんでした: {message}")
    static let boardServiceLine = MessageKey("boardServiceLine",
        en: "{message} ({source}).",
        ja: "{message}（{source}）。")
    static let boardUnknownDate = MessageKey("boardUnknownDate",
        en: "This service day is unknown: {causes}.",
        ja: "この日の運行は分かりません: {causes}。")
    static let dayTypeWeekday = MessageKey("dayTypeWeekday",
        en: "weekday",
        ja: "平日")
    static let dayTypeSaturday = MessageKey("dayTypeSaturday",
        en: "saturday",
        ja: "土曜")
    static let dayTypeSunday = MessageKey("dayTypeSunday",
        en: "sunday",
        ja: "日曜")
    static let dayTypeHoliday = MessageKey("dayTypeHoliday",
        en: "holiday",
        ja: "休日")
}
