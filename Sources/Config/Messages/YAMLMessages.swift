import Messages

// What Config says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Configuration files and YAML

    static let fileCannotOpen = MessageKey("fileCannotOpen",
        en: "cannot open the file for reading",
        ja: "ファイルを読み込み用に開けません")
    static let fileCannotRead = MessageKey("fileCannotRead",
        en: "cannot read the file: {reason}",
        ja: "ファイルを読めません: {reason}")
    static let fileTooLarge = MessageKey("fileTooLarge",
        en: "the file is larger than {max} bytes",
        ja: "ファイルが {max} バイトを超えています")
    static let directoryCannotList = MessageKey("directoryCannotList",
        en: "cannot list the configuration directory",
        ja: "設定ディレクトリの中身を一覧できません")
    static let yamlSecondDocument = MessageKey("yamlSecondDocument",
        en: "a second YAML document starts here; a file holds one document",
        ja: "ここから 2 つ目の YAML ドキュメントが始まっています。1 つのファイルに書けるドキュメントは 1 つだけです")
    static let yamlAliasCycle = MessageKey("yamlAliasCycle",
        en: "alias {alias} refers to a node that contains it (a cycle)",
        ja: "エイリアス {alias} が自分を含むノードを参照しています（循環）")
    static let yamlAliasUnknown = MessageKey("yamlAliasUnknown",
        en: "alias {alias} refers to no anchor defined before it",
        ja: "エイリアス {alias} の参照先のアンカーが、それより前に定義されていません")
    static let yamlTooDeep = MessageKey("yamlTooDeep",
        en: "nesting is deeper than {max} levels",
        ja: "入れ子が {max} 段より深くなっています")
    static let yamlCollectionNotOpen = MessageKey("yamlCollectionNotOpen",
        en: "libyaml closed a collection that was not open",
        ja: "libyaml が開いていないコレクションを閉じました")
    static let yamlTooManyNodes = MessageKey("yamlTooManyNodes",
        en: "the document has more than {max} nodes (counting what aliases expand to)",
        ja: "ドキュメントのノードが {max} 個を超えています（エイリアスの展開分を含みます）")
    static let yamlNoParser = MessageKey("yamlNoParser",
        en: "libyaml could not allocate a parser",
        ja: "libyaml がパーサーを確保できませんでした")
    static let yamlUnknownEvent = MessageKey("yamlUnknownEvent",
        en: "libyaml produced an unknown event {event}",
        ja: "libyaml が不明なイベント {event} を返しました")
    static let yamlOutOfMemory = MessageKey("yamlOutOfMemory",
        en: "libyaml ran out of memory",
        ja: "libyaml のメモリが足りなくなりました")
    static let yamlInvalidText = MessageKey("yamlInvalidText",
        en: "invalid text: {problem}",
        ja: "不正なテキストです: {problem}")
    static let yamlInvalidTextByte = MessageKey("yamlInvalidTextByte",
        en: "invalid text: {problem} (byte {byte})",
        ja: "不正なテキストです: {problem}（バイト {byte}）")
    static let yamlSyntaxError = MessageKey("yamlSyntaxError",
        en: "YAML syntax error: {problem}",
        ja: "YAML の構文エラーです: {problem}")
    static let yamlSyntaxErrorContext = MessageKey("yamlSyntaxErrorContext",
        en: "YAML syntax error: {problem} ({context})",
        ja: "YAML の構文エラーです: {problem}（{context}）")
    static let yamlSyntaxErrorContextAt = MessageKey("yamlSyntaxErrorContextAt",
        en: "YAML syntax error: {problem} ({context} at {place})",
        ja: "YAML の構文エラーです: {problem}（{place}: {context}）")
    static let yamlUnknownProblem = MessageKey("yamlUnknownProblem",
        en: "unknown error",
        ja: "不明なエラー")
    static let yamlKindMapping = MessageKey("yamlKindMapping",
        en: "a mapping",
        ja: "マッピング")
    static let yamlKindList = MessageKey("yamlKindList",
        en: "a list",
        ja: "リスト")
    static let yamlKindNothing = MessageKey("yamlKindNothing",
        en: "nothing",
        ja: "空の値")
    static let yamlExpectedString = MessageKey("yamlExpectedString",
        en: "expected a string, found {found}",
        ja: "文字列を書いてください（実際の値: {found}）")
    static let yamlExpectedInteger = MessageKey("yamlExpectedInteger",
        en: "expected a whole number, found {found}",
        ja: "整数を書いてください（実際の値: {found}）")
    static let yamlExpectedIntegerQuoted = MessageKey("yamlExpectedIntegerQuoted",
        en: "expected a whole number, found the quoted string {value}",
        ja: "整数を書いてください（引用符付きの文字列 {value} になっています）")
    static let yamlExpectedBool = MessageKey("yamlExpectedBool",
        en: "expected true or false, found {found}",
        ja: "true か false を書いてください（実際の値: {found}）")
    static let yamlExpectedDate = MessageKey("yamlExpectedDate",
        en: "expected a date like 2024-12-30, found {found}",
        ja: "2024-12-30 のような日付を書いてください（実際の値: {found}）")
    static let yamlExpectedList = MessageKey("yamlExpectedList",
        en: "expected a list, found {found}",
        ja: "リストを書いてください（実際の値: {found}）")
    static let yamlExpectedMapping = MessageKey("yamlExpectedMapping",
        en: "expected a mapping ({what}), found {found}",
        ja: "{what}はマッピングで書いてください（実際の値: {found}）")
    static let yamlKeyNotString = MessageKey("yamlKeyNotString",
        en: "a key must be a string, found {found}",
        ja: "キーは文字列で書いてください（実際の値: {found}）")
    static let yamlDuplicateKey = MessageKey("yamlDuplicateKey",
        en: "duplicate key {key} (first given at {place})",
        ja: "キー {key} が重複しています（最初の指定: {place}）")
    static let yamlMissingKey = MessageKey("yamlMissingKey",
        en: "missing required key {key} in {what}",
        ja: "{what}に必須のキー {key} がありません")
    static let yamlUnknownKey = MessageKey("yamlUnknownKey",
        en: "unknown key {key} ({suggestion}{expected})",
        ja: "不明なキー {key} です（{suggestion}{expected}）")
    static let yamlNoKeysExpected = MessageKey("yamlNoKeysExpected",
        en: "no keys are expected here",
        ja: "ここにはキーを書けません")
    static let configBadID = MessageKey("configBadID",
        en: "{what} id {id} may only contain lowercase letters a-z, digits 0-9 and \"-\"",
        ja: "{what}の id {id} に使えるのは小文字 a-z、数字 0-9 と \"-\" だけです")
}
