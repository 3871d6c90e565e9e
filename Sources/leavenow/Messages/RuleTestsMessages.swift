import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: test

    static let testNoTests = MessageKey("testNoTests",
        en: "no rule tests in {path} (give FILES or add *.yaml there)",
        ja: "{path} にルールのテストがありません（FILES を指定するか、そこに *.yaml を置いてください）")
    static let testRulesHaveProblems = MessageKey("testRulesHaveProblems",
        en: "{path}: the rules it tests have problems:",
        ja: "{path}: テスト対象のルールに問題があります:")
    static let testFileCount = MessageKey("testFileCount",
        en: "{path}: {count} {count|test|tests}",
        ja: "{path}: テスト {count} 件")
    static let testPass = MessageKey("testPass",
        en: "  PASS {name}",
        ja: "  成功 {name}")
    static let testFail = MessageKey("testFail",
        en: "  FAIL {name}",
        ja: "  失敗 {name}")
    static let testExpected = MessageKey("testExpected",
        en: "- expected {rule} at {time}{channel}{containing} ({place})",
        ja: "- {time} に {rule} の通知があるはずです{channel}{containing}（{place}）")
    static let testExpectedContaining = MessageKey("testExpectedContaining",
        en: " containing {text}",
        ja: "（{text} を含む）")
    static let testGot = MessageKey("testGot",
        en: "+ got {rule} at {time} → {channels}: {text}",
        ja: "+ 予期しない通知 {rule}（{time}）→ {channels}: {text}")
    static let testSummary = MessageKey("testSummary",
        en: "{passed} passed, {failed} failed",
        ja: "成功 {passed} 件、失敗 {failed} 件")
}
