import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Shared pieces

    static let warningLine = MessageKey("warningLine",
        en: "warning: {message}",
        ja: "警告: {message}")

    // MARK: Loading a configuration or a board (every command)

    static let cliNoRulesDirectory = MessageKey("cliNoRulesDirectory",
        en: "no rules directory {directory}: give --rules DIR, or put the configuration in $XDG_CONFIG_HOME/leavenow/rules or ./rules",
        ja: "ルールのディレクトリ {directory} がありません: --rules DIR を指定するか、設定を $XDG_CONFIG_HOME/leavenow/rules か ./rules に置いてください")
    static let cliDirectoryHasProblems = MessageKey("cliDirectoryHasProblems",
        en: "{directory} has problems:",
        ja: "{directory} に問題があります:")
    static let cliNoBoard = MessageKey("cliNoBoard",
        en: "no board {board} in {directory} ({suggestion}boards: {list})",
        ja: "{directory} にボード {board} はありません（{suggestion}定義済みのボード: {list}）")
    static let cliNoBoards = MessageKey("cliNoBoards",
        en: "no board {board} in {directory} (it defines no boards)",
        ja: "{directory} にボード {board} はありません（ボードが 1 つも定義されていません）")
    static let cliBoardUnloadable = MessageKey("cliBoardUnloadable",
        en: "board {board} has no source that could be loaded:",
        ja: "ボード {board} には読み込めるソースがありません:")
    static let cliNotATime = MessageKey("cliNotATime",
        en: "{option}: {value} is not a time (use 2024-12-22T10:32:00+09:00, 2024-12-22T10:32, 2024-12-22 or 10:32 for today)",
        ja: "{option}: {value} は時刻ではありません（2024-12-22T10:32:00+09:00、2024-12-22T10:32、2024-12-22、今日なら 10:32 の形で書いてください）")
    static let cliNoStateDirectory = MessageKey("cliNoStateDirectory",
        en: "no state directory: give --state PATH, or set XDG_STATE_HOME or HOME",
        ja: "状態のディレクトリがありません: --state PATH を指定するか、XDG_STATE_HOME か HOME を設定してください")

    // MARK: The state a command uses (--state, the state: section)

    static let stateBadOption = MessageKey("stateBadOption",
        en: "--state: {error}",
        ja: "--state が正しくありません: {error}")
    static let stateBadURL = MessageKey("stateBadURL",
        en: "{place}: state url: {error}",
        ja: "{place}: state の url が正しくありません: {error}")
    static let stateNoPassword = MessageKey("stateNoPassword",
        en: "{place}: no password for the PostgreSQL state {url}: {reasons} (state: password_env / password_file)",
        ja: "{place}: PostgreSQL の状態 {url} のパスワードがありません: {reasons}（state: の password_env / password_file）")
}
