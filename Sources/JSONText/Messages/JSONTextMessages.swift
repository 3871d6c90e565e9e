import Messages

// What JSONText says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Data errors: JSON

    static let jsonEmpty = MessageKey("jsonEmpty",
        en: "the input is empty (no JSON value)",
        ja: "入力が空です（JSON の値がありません）")
    static let jsonTrailing = MessageKey("jsonTrailing",
        en: "unexpected {what} after the end of the JSON document",
        ja: "JSON 文書の終わりの後に予期しない {what} があります")
    static let jsonAnXMLDocument = MessageKey("jsonAnXMLDocument",
        en: "an XML document",
        ja: "XML 文書")
    static let jsonAnHTMLPage = MessageKey("jsonAnHTMLPage",
        en: "an HTML page",
        ja: "HTML ページ")
    static let jsonGotMarkup = MessageKey("jsonGotMarkup",
        en: "expected JSON, got {what} ({excerpt})",
        ja: "JSON のはずが {what} でした（{excerpt}）")
    static let jsonGotText = MessageKey("jsonGotText",
        en: "expected JSON, got plain text ({excerpt})",
        ja: "JSON のはずがプレーンテキストでした（{excerpt}）")
    static let jsonUnexpectedValue = MessageKey("jsonUnexpectedValue",
        en: "unexpected {what} where a JSON value was expected",
        ja: "JSON の値があるべき位置に予期しない {what} があります")
    static let jsonUnexpectedKey = MessageKey("jsonUnexpectedKey",
        en: "unexpected {what} where an object key (a string) was expected",
        ja: "オブジェクトのキー（文字列）があるべき位置に予期しない {what} があります")
    static let jsonUnexpectedAfterKey = MessageKey("jsonUnexpectedAfterKey",
        en: "unexpected {what} after the key {key} (expected ':')",
        ja: "キー {key} の後に予期しない {what} があります（':' が必要です）")
    static let jsonUnexpectedInObject = MessageKey("jsonUnexpectedInObject",
        en: "unexpected {what} in an object (expected ',' or '}')",
        ja: "オブジェクトの中に予期しない {what} があります（',' か '}' が必要です）")
    static let jsonUnexpectedInArray = MessageKey("jsonUnexpectedInArray",
        en: "unexpected {what} in an array (expected ',' or ']')",
        ja: "配列の中に予期しない {what} があります（',' か ']' が必要です）")
    static let jsonTooDeep = MessageKey("jsonTooDeep",
        en: "JSON nested deeper than {max} levels",
        ja: "JSON の入れ子が {max} 段を超えています")
    static let jsonUnexpectedString = MessageKey("jsonUnexpectedString",
        en: "unexpected {what} where a string was expected",
        ja: "文字列があるべき位置に予期しない {what} があります")
    static let jsonUnclosedString = MessageKey("jsonUnclosedString",
        en: "truncated JSON: the string starting here is never closed",
        ja: "JSON が途中で切れています: ここから始まる文字列が閉じられていません")
    static let jsonStringNotUTF8 = MessageKey("jsonStringNotUTF8",
        en: "the string starting here is not valid UTF-8",
        ja: "ここから始まる文字列は正しい UTF-8 ではありません")
    static let jsonControlCharacter = MessageKey("jsonControlCharacter",
        en: "a control character (0x{hex}) inside a string",
        ja: "文字列の中に制御文字（0x{hex}）があります")
    static let jsonInvalidEscapeByte = MessageKey("jsonInvalidEscapeByte",
        en: "invalid escape: {what} after '\\' in a string",
        ja: "文字列の中の不正なエスケープです: '\\' の後に {what} があります")
    static let jsonInvalidEscape = MessageKey("jsonInvalidEscape",
        en: "invalid escape '\\{character}' in a string",
        ja: "文字列の中の不正なエスケープ '\\{character}' です")
    static let jsonInvalidHexDigit = MessageKey("jsonInvalidHexDigit",
        en: "invalid hex digit {what} in a \\u escape",
        ja: "\\u エスケープの中の不正な 16 進数字 {what} です")
    static let jsonMissingIntegerDigit = MessageKey("jsonMissingIntegerDigit",
        en: "unexpected {what} after '-' (expected a digit)",
        ja: "'-' の後に予期しない {what} があります（数字が必要です）")
    static let jsonMissingFractionDigit = MessageKey("jsonMissingFractionDigit",
        en: "unexpected {what} after '.' in a number (expected a digit)",
        ja: "数値の '.' の後に予期しない {what} があります（数字が必要です）")
    static let jsonMissingExponentDigit = MessageKey("jsonMissingExponentDigit",
        en: "unexpected {what} in the exponent of a number (expected a digit)",
        ja: "数値の指数部に予期しない {what} があります（数字が必要です）")
    static let jsonLeadingZero = MessageKey("jsonLeadingZero",
        en: "the number {number} has a leading zero",
        ja: "数値 {number} の先頭に 0 があります")
    static let jsonNotWholeNumber = MessageKey("jsonNotWholeNumber",
        en: "the number {what} is not a whole number",
        ja: "数値 {what} は整数ではありません")
    static let jsonNumberOutOfRange = MessageKey("jsonNumberOutOfRange",
        en: "the number {number} is out of range",
        ja: "数値 {number} は範囲外です")
    static let jsonTruncated = MessageKey("jsonTruncated",
        en: "truncated JSON: the input ends {place}",
        ja: "JSON が途中で切れています: {place}で入力が終わっています")
    static let jsonEndsInsideLiteral = MessageKey("jsonEndsInsideLiteral",
        en: "inside '{literal}'",
        ja: "'{literal}' の途中")
    static let jsonEndsInsideUnicodeEscape = MessageKey("jsonEndsInsideUnicodeEscape",
        en: "inside a \\u escape",
        ja: "\\u エスケープの途中")
    static let jsonEndsInsideNumber = MessageKey("jsonEndsInsideNumber",
        en: "inside a number",
        ja: "数値の途中")
    static let jsonEndsWhereValueExpected = MessageKey("jsonEndsWhereValueExpected",
        en: "where a value was expected",
        ja: "値があるべき位置")
    static let jsonEndsInsideObject = MessageKey("jsonEndsInsideObject",
        en: "inside an object",
        ja: "オブジェクトの途中")
    static let jsonEndsInsideArray = MessageKey("jsonEndsInsideArray",
        en: "inside an array",
        ja: "配列の途中")
    static let jsonEndOfInput = MessageKey("jsonEndOfInput",
        en: "end of input",
        ja: "入力の終わり")
    static let jsonByte = MessageKey("jsonByte",
        en: "byte 0x{hex}",
        ja: "バイト 0x{hex}")

    // MARK: Data errors: timetables (ODPT, bus CSV, GTFS, holidays)

    static let jsonKindBoolean = MessageKey("jsonKindBoolean",
        en: "a boolean",
        ja: "真偽値")
    static let jsonKindNumber = MessageKey("jsonKindNumber",
        en: "a number",
        ja: "数値")
    public static let jsonKindString = MessageKey("jsonKindString",
        en: "a string",
        ja: "文字列")
    public static let jsonKindArray = MessageKey("jsonKindArray",
        en: "an array",
        ja: "配列")
    public static let jsonKindObject = MessageKey("jsonKindObject",
        en: "an object",
        ja: "オブジェクト")
}
