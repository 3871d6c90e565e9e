import Messages

// What Config says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Across files

    static let configSecondODPT = MessageKey("configSecondODPT",
        en: "a second odpt section (first defined at {place}); keep one",
        ja: "2 つ目の odpt セクションです（最初の定義: {place}）。1 つにまとめてください")
    static let configSecondState = MessageKey("configSecondState",
        en: "a second state section (first defined at {place}); keep one",
        ja: "2 つ目の state セクションです（最初の定義: {place}）。1 つにまとめてください")
    static let configUnknownReference = MessageKey("configUnknownReference",
        en: "unknown {target} {name} in rule {rule} ({hint})",
        ja: "ルール {rule} の{target} {name} は定義されていません（{hint}）")
    static let configUnknownBoardStatus = MessageKey("configUnknownBoardStatus",
        en: "unknown service status {name} in board {board} ({hint})",
        ja: "ボード {board} の運行情報ソース {name} は定義されていません（{hint}）")
    static let configODPTAPINeedsSection = MessageKey("configODPTAPINeedsSection",
        en: "board {board}: an ODPT API source needs an odpt: section with key_env or key_file (the ODPT consumer key) in one of the rules files",
        ja: "ボード {board}: ODPT API のソースには、ルールファイルのどれかに key_env か key_file（ODPT のコンシューマーキー）のある odpt: セクションが必要です")
    static let configRuleBoardNoStatus = MessageKey("configRuleBoardNoStatus",
        en: "rule {rule} watches board {board}, which has no status: give the rule status: ({hint}) or the board status:",
        ja: "ルール {rule} が見るボード {board} には status: がありません: ルールに status:（{hint}）を書くか、ボードに status: を書いてください")
    static let quotaSummary = MessageKey("quotaSummary",
        en: "{provider} {requests} (free tier {free})",
        ja: "{provider} {requests}（無料枠 {free}）")
    static let quotaSummaryNoTier = MessageKey("quotaSummaryNoTier",
        en: "{provider} {requests} (no published free tier)",
        ja: "{provider} {requests}（無料枠の公表なし）")
    static let quotaWarning = MessageKey("quotaWarning",
        en: "{provider} would get {requests} requests a day from {sources}, above its free tier of {free}: raise refresh",
        ja: "{provider} へのリクエストが {sources} から 1 日 {requests} 回になり、無料枠の {free} を超えます: refresh を長くしてください")
    static let quotaRefusal = MessageKey("quotaRefusal",
        en: "{provider} would get {requests} requests a day from {sources}, above the limit of {limit} leavenow allows: raise refresh",
        ja: "{provider} へのリクエストが {sources} から 1 日 {requests} 回になり、leavenow の上限 {limit} を超えます: refresh を長くしてください")
}
