import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: run and state migrate

    static let runBadSpeed = MessageKey("runBadSpeed",
        en: "--speed: {value} is not a speed between 0 and 100000",
        ja: "--speed: {value} は 0〜100000 の速さではありません")
    static let runBadAnchor = MessageKey("runBadAnchor",
        en: "--simulate-anchor: {value} is not a real time (seconds since the epoch, or 2024-12-22T10:32:00+09:00)",
        ja: "--simulate-anchor: {value} は実時刻ではありません（エポック秒か 2024-12-22T10:32:00+09:00 の形）")
    static let runNeedsSimulateFrom = MessageKey("runNeedsSimulateFrom",
        en: "--speed and --simulate-anchor need --simulate-from TIME",
        ja: "--speed と --simulate-anchor には --simulate-from TIME が必要です")
    static let runOnceSourcesFailed = MessageKey("runOnceSourcesFailed",
        en: "run --once: {count} {count|source|sources} failed; the rules ran on the last good data:",
        ja: "run --once: {count} 件のソースの取得に失敗しました。ルールは最後に取得できたデータで評価しました:")
    static let stateUnknownAction = MessageKey("stateUnknownAction",
        en: "unknown state action {action} ({suggestion}the action is migrate)",
        ja: "不明な state の操作 {action} です（{suggestion}操作は migrate です）")
    static let stateNeedsFrom = MessageKey("stateNeedsFrom",
        en: "state migrate needs --from STATE.db",
        ja: "state migrate には --from STATE.db が必要です")
    static let stateNeedsTo = MessageKey("stateNeedsTo",
        en: "state migrate needs --to postgresql://…",
        ja: "state migrate には --to postgresql://… が必要です")
    static let stateFromNotFile = MessageKey("stateFromNotFile",
        en: "--from: give the SQLite state file to copy, not a PostgreSQL URL",
        ja: "--from: PostgreSQL の URL ではなく、コピーする SQLite の状態ファイルを指定してください")
    static let stateToNotURL = MessageKey("stateToNotURL",
        en: "--to: {value} is not a postgresql:// or postgres:// URL",
        ja: "--to: {value} は postgresql:// か postgres:// の URL ではありません")
    static let stateFromMissing = MessageKey("stateFromMissing",
        en: "--from: no state at {path}",
        ja: "--from: {path} に状態がありません")
    static let stateMigrateFailed = MessageKey("stateMigrateFailed",
        en: "state migrate: {error}",
        ja: "state migrate に失敗しました: {error}")
    static let stateCopied = MessageKey("stateCopied",
        en: "copied {from} to {to} in one transaction; rows per table (verified):",
        ja: "{from} を {to} に 1 つのトランザクションでコピーしました。テーブルごとの行数（検証済み）:")
    static let stateHeaderTable = MessageKey("stateHeaderTable",
        en: "TABLE",
        ja: "テーブル")
}
