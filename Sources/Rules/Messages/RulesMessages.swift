import Messages

// What Rules says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Things a configuration names

    public static let pluralRules = MessageKey("pluralRules",
        en: "rules",
        ja: "ルール")

    // MARK: Rule test files

    static let testFileWhat = MessageKey("testFileWhat",
        en: "rule test file",
        ja: "ルールのテストファイル")
    static let testCaseWhat = MessageKey("testCaseWhat",
        en: "test",
        ja: "テスト")
    static let testExpectationWhat = MessageKey("testExpectationWhat",
        en: "expected notification",
        ja: "期待する通知")
    static let testFileEmpty = MessageKey("testFileEmpty",
        en: "the file is empty: expected tests:",
        ja: "ファイルが空です: tests: が必要です")
    static let testUnknownReference = MessageKey("testUnknownReference",
        en: "unknown {kind} {name} ({hint})",
        ja: "{kind} {name} は定義されていません（{hint}）")
    static let testTimeFormat = MessageKey("testTimeFormat",
        en: "{key} must be a time like 2024-12-22T10:19 or 2024-12-22T10:19:00+09:00, found {value}",
        ja: "{key} は 2024-12-22T10:19 や 2024-12-22T10:19:00+09:00 のような時刻でなければなりません（{value} でした）")
    static let testNeedsTimes = MessageKey("testNeedsTimes",
        en: "a test needs at: T, or from: T1 and to: T2",
        ja: "テストには at: T か、from: T1 と to: T2 が必要です")
    static let testAtFormat = MessageKey("testAtFormat",
        en: "at must be a time like 2024-12-22T10:19, found {value}",
        ja: "at は 2024-12-22T10:19 のような時刻でなければなりません（{value} でした）")
    static let testToBeforeFrom = MessageKey("testToBeforeFrom",
        en: "to is before from",
        ja: "to が from より前です")
    static let pluralSources = MessageKey("pluralSources",
        en: "sources",
        ja: "ソース")

    // MARK: explain's reasons (the rule engine's trace) and dry-run

    static let explainNoMatchWithin = MessageKey("explainNoMatchWithin",
        en: "no departure of board {board} within {hours} h matches the rule's filters",
        ja: "ボード {board} には {hours} 時間以内にルールの条件に合う発車がありません")
    static let explainNoForecastNoRain = MessageKey("explainNoForecastNoRain",
        en: "no forecast from weather source {source} yet: no rain adjustment",
        ja: "天気ソース {source} の予報がまだありません: 雨の補正はしません")
    static let explainHeldSuspended = MessageKey("explainHeldSuspended",
        en: "departure {time} {line}: held, the line is suspended ({mention}) and the rule says when_suspended: hold",
        ja: "発車 {time} {line}: 保留。路線が運転見合わせ中（{mention}）で、ルールは when_suspended: hold です")
    static let explainHeldAlert = MessageKey("explainHeldAlert",
        en: "departure {time} {line}: held, an alert of {source} says no service ({header}) and the rule says when_suspended: hold",
        ja: "発車 {time} {line}: 保留。{source} の警報が運休を伝えていて（{header}）、ルールは when_suspended: hold です")
    static let explainServiceStatusMention = MessageKey("explainServiceStatusMention",
        en: "  service status: {mention}",
        ja: "  運行情報: {mention}")
    static let explainHeadsUpSkipped = MessageKey("explainHeadsUpSkipped",
        en: "  heads-up {minutes} min skipped: a later notification for the same departure is due",
        ja: "  {minutes} 分前の予告は省略: 同じ発車のより後の通知が送られます")
    static let explainDeparture = MessageKey("explainDeparture",
        en: "departure {time} {line} from {stop}: leave at {leave}{delay}{rain}{due}",
        ja: "発車 {time} {line}（{stop} から）: 出発 {leave}{delay}{rain}{due}")
    static let explainDepartureDelay = MessageKey("explainDepartureDelay",
        en: " ({delay})",
        ja: "（{delay}）")
    static let explainDepartureRain = MessageKey("explainDepartureRain",
        en: " (rain expected: +{minutes} min walk)",
        ja: "（雨の予報: 徒歩 +{minutes} 分）")
    static let explainDepartureDue = MessageKey("explainDepartureDue",
        en: "; due now: {list}",
        ja: "。今送る通知: {list}")
    static let explainDueLeaveNow = MessageKey("explainDueLeaveNow",
        en: "leave-now",
        ja: "出発の通知")
    static let explainDueHeadsUp = MessageKey("explainDueHeadsUp",
        en: "heads-up {minutes} min",
        ja: "{minutes} 分前の予告")
    static let explainOnTime = MessageKey("explainOnTime",
        en: "on time",
        ja: "定刻")
    static let explainLate = MessageKey("explainLate",
        en: "{minutes} min late, leaves {time}",
        ja: "{minutes}分遅れ、{time}発")
    static let explainEarly = MessageKey("explainEarly",
        en: "{minutes} min early, leaves {time}",
        ja: "{minutes}分早く、{time}発")
    static let explainNothingToSend = MessageKey("explainNothingToSend",
        en: "nothing to send at this time",
        ja: "この時点で送るものはありません")
    static let explainBoardNotLoaded = MessageKey("explainBoardNotLoaded",
        en: "board {board} is not loaded",
        ja: "ボード {board} は読み込まれていません")
    static let explainPlanWakes = MessageKey("explainPlanWakes",
        en: "{plan}; the rule wakes at {time}",
        ja: "{plan}。ルールは {time} に起きます")
    static let explainPlanLooksAgain = MessageKey("explainPlanLooksAgain",
        en: "{plan}; the rule looks again at {time}",
        ja: "{plan}。ルールは {time} にもう一度見ます")
    static let explainDroppedExpired = MessageKey("explainDroppedExpired",
        en: "dropped {key}: expired at {time}",
        ja: "{key} を破棄: {time} に期限切れ")
    static let explainDroppedWeekday = MessageKey("explainDroppedWeekday",
        en: "dropped {key}: the rule is not active on this weekday",
        ja: "{key} を破棄: ルールはこの曜日には動きません")
    static let explainDroppedHours = MessageKey("explainDroppedHours",
        en: "dropped {key}: outside the active hours {hours}",
        ja: "{key} を破棄: 有効な時間帯 {hours} の外です")
    static let explainDroppedQuiet = MessageKey("explainDroppedQuiet",
        en: "dropped {key}: quiet hours {quiet}, and it expires before they end",
        ja: "{key} を破棄: おやすみ時間 {quiet} 中で、終わる前に期限が切れます")
    static let explainHeldQuiet = MessageKey("explainHeldQuiet",
        en: "held {key} until the quiet hours {quiet} end at {time}",
        ja: "{key} をおやすみ時間 {quiet} が終わる {time} まで保留")
    static let explainDroppedCooldown = MessageKey("explainDroppedCooldown",
        en: "dropped {key}: cooldown {minutes} min since the last one at {time}",
        ja: "{key} を破棄: 前回（{time}）から {minutes} 分のクールダウン中")
    static let explainDroppedMaxPerDay = MessageKey("explainDroppedMaxPerDay",
        en: "dropped {key}: already {count} today (max_per_day {limit})",
        ja: "{key} を破棄: 今日はすでに {count} 件（max_per_day {limit}）")
    static let explainSend = MessageKey("explainSend",
        en: "send {key} → {channels}: {text}",
        ja: "送信 {key} → {channels}: {text}")
    static let explainNoForecast = MessageKey("explainNoForecast",
        en: "no forecast from weather source {source} yet",
        ja: "天気ソース {source} の予報がまだありません")
    static let explainForecastFetched = MessageKey("explainForecastFetched",
        en: "forecast fetched at {time} ({age} min old): {minutely} minutely, {hourly} hourly points, {alerts} alerts",
        ja: "{time} に取得した予報（{age} 分前）: 分ごと {minutely} 点、1 時間ごと {hourly} 点、警報 {alerts} 件")
    static let explainForecastTooOld = MessageKey("explainForecastTooOld",
        en: "the forecast is older than max_age {minutes} min: not used (nothing fires until a newer one)",
        ja: "予報が max_age {minutes} 分より古いため使いません（新しい予報が来るまで何も通知しません）")
    static let explainInRainEpisode = MessageKey("explainInRainEpisode",
        en: "in a rain episode (fires again only after a dry spell)",
        ja: "雨の期間中です（雨がやんだ後にだけ再び通知します）")
    static let explainNoRainExpected = MessageKey("explainNoRainExpected",
        en: "no rain of ≥ {threshold} mm/h expected within {minutes} min",
        ja: "{minutes} 分以内に {threshold} mm/h 以上の雨の予報はありません")
    static let explainProbability = MessageKey("explainProbability",
        en: "probability ≥ {percent}% within {hours} h: {answer}",
        ja: "{hours} 時間以内の降水確率 {percent}% 以上: {answer}")
    static let explainPressureDrop = MessageKey("explainPressureDrop",
        en: "pressure drop ≥ {hpa} hPa within {hours} h: {answer}",
        ja: "{hours} 時間以内の気圧低下 {hpa} hPa 以上: {answer}")
    static let explainTemperatureDrop = MessageKey("explainTemperatureDrop",
        en: "temperature ≥ {degrees} °C below the same hour yesterday: {answer}",
        ja: "前日の同じ時刻より {degrees} °C 以上低い気温: {answer}")
    static let explainYes = MessageKey("explainYes",
        en: "yes",
        ja: "はい")
    static let explainNo = MessageKey("explainNo",
        en: "no",
        ja: "いいえ")
    static let explainAlerts = MessageKey("explainAlerts",
        en: "{total} alerts in the forecast, {new} new",
        ja: "予報の警報 {total} 件、うち新しいもの {new} 件")
    static let explainFirstForecast = MessageKey("explainFirstForecast",
        en: "first forecast: recorded as the baseline",
        ja: "最初の予報: 基準として記録")
    static let explainComparedForecast = MessageKey("explainComparedForecast",
        en: "compared with the previous forecast: {change}",
        ja: "前回の予報との比較: {change}")
    static let explainNoChange = MessageKey("explainNoChange",
        en: "no change",
        ja: "変化なし")
    static let explainChanged = MessageKey("explainChanged",
        en: "changed",
        ja: "変化あり")
    static let explainWeatherFires = MessageKey("explainWeatherFires",
        en: "fires: {text}",
        ja: "通知: {text}")
    static let explainNoFeedSnapshot = MessageKey("explainNoFeedSnapshot",
        en: "no snapshot of feed {feed} yet",
        ja: "フィード {feed} のスナップショットがまだありません")
    static let explainFeedNotRefetched = MessageKey("explainFeedNotRefetched",
        en: "feed {feed} has not been fetched again since it was last looked at",
        ja: "フィード {feed} は前回見てから取得し直されていません")
    static let explainFeedFirstSnapshot = MessageKey("explainFeedFirstSnapshot",
        en: "first snapshot of {feed}: {count} entries recorded as seen, nothing sent (first_run: silent)",
        ja: "{feed} の最初のスナップショット: {count} 件の記事を既読として記録し、何も送りません（first_run: silent）")
    static let explainFeedNewEntries = MessageKey("explainFeedNewEntries",
        en: "{new} new entries, {wanted} pass the filters",
        ja: "新しい記事 {new} 件、うち条件に合うもの {wanted} 件")
    static let explainCanceledNoticeDue = MessageKey("explainCanceledNoticeDue",
        en: "departure {time} {line}: canceled (realtime); the notice is due at {at}",
        ja: "発車 {time} {line}: 運休（リアルタイム）。お知らせは {at} に送ります")
    static let explainCanceledAlreadySaid = MessageKey("explainCanceledAlreadySaid",
        en: "departure {time} {line}: canceled (realtime), already said",
        ja: "発車 {time} {line}: 運休（リアルタイム）、お知らせ済み")
    static let explainCanceledNext = MessageKey("explainCanceledNext",
        en: "departure {time} {line}: canceled (realtime); next serving departure {next}, leave at {leave}",
        ja: "発車 {time} {line}: 運休（リアルタイム）。次に使える発車 {next}、出発 {leave}")
    static let explainCanceledNoNext = MessageKey("explainCanceledNoNext",
        en: "departure {time} {line}: canceled (realtime); no later departure serves the rule within {hours} h",
        ja: "発車 {time} {line}: 運休（リアルタイム）。{hours} 時間以内にルールに合う後続の発車はありません")
    static let explainMovedTooLittle = MessageKey("explainMovedTooLittle",
        en: "  leave time moved {seconds} s since {told} was told: less than moved_by {minutes} min, no update",
        ja: "  出発時刻が知らせた {told} から {seconds} 秒ずれました: moved_by {minutes} 分未満のため更新しません")
    static let explainMovedTooOften = MessageKey("explainMovedTooOften",
        en: "  leave time moved to {leave}, but {updates} updates were sent already (at most {maximum})",
        ja: "  出発時刻が {leave} に変わりましたが、更新はすでに {updates} 回送っています（最大 {maximum} 回）")
    static let explainMovedUpdate = MessageKey("explainMovedUpdate",
        en: "  leave time moved from {told} to {leave}: update",
        ja: "  出発時刻が {told} から {leave} に変わりました: 更新を送ります")
    static let explainRealtimeLive = MessageKey("explainRealtimeLive",
        en: "realtime {source}: live, observed {age} s ago (max_age {maximum} s): predictions used",
        ja: "リアルタイム {source}: 有効、{age} 秒前の観測（max_age {maximum} 秒）: 予測を使います")
    static let explainRealtimeStale = MessageKey("explainRealtimeStale",
        en: "realtime {source}: stale, observed {age} s ago, older than max_age {maximum} s: not used, the timetable applies",
        ja: "リアルタイム {source}: 古い、{age} 秒前の観測で max_age {maximum} 秒より古い: 使わず、時刻表どおりです")
    static let explainRealtimeMissing = MessageKey("explainRealtimeMissing",
        en: "realtime {source}: nothing fetched yet: the timetable applies",
        ja: "リアルタイム {source}: まだ何も取得していません: 時刻表どおりです")
    static let explainRealtimeNotConfigured = MessageKey("explainRealtimeNotConfigured",
        en: "realtime {source}: not configured",
        ja: "リアルタイム {source}: 設定されていません")
    static let explainStatusNoSnapshotForBoard = MessageKey("explainStatusNoSnapshotForBoard",
        en: "no snapshot of service status {source} yet: departures carry no status",
        ja: "運行情報 {source} のスナップショットがまだありません: 発車に運行情報は付きません")
    static let explainStatusStaleForBoard = MessageKey("explainStatusStaleForBoard",
        en: "service status {source} is {age} min old (older than {maximum} min): stale, not mentioned",
        ja: "運行情報 {source} は {age} 分前のもの（{maximum} 分より古い）: 古いため触れません")
    static let explainBoardHasNoStatus = MessageKey("explainBoardHasNoStatus",
        en: "board {board} has no status: nothing to watch",
        ja: "ボード {board} には運行情報がありません: 見るものがありません")
    static let explainNoStatusSnapshot = MessageKey("explainNoStatusSnapshot",
        en: "no snapshot of service status {source} yet",
        ja: "運行情報 {source} のスナップショットがまだありません")
    static let explainStatusFetched = MessageKey("explainStatusFetched",
        en: "service status {source} fetched at {time} ({age} min old): {count} railways",
        ja: "運行情報 {source} は {time} に取得（{age} 分前）: 路線 {count} 件")
    static let explainStatusTooOld = MessageKey("explainStatusTooOld",
        en: "the snapshot is older than max_age {minutes} min: stale, not used (nothing fires until a newer one)",
        ja: "スナップショットが max_age {minutes} 分より古いため使いません（新しいものが来るまで何も通知しません）")
    static let explainLineFires = MessageKey("explainLineFires",
        en: "{title}: {condition} (since {time}): fires",
        ja: "{title}: {condition}（{time} から）: 通知します")
    static let explainLineAlreadyNotified = MessageKey("explainLineAlreadyNotified",
        en: "{title}: {condition}: already notified ({key})",
        ja: "{title}: {condition}: 通知済み（{key}）")
    static let explainLineCondition = MessageKey("explainLineCondition",
        en: "{title}: {condition}{episode}{notified}",
        ja: "{title}：{condition}{episode}{notified}")
    static let explainNewEpisode = MessageKey("explainNewEpisode",
        en: ", a new episode",
        ja: "、新しい事象")
    static let explainEpisodeSince = MessageKey("explainEpisodeSince",
        en: ", episode since {time}",
        ja: "、{time} からの事象")
    static let explainAlreadyNotified = MessageKey("explainAlreadyNotified",
        en: ", already notified",
        ja: "、通知済み")
    static let explainNotInWhen = MessageKey("explainNotInWhen",
        en: " (not in when: {list})",
        ja: "（when に含まれません: {list}）")
    static let explainRecoveryFires = MessageKey("explainRecoveryFires",
        en: "{title}: back to normal: recovery fires",
        ja: "{title}: 平常に戻りました: 回復を通知します")
    static let explainEpisodeEnded = MessageKey("explainEpisodeEnded",
        en: "{title}: back to normal (episode since {time} ended)",
        ja: "{title}: 平常に戻りました（{time} からの事象は終わりました）")
    static let explainLineNormal = MessageKey("explainLineNormal",
        en: "{title}: normal",
        ja: "{title}: 平常")
    static let explainStatusBoardNotLoaded = MessageKey("explainStatusBoardNotLoaded",
        en: "board {board} is not loaded: its lines are unknown",
        ja: "ボード {board} は読み込まれていません: 路線がわかりません")
    static let explainLineNotInStatus = MessageKey("explainLineNotInStatus",
        en: "line {line} is not in service status {source} (railways: {list})",
        ja: "路線 {line} は運行情報 {source} にありません（路線: {list}）")
    static let explainPlanFound = MessageKey("explainPlanFound",
        en: "the next departure that matches is {time} {line} from {stop}",
        ja: "条件に合う次の発車は {time} {line}（{stop} から）です")
    static let explainPlanEnded = MessageKey("explainPlanEnded",
        en: "the service of board {board} ended on {date} (the last date any of its sources runs): the rule cannot fire again until its timetable changes",
        ja: "ボード {board} の運行は {date} に終わりました（どれかのソースが運行する最後の日）: 時刻表が変わるまでこのルールは通知できません")
    static let explainPlanNothing = MessageKey("explainPlanNothing",
        en: "no departure of board {board} matches the rule's filters through {date}{reason}",
        ja: "{date} までボード {board} にルールの条件に合う発車がありません{reason}")
    static let explainPlanUnknown = MessageKey("explainPlanUnknown",
        en: "departures of board {board} from {date} on are unknown ({causes}): the rule cannot fire for them until their timetable is known",
        ja: "ボード {board} の {date} 以降の発車は分かりません（{causes}）。時刻表が分かるまで、このルールはそれらの発車を通知できません")
    static let explainPlanReason = MessageKey("explainPlanReason",
        en: ": {reason}",
        ja: "：{reason}")
    static let explainMissingLabels = MessageKey("explainMissingLabels",
        en: "`{key}: [{missing}]` names no {noun} of this board (it has: {known})",
        ja: "`{key}: [{missing}]` はこのボードのどの{noun}にも当たりません（あるもの: {known}）")
    static let explainNounLine = MessageKey("explainNounLine",
        en: "line",
        ja: "路線")
    static let explainNounStop = MessageKey("explainNounStop",
        en: "stop",
        ja: "のりば")
    static let explainNounDestination = MessageKey("explainNounDestination",
        en: "destination",
        ja: "行き先")
    static let dryRunNoFixtures = MessageKey("dryRunNoFixtures",
        en: "{path}: no such fixtures directory",
        ja: "{path}: fixtures ディレクトリがありません")
}
