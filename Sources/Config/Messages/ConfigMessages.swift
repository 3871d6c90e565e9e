import Messages

// What Config says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Shared pieces

    static let didYouMean = MessageKey("didYouMean",
        en: "did you mean {name}? ",
        ja: "{name} の間違いではありませんか？ ")
    static let didYouMeanSentence = MessageKey("didYouMeanSentence",
        en: "did you mean {name}?",
        ja: "{name} の間違いではありませんか？")
    static let noneDefined = MessageKey("noneDefined",
        en: "no {plural} are defined",
        ja: "{plural}が 1 つも定義されていません")
    static let expectedKeys = MessageKey("expectedKeys",
        en: "expected one of: {list}",
        ja: "使えるキー: {list}")
    static let expectedValues = MessageKey("expectedValues",
        en: "expected one of: {list}",
        ja: "指定できる値: {list}")

    // MARK: The state: section and PostgreSQL URLs

    static let stateURLNotPostgres = MessageKey("stateURLNotPostgres",
        en: "state url must be a postgresql:// (or postgres://) URL, found {url} (an SQLite state file is given with --state PATH)",
        ja: "state の url は postgresql://（または postgres://）の URL にしてください（実際の値: {url}。SQLite の状態ファイルは --state PATH で指定します）")
    static let stateURLProblem = MessageKey("stateURLProblem",
        en: "state url: {problem}",
        ja: "state の url: {problem}")
    static let stateURLPassword = MessageKey("stateURLPassword",
        en: "state url: the password does not belong in the configuration: remove it from the URL and give password_env (an environment variable, also the name of a systemd credential) or password_file",
        ja: "state の url: パスワードは設定ファイルに書かないでください: URL から外し、password_env（環境変数。systemd の認証情報の名前にもなります）か password_file を指定してください")
    static let statePasswordInline = MessageKey("statePasswordInline",
        en: "state: a password does not belong in the configuration: give password_env (an environment variable, also the name of a systemd credential) or password_file",
        ja: "state: パスワードは設定ファイルに書かないでください: password_env（環境変数。systemd の認証情報の名前にもなります）か password_file を指定してください")
}
