import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: sources and fetch

    static let sourcesNone = MessageKey("sourcesNone",
        en: "{directory}: no weather sources or feeds are configured",
        ja: "{directory}: 天気ソースもフィードも設定されていません")
    static let sourcesHeaderKind = MessageKey("sourcesHeaderKind",
        en: "KIND",
        ja: "種類")
    static let sourcesHeaderLastFetch = MessageKey("sourcesHeaderLastFetch",
        en: "LAST FETCH",
        ja: "最終取得")
    static let sourcesHeaderAge = MessageKey("sourcesHeaderAge",
        en: "AGE",
        ja: "経過")
    static let sourcesHeaderNextRefresh = MessageKey("sourcesHeaderNextRefresh",
        en: "NEXT REFRESH",
        ja: "次の更新")
    static let sourcesHeaderBytes = MessageKey("sourcesHeaderBytes",
        en: "BYTES",
        ja: "サイズ")
    static let sourcesHeaderSaved = MessageKey("sourcesHeaderSaved",
        en: "SAVED",
        ja: "節約")
    static let sourcesDue = MessageKey("sourcesDue",
        en: "due",
        ja: "今すぐ")
    static let sourcesNeverFetched = MessageKey("sourcesNeverFetched",
        en: "never fetched",
        ja: "未取得")
    static let sourcesUnreadableCache = MessageKey("sourcesUnreadableCache",
        en: "unreadable cache",
        ja: "キャッシュを読めません")
    static let fetchHelp = MessageKey("fetchHelp",
        en: "Fetches every weather source and feed of the configuration (or the ids given) into\n<state>/sources/ (default $XDG_STATE_HOME/leavenow, else $HOME/.local/state/leavenow; with a\nPostgreSQL --state, --cache-dir or that default) and records each fetch in the state.\nFor testing: LEAVENOW_SOURCE_BASE_URL=http://127.0.0.1:PORT sends every request to that\nserver instead of the providers (same paths and queries, no proxy).",
        ja: "設定のすべての天気ソースとフィード（または指定した id のもの）を <state>/sources/ に取得し\n（既定は $XDG_STATE_HOME/leavenow、なければ $HOME/.local/state/leavenow。PostgreSQL の --state\nでは --cache-dir かその既定）、取得ごとに状態へ記録します。\nテスト用: LEAVENOW_SOURCE_BASE_URL=http://127.0.0.1:PORT を設定すると、すべてのリクエストを\nプロバイダーの代わりにそのサーバーへ送ります（パスとクエリは同じ、プロキシなし）。")
    static let fetchUnknownSources = MessageKey("fetchUnknownSources",
        en: "unknown {count|source|sources} {names}{hint}",
        ja: "不明なソースが {count} 件あります: {names}{hint}")
    static let fetchNoSourcesConfigured = MessageKey("fetchNoSourcesConfigured",
        en: " (no weather sources or feeds are configured)",
        ja: "（天気ソースもフィードも設定されていません）")
    static let fetchKnownSources = MessageKey("fetchKnownSources",
        en: " ({suggestion}sources: {list})",
        ja: "（{suggestion}定義済みのソース: {list}）")
    static let fetchUpdated = MessageKey("fetchUpdated",
        en: "{id}  updated  {size}",
        ja: "{id}  更新  {size}")
    static let fetchNotModified = MessageKey("fetchNotModified",
        en: "{id}  not modified (saved {size})",
        ja: "{id}  変更なし（{size} 節約）")
    static let fetchFailed = MessageKey("fetchFailed",
        en: "{id}  failed: {error}{kept}",
        ja: "{id}  失敗: {error}{kept}")
    static let fetchKeeping = MessageKey("fetchKeeping",
        en: "; keeping the data of {time}",
        ja: "。{time} のデータを使い続けます")
    static let fetchNotRecorded = MessageKey("fetchNotRecorded",
        en: "the fetch results were not recorded in {state}: {error}",
        ja: "取得結果を {state} に記録できませんでした: {error}")
}
