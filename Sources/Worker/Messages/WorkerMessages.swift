import Messages

// What Worker says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Health, history and status

    static let healthSubjectBoard = MessageKey("healthSubjectBoard",
        en: "board {board}",
        ja: "ボード {board}")
    static let healthSubjectSource = MessageKey("healthSubjectSource",
        en: "source {source}",
        ja: "ソース {source}")
    static let healthSubjectFeed = MessageKey("healthSubjectFeed",
        en: "feed {feed}",
        ja: "フィード {feed}")
    static let healthSubjectChannel = MessageKey("healthSubjectChannel",
        en: "channel {channel}",
        ja: "チャンネル {channel}")
    static let healthSubjectState = MessageKey("healthSubjectState",
        en: "the worker's state",
        ja: "ワーカーの状態")
    static let healthSubjectWorker = MessageKey("healthSubjectWorker",
        en: "the worker",
        ja: "ワーカー")
    static let healthSubjectWorkerID = MessageKey("healthSubjectWorkerID",
        en: "worker {worker}",
        ja: "ワーカー {worker}")
    static let healthSubjectPartitions = MessageKey("healthSubjectPartitions",
        en: "the rules' partitions",
        ja: "ルールのパーティション")
    static let healthProblemLine = MessageKey("healthProblemLine",
        en: "{subject}: {detail} (since {since})",
        ja: "{subject}：{detail}（{since} から）")
    static let healthFailedSource = MessageKey("healthFailedSource",
        en: "{source}: {why}",
        ja: "ソース {source}: {why}")
    static let healthDetailBoard = MessageKey("healthDetailBoard",
        en: "no source could be loaded ({failures}); its rules cannot fire",
        ja: "読み込めるソースがありません（{failures}）。このボードのルールは通知できません")
    static let healthDetailUnknown = MessageKey("healthDetailUnknown",
        en: "departures from {date} on are unknown ({causes}); {count|rule|rules} {rules} cannot notify them",
        ja: "{date} 以降の発車が分かりません（{causes}）。{count} 件のルール（{rules}）はそれらを通知できません")
    static let healthDetailSourceNever = MessageKey("healthDetailSourceNever",
        en: "never fetched successfully; last error: {error}",
        ja: "一度も取得に成功していません。最後のエラー: {error}")
    static let healthDetailSourceFailing = MessageKey("healthDetailSourceFailing",
        en: "no good fetch for {age}; last error: {error}",
        ja: "{age}のあいだ取得に成功していません。最後のエラー: {error}")
    static let healthDetailSourceOverdue = MessageKey("healthDetailSourceOverdue",
        en: "not refreshed for {age} (its refresh was due at {due})",
        ja: "{age}のあいだ更新されていません（予定: {due}）")
    static let healthDetailChannel = MessageKey("healthDetailChannel",
        en: "{count} failed {count|attempt|attempts} in a row; last error: {error}",
        ja: "{count} 回続けて送信に失敗しました。最後のエラー: {error}")
    static let healthDetailSecret = MessageKey("healthDetailSecret",
        en: "its secret {secret} is missing; its notifications are held",
        ja: "シークレット {secret} が見つかりません。このチャンネルの通知は保留されています")
    static let healthDetailNoSessionBus = MessageKey("healthDetailNoSessionBus",
        en: "no D-Bus session bus for its desktop notifications; they are held",
        ja: "デスクトップ通知に使う D-Bus のセッションバスがありません。このチャンネルの通知は保留されています")
    static let healthDetailNoNotifySend = MessageKey("healthDetailNoNotifySend",
        en: "notify-send is not installed; its notifications are held",
        ja: "notify-send がインストールされていません。このチャンネルの通知は保留されています")
    static let healthDetailCommit = MessageKey("healthDetailCommit",
        en: "the worker could not commit it: {error}",
        ja: "ワーカーが書き込めません: {error}")
    static let healthTitleProblem = MessageKey("healthTitleProblem",
        en: "leavenow problem: {subject}",
        ja: "leavenow の問題: {subject}")
    static let healthTitleResolved = MessageKey("healthTitleResolved",
        en: "leavenow resolved: {subject}",
        ja: "leavenow 復旧: {subject}")
    static let healthResolvedText = MessageKey("healthResolvedText",
        en: "{subject} is fine again (the problem lasted from {since} to {until})",
        ja: "{subject} は正常に戻りました（問題の期間: {since} から {until} まで）")
    static let healthDetailLeaseExpired = MessageKey("healthDetailLeaseExpired",
        en: "its heartbeat stopped at {heartbeat} (pid {pid} on {host}), its lease expired, and no live worker has taken over its {count} {count|partition|partitions}: {rules} {rules|rule is|rules are} not evaluated",
        ja: "{heartbeat} からハートビートがなく（{host} の pid {pid}）、リースが切れましたが、その {count} 個のパーティションを引き継いだ稼働中のワーカーがいません。{rules} 件のルールが評価されていません")
    static let healthDetailPartitionsUnheld = MessageKey("healthDetailPartitionsUnheld",
        en: "{count} {count|partition has|partitions have} no live worker ({list}): {rules} {rules|rule is|rules are} not evaluated",
        ja: "{count} 個のパーティション（{list}）を持つ稼働中のワーカーがいません。{rules} 件のルールが評価されていません")
    static let healthProblemLineUndated = MessageKey("healthProblemLineUndated",
        en: "{subject}: {detail}",
        ja: "{subject}：{detail}")

    // MARK: sources and fetch

    public static let ageSeconds = MessageKey("ageSeconds",
        en: "{seconds} s",
        ja: "{seconds}秒")
    public static let ageMinutes = MessageKey("ageMinutes",
        en: "{minutes} min",
        ja: "{minutes}分")
    public static let ageHours = MessageKey("ageHours",
        en: "{hours} h",
        ja: "{hours}時間")
    public static let ageHoursMinutes = MessageKey("ageHoursMinutes",
        en: "{hours} h {minutes} min",
        ja: "{hours}時間{minutes}分")
    static let ageDays = MessageKey("ageDays",
        en: "{days} d",
        ja: "{days}日")
    static let ageDaysHours = MessageKey("ageDaysHours",
        en: "{days} d {hours} h",
        ja: "{days}日{hours}時間")
}
