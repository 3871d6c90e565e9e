import Messages

// What Secrets says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Secrets

    static let secretNoKey = MessageKey("secretNoKey",
        en: "no API key for {owner}: {reasons}",
        ja: "{owner} の API キーがありません: {reasons}")
    static let secretNoKeyConfigured = MessageKey("secretNoKeyConfigured",
        en: "no key_env or key_file is configured",
        ja: "key_env も key_file も設定されていません")
    static let secretVariableNotSet = MessageKey("secretVariableNotSet",
        en: "the environment variable {name} is not set",
        ja: "環境変数 {name} が設定されていません")
    static let secretVariableEmpty = MessageKey("secretVariableEmpty",
        en: "the environment variable {name} is empty",
        ja: "環境変数 {name} が空です")
    static let secretNoCredential = MessageKey("secretNoCredential",
        en: "there is no credential {name} in $CREDENTIALS_DIRECTORY ({directory})",
        ja: "$CREDENTIALS_DIRECTORY（{directory}）に資格情報 {name} がありません")
    static let secretCredentialNoDirectory = MessageKey("secretCredentialNoDirectory",
        en: "the credential {name} was asked for but $CREDENTIALS_DIRECTORY is not set",
        ja: "資格情報 {name} が指定されていますが、$CREDENTIALS_DIRECTORY が設定されていません")
    static let secretFileMissing = MessageKey("secretFileMissing",
        en: "{what} {path} does not exist",
        ja: "{what} {path} がありません")
    static let secretFileUnreadable = MessageKey("secretFileUnreadable",
        en: "{what} {path} cannot be read",
        ja: "{what} {path} を読めません")
    static let secretFileNotUTF8 = MessageKey("secretFileNotUTF8",
        en: "{what} {path} is not UTF-8 text",
        ja: "{what} {path} が UTF-8 のテキストではありません")
    static let secretFileEmpty = MessageKey("secretFileEmpty",
        en: "{what} {path} is empty",
        ja: "{what} {path} が空です")
    static let secretCredentialFile = MessageKey("secretCredentialFile",
        en: "the credential file",
        ja: "資格情報ファイル")
    static let secretKeyFile = MessageKey("secretKeyFile",
        en: "the key file",
        ja: "キーファイル")
    static let secretHintCredential = MessageKey("secretHintCredential",
        en: "the credential {name}",
        ja: "資格情報 {name}")
    static let secretHintKeyFile = MessageKey("secretHintKeyFile",
        en: "the key file {path}",
        ja: "キーファイル {path}")
    static let secretHintConfiguration = MessageKey("secretHintConfiguration",
        en: "the key configuration",
        ja: "キーの設定")

    // MARK: The state: section and PostgreSQL URLs

    static let postgresURLExpected = MessageKey("postgresURLExpected",
        en: "{reason} (expected postgresql://user[:password]@host[:port]/database)",
        ja: "{reason}（postgresql://user[:password]@host[:port]/database の形で書いてください）")
    static let postgresURLScheme = MessageKey("postgresURLScheme",
        en: "the scheme is not postgresql:// or postgres://",
        ja: "スキームが postgresql:// でも postgres:// でもありません")
    static let postgresURLIPv6 = MessageKey("postgresURLIPv6",
        en: "the IPv6 address has no closing ]",
        ja: "IPv6 アドレスに閉じる ] がありません")
    static let postgresURLAfterHost = MessageKey("postgresURLAfterHost",
        en: "unexpected {text} after the host",
        ja: "ホストの後に予期しない {text} があります")
    static let postgresURLSeveralHosts = MessageKey("postgresURLSeveralHosts",
        en: "several hosts are not supported",
        ja: "複数のホストには対応していません")
    static let postgresURLDatabaseSlash = MessageKey("postgresURLDatabaseSlash",
        en: "the database name {name} contains a /",
        ja: "データベース名 {name} に / が含まれています")
    static let postgresURLQueryNoValue = MessageKey("postgresURLQueryNoValue",
        en: "the query parameter {pair} has no value",
        ja: "クエリパラメーター {pair} に値がありません")
    static let postgresURLPercent = MessageKey("postgresURLPercent",
        en: "the {what} has an invalid percent-encoding",
        ja: "{what}のパーセントエンコーディングが正しくありません")
    static let postgresURLUserName = MessageKey("postgresURLUserName",
        en: "user name",
        ja: "ユーザー名")
    static let postgresURLPassword = MessageKey("postgresURLPassword",
        en: "password",
        ja: "パスワード")
    static let postgresURLDatabaseName = MessageKey("postgresURLDatabaseName",
        en: "database name",
        ja: "データベース名")
    static let postgresURLPort = MessageKey("postgresURLPort",
        en: "the port {port} is not a number from 1 to 65535",
        ja: "ポート {port} は 1〜65535 の数ではありません")
}
