import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Command line

    static let cliUsage = MessageKey("cliUsage",
        en: "usage: {synopsis}",
        ja: "使い方: {synopsis}")
    static let cliTakesNoValue = MessageKey("cliTakesNoValue",
        en: "{option} takes no value",
        ja: "{option} に値は付けられません")
    static let cliNeedsValue = MessageKey("cliNeedsValue",
        en: "{option} needs a value",
        ja: "{option} には値が必要です")
    static let cliUnknownOption = MessageKey("cliUnknownOption",
        en: "unknown option {option} ({suggestion}expected one of: {list})",
        ja: "不明なオプション {option} です（{suggestion}使えるオプション: {list}）")
    static let cliUnknownOptionNone = MessageKey("cliUnknownOptionNone",
        en: "unknown option {option} ({command} takes no options)",
        ja: "不明なオプション {option} です（{command} にオプションはありません）")
    static let cliIntegerRange = MessageKey("cliIntegerRange",
        en: "{option} must be a whole number in {min}...{max}, got {value}",
        ja: "{option} には {min}...{max} の整数を指定してください（指定値: {value}）")
    static let cliMissingPositional = MessageKey("cliMissingPositional",
        en: "missing {name}",
        ja: "{name} を指定してください")
    static let cliUnexpectedArgument = MessageKey("cliUnexpectedArgument",
        en: "unexpected argument {value}",
        ja: "余分な引数 {value} があります")
    static let cliNone = MessageKey("cliNone",
        en: "none",
        ja: "なし")
    static let cliFromAfterTo = MessageKey("cliFromAfterTo",
        en: "--from is after --to",
        ja: "--from が --to より後になっています")
}
