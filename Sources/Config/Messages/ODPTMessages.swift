import Messages

// What Config says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: The odpt: section and realtime feeds

    static let configODPTNeedsKey = MessageKey("configODPTNeedsKey",
        en: "odpt needs key_env or key_file: where the ODPT consumer key comes from (never the key itself)",
        ja: "odpt には key_env か key_file が必要です（ODPT のコンシューマーキーの取得元。キーそのものは書かないでください）")
    static let configTimetableRefresh = MessageKey("configTimetableRefresh",
        en: "timetable_refresh must be at least 1h (timetables change rarely), found {found}",
        ja: "timetable_refresh は 1h 以上にしてください（時刻表はめったに変わりません。実際の値: {found}）")
    static let configRefreshAtLeast = MessageKey("configRefreshAtLeast",
        en: "refresh must be at least {minimum}, found {found}",
        ja: "refresh は {minimum} 以上にしてください（実際の値: {found}）")
    static let configMaxAgeAtLeastRefresh = MessageKey("configMaxAgeAtLeastRefresh",
        en: "max_age must be at least refresh ({refresh} s), found {found}",
        ja: "max_age は refresh（{refresh} 秒）以上にしてください（実際の値: {found}）")
    static let configRealtimeRefresh = MessageKey("configRealtimeRefresh",
        en: "refresh must be at least 10s (a GTFS-Realtime feed changes every 10–30 s), found {found}",
        ja: "refresh は 10s 以上にしてください（GTFS-Realtime フィードの更新は 10〜30 秒ごとです。実際の値: {found}）")
    static let configKeyParameterName = MessageKey("configKeyParameterName",
        en: "key_parameter must be a query parameter name like api_key, found {found}",
        ja: "key_parameter には api_key のようなクエリパラメーター名を書いてください（実際の値: {found}）")
    static let configRealtimeFileNoKey = MessageKey("configRealtimeFileNoKey",
        en: "a realtime file needs no key: key_env / key_file are for a URL",
        ja: "realtime のファイルにキーは要りません: key_env / key_file は URL 用です")
    static let configRealtimeKeyNeedsParameter = MessageKey("configRealtimeKeyNeedsParameter",
        en: "realtime key_env / key_file need key_parameter: the query parameter the key goes in (e.g. api_key)",
        ja: "realtime の key_env / key_file には key_parameter（キーを入れるクエリパラメーター。例: api_key）が必要です")
    static let configKeyParameterNeedsKey = MessageKey("configKeyParameterNeedsKey",
        en: "key_parameter needs key_env or key_file: where the key comes from (never the key itself)",
        ja: "key_parameter には key_env か key_file が必要です（キーの取得元。キーそのものは書かないでください）")
    static let configGTFSRTEmpty = MessageKey("configGTFSRTEmpty",
        en: "gtfs_rt needs a URL or a file path, found an empty string",
        ja: "gtfs_rt には URL かファイルのパスを書いてください（空の文字列になっています）")
    static let configGTFSRTScheme = MessageKey("configGTFSRTScheme",
        en: "gtfs_rt must be an http(s) URL or a file path, found the scheme {scheme} in {found}",
        ja: "gtfs_rt には http(s) の URL かファイルのパスを書いてください（{found} のスキームは {scheme} です）")
    static let configGTFSRTNoHost = MessageKey("configGTFSRTNoHost",
        en: "gtfs_rt is not a valid URL (no host): {found}",
        ja: "gtfs_rt が正しい URL ではありません（ホストがありません）: {found}")
}
