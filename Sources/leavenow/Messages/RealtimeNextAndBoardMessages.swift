import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Realtime in next and board

    static let realtimeLive = MessageKey("realtimeLive",
        en: "realtime {age} old",
        ja: "リアルタイム ({age}前)")
    static let realtimeTimetable = MessageKey("realtimeTimetable",
        en: "timetable: {reason}",
        ja: "時刻表: {reason}")
    static let realtimeSourceTimetable = MessageKey("realtimeSourceTimetable",
        en: "timetable for {source}: {reason}",
        ja: "時刻表 ({source}): {reason}")
    static let realtimeStale = MessageKey("realtimeStale",
        en: "realtime {age} old (max {max})",
        ja: "リアルタイムが古いため使いません ({age}前、上限 {max})")
    static let realtimeMissing = MessageKey("realtimeMissing",
        en: "no realtime yet",
        ja: "リアルタイムはまだありません")
    static let realtimeSuspended = MessageKey("realtimeSuspended",
        en: "suspended: {summary}",
        ja: "運休情報: {summary}")
    static let realtimeOnTime = MessageKey("realtimeOnTime",
        en: "{time} (on time)",
        ja: "{time} (定刻)")
    static let realtimeTimetableTime = MessageKey("realtimeTimetableTime",
        en: "{time} (timetable)",
        ja: "{time} (時刻表)")
    static let realtimeDelayed = MessageKey("realtimeDelayed",
        en: "{time} → {predicted} ({delay})",
        ja: "{time} → {predicted} ({delay}分)")
    static let realtimeDuplicated = MessageKey("realtimeDuplicated",
        en: " · duplicated trip",
        ja: "・増発")
    static let realtimeAdded = MessageKey("realtimeAdded",
        en: " · added trip",
        ja: "・臨時")
    static let realtimeCanceled = MessageKey("realtimeCanceled",
        en: "canceled",
        ja: "運休")
    static let durationMinutesSeconds = MessageKey("durationMinutesSeconds",
        en: "{minutes} min {seconds} s",
        ja: "{minutes}分{seconds}秒")
}
