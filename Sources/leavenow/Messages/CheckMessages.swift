import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: check

    static let checkProblems = MessageKey("checkProblems",
        en: "{count} {count|problem|problems} in {directory}",
        ja: "{directory} に問題が {count} 件あります")
    static let checkSourcesNotLoaded = MessageKey("checkSourcesNotLoaded",
        en: "{count} {count|source|sources} could not be loaded in {directory}",
        ja: "{directory} で読み込めなかったソースが {count} 件あります")
    static let checkRuleWillNotFire = MessageKey("checkRuleWillNotFire",
        en: "{location}: rule {rule} will not fire: {reason}",
        ja: "{location}: ルール {rule} は通知しません: {reason}")
    static let checkHoldsNothing = MessageKey("checkHoldsNothing",
        en: "{location}: rule {rule} has when_suspended: hold, but board {board} has no status: and no realtime: feed, so no suspension can ever hold it",
        ja: "{location}: ルール {rule} には when_suspended: hold がありますが、ボード {board} には status: も realtime: フィードもないため、運転見合わせで保留されることはありません")
    static let checkChannelHeld = MessageKey("checkChannelHeld",
        en: "{problem}; the worker holds this channel's notifications until a reload finds it: make it available to the worker, then reload (SIGHUP or restart)",
        ja: "{problem}。再読み込みで見つかるまで、ワーカーはこのチャンネルの通知を保留します。ワーカーから読めるようにしてから再読み込みしてください（SIGHUP か再起動）")
    static let checkStateNoPassword = MessageKey("checkStateNoPassword",
        en: "{place}: no password for the PostgreSQL state: {reasons}; the worker cannot log in until it is there",
        ja: "{place}: PostgreSQL の state のパスワードがありません: {reasons}。用意されるまでワーカーはログインできません")
    static let checkOK = MessageKey("checkOK",
        en: "{directory}: ok — {counts}",
        ja: "{directory}: 問題なし — {counts}")
    static let checkOKWithWarnings = MessageKey("checkOKWithWarnings",
        en: "{directory}: no problems, {count} {count|warning|warnings} (above; check --strict fails on warnings) — {counts}",
        ja: "{directory}: 問題なし、警告 {count} 件（上記。check --strict では警告も失敗になります） — {counts}")
    static let checkStrictWarnings = MessageKey("checkStrictWarnings",
        en: "{count} {count|warning|warnings} in {directory}, and --strict fails on warnings",
        ja: "{directory} に警告が {count} 件あります（--strict では警告も失敗になります）")
    static let checkRequestsADay = MessageKey("checkRequestsADay",
        en: "requests a day: {list}",
        ja: "1 日のリクエスト数: {list}")
    static let checkNoRequests = MessageKey("checkNoRequests",
        en: "none (no source is fetched over the network)",
        ja: "なし（ネットワークから取得するソースはありません）")
    static let countBoards = MessageKey("countBoards",
        en: "{count} {count|board|boards}",
        ja: "ボード {count} 件")
    static let countWeatherSources = MessageKey("countWeatherSources",
        en: "{count} {count|weather source|weather sources}",
        ja: "天気ソース {count} 件")
    static let countFeeds = MessageKey("countFeeds",
        en: "{count} {count|feed|feeds}",
        ja: "フィード {count} 件")
    static let countChannels = MessageKey("countChannels",
        en: "{count} {count|channel|channels}",
        ja: "チャンネル {count} 件")
    static let countRules = MessageKey("countRules",
        en: "{count} {count|rule|rules}",
        ja: "ルール {count} 件")
}
