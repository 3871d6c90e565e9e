import Messages

// What Channels says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Durations

    static let durationNegative = MessageKey("durationNegative",
        en: "duration {value} must not be negative",
        ja: "期間 {value} に負の値は使えません")
    static let durationNeedsUnit = MessageKey("durationNeedsUnit",
        en: "duration {value} needs a unit: write {number}s, {number}m or {number}h",
        ja: "期間 {value} には単位が必要です: {number}s、{number}m、{number}h のように書いてください")
    public static let durationExpected = MessageKey("durationExpected",
        en: "expected a duration like 4m, 90s or 1h30m, found {found}",
        ja: "4m、90s、1h30m のような期間を書いてください（実際の値: {found}）")
    static let durationExpectedMeant = MessageKey("durationExpectedMeant",
        en: "expected a duration like 4m, 90s or 1h30m, found {found} (did you mean {suggestion}?)",
        ja: "4m、90s、1h30m のような期間を書いてください（実際の値: {found}。{suggestion} の間違いではありませんか？）")
    static let durationNeedsUnitAfter = MessageKey("durationNeedsUnitAfter",
        en: "duration {value} needs a unit after {digits}: h, m or s",
        ja: "期間 {value} の {digits} の後に単位（h、m、s）が必要です")
    static let durationUnknownUnit = MessageKey("durationUnknownUnit",
        en: "unknown unit {unit} in duration {value} (use d, h, m or s, as in 1h30m)",
        ja: "期間 {value} の単位 {unit} は使えません（1h30m のように d、h、m、s を使ってください）")
    static let durationOrder = MessageKey("durationOrder",
        en: "duration {value} must give d, h, m and s in that order, each at most once",
        ja: "期間 {value} は d、h、m、s の順に、それぞれ 1 回までで書いてください")
    static let durationTooLarge = MessageKey("durationTooLarge",
        en: "duration {value} is too large",
        ja: "期間 {value} が大きすぎます")

    // MARK: Boards and sources

    public static let configUnknownTimezone = MessageKey("configUnknownTimezone",
        en: "unknown timezone {name}{hint}",
        ja: "不明なタイムゾーン {name} です{hint}")
    public static let configTimezoneHint = MessageKey("configTimezoneHint",
        en: " ({hint})",
        ja: "（{hint}）")
    public static let configTimezoneExample = MessageKey("configTimezoneExample",
        en: "an IANA name such as Asia/Tokyo, Europe/Paris or UTC",
        ja: "Asia/Tokyo、Europe/Paris、UTC のような IANA の名前で書いてください")

    // MARK: Channels

    static let channelRatePerMinute = MessageKey("channelRatePerMinute",
        en: "rate_per_minute must be a number of notifications per minute (0 for unlimited), not {value}",
        ja: "rate_per_minute には 1 分あたりの通知数を書いてください（0 で無制限。実際の値: {value}）")
    static let channelMaxRetryDelay = MessageKey("channelMaxRetryDelay",
        en: "max_retry_delay must be a duration from 1s to 1d like 5m (the longest wait between two attempts), not {value}",
        ja: "max_retry_delay には再送の間隔の上限を 5m のような期間で 1s〜1d の範囲で書いてください（実際の値: {value}）")
    static let channelUnknownKind = MessageKey("channelUnknownKind",
        en: "unknown channel type {name} (expected one of: {list})",
        ja: "不明なチャンネルの種類 {name} です（指定できる値: {list}）")
    static let channelNeedsExactlyOneA = MessageKey("channelNeedsExactlyOneA",
        en: "a {kind} channel needs exactly one of {keys}",
        ja: "{kind} チャンネルには {keys} のうちちょうど 1 つが必要です")
    static let channelNeedsExactlyOneAn = MessageKey("channelNeedsExactlyOneAn",
        en: "an {kind} channel needs exactly one of {keys}",
        ja: "{kind} チャンネルには {keys} のうちちょうど 1 つが必要です")
    static let urlScheme = MessageKey("urlScheme",
        en: "{key} must start with https:// or http:// (it starts with \"{scheme}\")",
        ja: "{key} は https:// か http:// で始めてください（\"{scheme}\" で始まっています）")
    static let urlSchemeShown = MessageKey("urlSchemeShown",
        en: "{key} must start with https:// or http://, not {value}",
        ja: "{key} は https:// か http:// で始めてください（実際の値: {value}）")
    static let urlSpaces = MessageKey("urlSpaces",
        en: "{key} must not contain spaces or control characters",
        ja: "{key} に空白や制御文字は使えません")
    static let urlSpacesShown = MessageKey("urlSpacesShown",
        en: "{key} must not contain spaces or control characters: {value}",
        ja: "{key} に空白や制御文字は使えません: {value}")
    static let urlSchemeOnly = MessageKey("urlSchemeOnly",
        en: "{key} must start with https:// or http://",
        ja: "{key} は https:// か http:// で始めてください")
    static let urlNoHost = MessageKey("urlNoHost",
        en: "{key} has no host after the scheme",
        ja: "{key} のスキームの後にホストがありません")
    static let urlNoHostShown = MessageKey("urlNoHostShown",
        en: "{key} has no host after the scheme: {value}",
        ja: "{key} のスキームの後にホストがありません: {value}")
    static let nounTheURL = MessageKey("nounTheURL",
        en: "the URL",
        ja: "URL")
    static let nounTheURLFrom = MessageKey("nounTheURLFrom",
        en: "the URL from {secret}",
        ja: "{secret} の URL")
    static let channelDesktopExpire = MessageKey("channelDesktopExpire",
        en: "expire must be a number of seconds or a duration like 5m, from 1 s to {max} s, not {value}",
        ja: "expire には秒数か 5m のような期間を 1〜{max} 秒の範囲で書いてください（実際の値: {value}）")
    static let channelNotEmpty = MessageKey("channelNotEmpty",
        en: "{key} must not be empty",
        ja: "{key} は空にできません")
    static let channelGotifyNeedsServer = MessageKey("channelGotifyNeedsServer",
        en: "a gotify channel needs server (the Gotify server's https:// URL)",
        ja: "gotify チャンネルには server（Gotify サーバーの https:// の URL）が必要です")
    static let channelGotifyPriority = MessageKey("channelGotifyPriority",
        en: "priority must be 0 to 10 (Gotify's min … max), not {value}",
        ja: "priority は 0〜10（Gotify の最小〜最大）にしてください（実際の値: {value}）")
    static let channelNtfyPriority = MessageKey("channelNtfyPriority",
        en: "priority must be 1 to 5 (ntfy's min … max), not {value}",
        ja: "priority は 1〜5（ntfy の最小〜最大）にしてください（実際の値: {value}）")
    static let channelNtfyTags = MessageKey("channelNtfyTags",
        en: "tags must not contain control characters (a line break?): {value}",
        ja: "tags に制御文字（改行など）は使えません: {value}")
    static let channelNtfyIcon = MessageKey("channelNtfyIcon",
        en: "icon must be an https:// or http:// URL of a JPEG or PNG image, not {value}",
        ja: "icon には JPEG か PNG 画像の https:// か http:// の URL を書いてください（実際の値: {value}）")
    static let channelSignatureHeader = MessageKey("channelSignatureHeader",
        en: "signature_header must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~), not {value}",
        ja: "signature_header には HTTP のヘッダー名（英字、数字と !#$%&'*+-.^_`|~）を書いてください（実際の値: {value}）")
    static let channelSignatureNeedsSecret = MessageKey("channelSignatureNeedsSecret",
        en: "signature_header needs secret_env or secret_file: there is no signing secret to sign with",
        ja: "signature_header には secret_env か secret_file が必要です: 署名に使う秘密鍵がありません")
    static let channelBodyTemplatePlaceholder = MessageKey("channelBodyTemplatePlaceholder",
        en: "unknown placeholder {placeholder} in body_template (known: {list})",
        ja: "body_template の不明なプレースホルダー {placeholder} です（使えるもの: {list}）")
    static let channelSecretInConfig = MessageKey("channelSecretInConfig",
        en: "the {what} is written in the configuration; {warning}",
        ja: "{what}が設定ファイルに直接書かれています。{warning}")
    static let channelNoSecret = MessageKey("channelNoSecret",
        en: "no {what}: {reasons}",
        ja: "{what}がありません: {reasons}")
    static let channelNeedsOneOf = MessageKey("channelNeedsOneOf",
        en: "needs one of {keys}",
        ja: "{keys} のいずれかが必要です")
    static let channelNotKindSettings = MessageKey("channelNotKindSettings",
        en: "the settings are not those of a {kind} channel",
        ja: "{kind} チャンネルの設定ではありません")
    static let channelSecretEmpty = MessageKey("channelSecretEmpty",
        en: "the {what} is empty",
        ja: "{what}が空です")
    static let secretWhatURL = MessageKey("secretWhatURL",
        en: "URL",
        ja: "URL ")
    static let secretWhatTopic = MessageKey("secretWhatTopic",
        en: "topic",
        ja: "トピック")
    static let secretWhatToken = MessageKey("secretWhatToken",
        en: "token",
        ja: "トークン")
    static let secretWhatSigningSecret = MessageKey("secretWhatSigningSecret",
        en: "signing secret",
        ja: "署名用の秘密鍵")
    static let secretLiteralWebhookURL = MessageKey("secretLiteralWebhookURL",
        en: "whoever knows a webhook URL can post to it: prefer url_env or url_file",
        ja: "webhook の URL を知っている人は誰でも投稿できます: url_env か url_file を使ってください")
    static let secretLiteralNtfyTopic = MessageKey("secretLiteralNtfyTopic",
        en: "whoever knows an ntfy topic can read and post to it: prefer topic_env or topic_file",
        ja: "ntfy のトピックを知っている人は誰でも読み書きできます: topic_env か topic_file を使ってください")
    static let secretLiteralGotifyToken = MessageKey("secretLiteralGotifyToken",
        en: "whoever knows a Gotify application token can post to it: prefer token_env or token_file",
        ja: "Gotify のアプリケーショントークンを知っている人は誰でも投稿できます: token_env か token_file を使ってください")
    static let secretWrittenInConfiguration = MessageKey("secretWrittenInConfiguration",
        en: "(written in the configuration)",
        ja: "（設定ファイルに直接記載）")
    static let secretOwnerChannel = MessageKey("secretOwnerChannel",
        en: "channel \"{channel}\"",
        ja: "チャンネル \"{channel}\"")
}
