import Messages

// What LiveSources says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Live sources and the source cache

    static let liveSourceWeather = MessageKey("liveSourceWeather",
        en: "weather source \"{id}\"",
        ja: "天気ソース \"{id}\"")
    static let liveSourceFeed = MessageKey("liveSourceFeed",
        en: "feed \"{id}\"",
        ja: "フィード \"{id}\"")
    static let liveSourceStationTimetable = MessageKey("liveSourceStationTimetable",
        en: "ODPT station timetable \"{id}\"",
        ja: "ODPT の駅時刻表 \"{id}\"")
    static let liveSourcePoleTimetable = MessageKey("liveSourcePoleTimetable",
        en: "ODPT bus pole timetable \"{id}\"",
        ja: "ODPT のバス停時刻表 \"{id}\"")
    static let liveSourceTrainInformation = MessageKey("liveSourceTrainInformation",
        en: "ODPT train information \"{id}\"",
        ja: "ODPT の運行情報 \"{id}\"")
    static let liveSourceRealtime = MessageKey("liveSourceRealtime",
        en: "GTFS-Realtime feed \"{id}\"",
        ja: "GTFS-Realtime フィード \"{id}\"")
    static let liveSourceTrains = MessageKey("liveSourceTrains",
        en: "ODPT trains \"{id}\"",
        ja: "ODPT の列車情報 \"{id}\"")
    static let liveRefetching = MessageKey("liveRefetching",
        en: "{error} (fetching it again)",
        ja: "{error}（もう一度取得します）")
    static let liveKeyNeeded = MessageKey("liveKeyNeeded",
        en: "an API key is needed: set key_env or key_file",
        ja: "API キーが必要です: key_env か key_file を設定してください")
    static let liveNotFetched = MessageKey("liveNotFetched",
        en: "not fetched",
        ja: "取得していません")
    static let liveNotModifiedWithoutCache = MessageKey("liveNotModifiedWithoutCache",
        en: "the server answered 304 Not Modified but nothing is cached",
        ja: "サーバーは 304 Not Modified を返しましたが、キャッシュには何もありません")
    static let liveNotModifiedCacheFailed = MessageKey("liveNotModifiedCacheFailed",
        en: "not modified, but the cache could not be updated: {error}",
        ja: "変更はありませんが、キャッシュを更新できませんでした: {error}")
    static let liveKeyRefused = MessageKey("liveKeyRefused",
        en: "the API key was refused (HTTP {status}){hint}",
        ja: "API キーが拒否されました（HTTP {status}）{hint}")
    static let liveCheckHint = MessageKey("liveCheckHint",
        en: "; check {what}",
        ja: "。{what} を確認してください")
    static let liveCalendarNotFound = MessageKey("liveCalendarNotFound",
        en: "the calendar {calendar} does not exist (404)",
        ja: "カレンダー {calendar} はありません（404）")
    static let liveHTTPStatus = MessageKey("liveHTTPStatus",
        en: "HTTP {status}{details}{retry}",
        ja: "HTTP {status} が返りました{details}{retry}")
    static let liveHTTPDetails = MessageKey("liveHTTPDetails",
        en: " ({type}, {bytes} bytes)",
        ja: "（{type}、{bytes} バイト）")
    static let liveRetryAfter = MessageKey("liveRetryAfter",
        en: "; retry after {seconds} s",
        ja: "。{seconds} 秒後に再試行できます")
    static let liveInvalidResponse = MessageKey("liveInvalidResponse",
        en: "the response is not valid: {error}",
        ja: "応答の内容が正しくありません: {error}")
    static let liveCacheWriteFailed = MessageKey("liveCacheWriteFailed",
        en: "fetched, but the cache could not be written: {error}",
        ja: "取得しましたが、キャッシュに書き込めませんでした: {error}")
    static let liveTimeoutHint = MessageKey("liveTimeoutHint",
        en: "no complete answer within the {limit} limit",
        ja: "制限時間 {limit} 以内に応答が揃いませんでした")
    static let liveTooLargeHint = MessageKey("liveTooLargeHint",
        en: "the transfer was stopped at the {limit} limit",
        ja: "上限の {limit} で転送を止めました")
    static let liveRedirectsHint = MessageKey("liveRedirectsHint",
        en: "stopped after {count} redirects (a redirect loop?)",
        ja: "{count} 回リダイレクトしたところで止めました（リダイレクトのループかもしれません）")
    static let liveClosedHint = MessageKey("liveClosedHint",
        en: "the connection closed before the whole body arrived",
        ja: "本文がすべて届く前に接続が切れました")
    static let liveFileUnreadable = MessageKey("liveFileUnreadable",
        en: "the file could not be read: {error}",
        ja: "ファイルを読めません: {error}")
    static let liveFileUnchangedCacheFailed = MessageKey("liveFileUnchangedCacheFailed",
        en: "the file is unchanged, but the cache could not be updated: {error}",
        ja: "ファイルは変わっていませんが、キャッシュを更新できませんでした: {error}")
    static let liveFileInvalid = MessageKey("liveFileInvalid",
        en: "the file is not valid: {error}",
        ja: "ファイルの内容が正しくありません: {error}")
    static let liveFileCacheWriteFailed = MessageKey("liveFileCacheWriteFailed",
        en: "read, but the cache could not be written: {error}",
        ja: "読み込みましたが、キャッシュに書き込めませんでした: {error}")
    static let liveCachedDoesNotDecode = MessageKey("liveCachedDoesNotDecode",
        en: "{source}: the cached response does not decode: {error}",
        ja: "{source}: キャッシュの応答をデコードできません: {error}")
    static let cacheBodyMissing = MessageKey("cacheBodyMissing",
        en: "missing or unreadable (its sidecar {sidecar} exists)",
        ja: "ないか読めません（サイドカー {sidecar} はあります）")
    static let cacheBodyMismatch = MessageKey("cacheBodyMismatch",
        en: "does not match its sidecar ({bytes} bytes, expected {expected} with checksum {checksum}); ignored",
        ja: "サイドカーと一致しません（{bytes} バイト。期待値は {expected} バイト、チェックサム {checksum}）。無視しました")
    static let cacheCannotEncode = MessageKey("cacheCannotEncode",
        en: "cannot encode: {error}",
        ja: "エンコードできません: {error}")
    static let cacheCannotRead = MessageKey("cacheCannotRead",
        en: "cannot be read",
        ja: "読めません")
    static let cacheBadSidecar = MessageKey("cacheBadSidecar",
        en: "not a valid cache sidecar: {error}",
        ja: "キャッシュのサイドカーとして正しくありません: {error}")
    static let cacheBadID = MessageKey("cacheBadID",
        en: "the id {id} of {source} cannot name a cache file",
        ja: "{source} の id {id} はキャッシュのファイル名に使えません")
    static let cacheCannotCreate = MessageKey("cacheCannotCreate",
        en: "cannot create",
        ja: "作成できません")
    static let cacheCannotWrite = MessageKey("cacheCannotWrite",
        en: "cannot write",
        ja: "書き込めません")
    static let cacheCannotClose = MessageKey("cacheCannotClose",
        en: "cannot close",
        ja: "閉じられません")
    static let cacheCannotReplace = MessageKey("cacheCannotReplace",
        en: "cannot replace",
        ja: "置き換えられません")
    static let cacheCannotSetMode = MessageKey("cacheCannotSetMode",
        en: "cannot set mode 0700",
        ja: "モードを 0700 にできません")
    static let cacheCannotCreateDirectory = MessageKey("cacheCannotCreateDirectory",
        en: "cannot create the directory: {error}",
        ja: "ディレクトリを作成できません: {error}")
    static let cacheNotDirectory = MessageKey("cacheNotDirectory",
        en: "is not a directory",
        ja: "ディレクトリではありません")
}
