import Messages

// What Config says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Health, history and status

    static let configSecondHealth = MessageKey("configSecondHealth",
        en: "a second health section (first defined at {place}); keep one",
        ja: "2 つ目の health セクションです（最初の定義: {place}）。1 つにまとめてください")
    static let configSecondHistory = MessageKey("configSecondHistory",
        en: "a second history section (first defined at {place}); keep one",
        ja: "2 つ目の history セクションです（最初の定義: {place}）。1 つにまとめてください")
    static let configHealthUnknownChannel = MessageKey("configHealthUnknownChannel",
        en: "unknown channel {name} in health ({hint})",
        ja: "health のチャンネル {name} は定義されていません（{hint}）")
    static let configHealthNeedsTarget = MessageKey("configHealthNeedsTarget",
        en: "health needs channels (where its notices go) or heartbeat (a URL the worker calls), or both",
        ja: "health には channels（通知の送り先）か heartbeat（ワーカーが呼ぶ URL）、またはその両方が必要です")
    static let configHealthStaleRange = MessageKey("configHealthStaleRange",
        en: "source_stale_after must be between 1m and 7d, found {found}",
        ja: "source_stale_after は 1m から 7d の間にしてください（実際の値: {found}）")
    static let configHealthFeedDays = MessageKey("configHealthFeedDays",
        en: "feed_ends_within must be whole days from 0d to 365d, found {found}",
        ja: "feed_ends_within は 0d から 365d までの日数にしてください（実際の値: {found}）")
    static let configHealthFailures = MessageKey("configHealthFailures",
        en: "channel_failures must be a whole number from 1 to 1000, found {found}",
        ja: "channel_failures は 1 から 1000 までの整数にしてください（実際の値: {found}）")
    static let configHeartbeatNeedsURL = MessageKey("configHeartbeatNeedsURL",
        en: "heartbeat needs url_env (an environment variable, also the name of a systemd credential) or url_file",
        ja: "heartbeat には url_env（環境変数。systemd の資格情報の名前にもなります）か url_file が必要です")
    static let configHeartbeatLiteralURL = MessageKey("configHeartbeatLiteralURL",
        en: "heartbeat: the URL does not belong in the configuration (a monitor's ping URL is its credential): give url_env (an environment variable, also the name of a systemd credential) or url_file",
        ja: "heartbeat: URL を設定ファイルに書かないでください（監視サービスの ping URL は資格情報です）。url_env（環境変数。systemd の資格情報の名前にもなります）か url_file を指定してください")
    static let configHeartbeatEvery = MessageKey("configHeartbeatEvery",
        en: "heartbeat every must be between 10s and 1d, found {found}",
        ja: "heartbeat の every は 10s から 1d の間にしてください（実際の値: {found}）")
    static let configHistoryKeep = MessageKey("configHistoryKeep",
        en: "history keep must be a whole number from 0 to 1000, found {found}",
        ja: "history の keep は 0 から 1000 までの整数にしてください（実際の値: {found}）")
}
