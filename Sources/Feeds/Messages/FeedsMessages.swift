import Messages

// What Feeds says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Data errors: feeds

    static let feedTooLarge = MessageKey("feedTooLarge",
        en: "the document is {bytes} bytes; feeds are decoded up to {max} bytes (10 MiB)",
        ja: "文書が {bytes} バイトあります。フィードを読むのは {max} バイト（10 MiB）までです")
    static let feedDoctype = MessageKey("feedDoctype",
        en: "feed has a DOCTYPE; refusing to parse it (entity expansion)",
        ja: "フィードに DOCTYPE があります: 読み込みを拒否します（エンティティ展開の危険）")
    static let feedTooDeep = MessageKey("feedTooDeep",
        en: "elements are nested deeper than {max} levels",
        ja: "要素の入れ子が {max} 段を超えています")
    static let feedNotWellFormed = MessageKey("feedNotWellFormed",
        en: "not well-formed XML: {explanation}",
        ja: "整形式の XML ではありません: {explanation}")
    static let feedTruncated = MessageKey("feedTruncated",
        en: "truncated: the document ends before {root} is closed",
        ja: "途中で切れています: {root} が閉じられる前に文書が終わっています")
    static let feedTheRootElement = MessageKey("feedTheRootElement",
        en: "the root element",
        ja: "ルート要素")
    static let feedHTMLPage = MessageKey("feedHTMLPage",
        en: "this is an HTML page, not a feed",
        ja: "これはフィードではなく HTML ページです")
    static let feedNotAFeed = MessageKey("feedNotAFeed",
        en: "not a feed: the root element is <{root}>; expected <feed> (Atom), <rss> (RSS 2.0) or <rdf:RDF> (RSS 1.0)",
        ja: "フィードではありません: ルート要素が <{root}> です。<feed>（Atom）、<rss>（RSS 2.0）、<rdf:RDF>（RSS 1.0）のいずれかが必要です")
    static let feedXMLEmpty = MessageKey("feedXMLEmpty",
        en: "the document is empty",
        ja: "文書が空です")
    static let feedXMLExtraContent = MessageKey("feedXMLExtraContent",
        en: "extra content after the root element",
        ja: "ルート要素の後に余分な内容があります")
    static let feedXMLInvalidUTF8 = MessageKey("feedXMLInvalidUTF8",
        en: "invalid UTF-8",
        ja: "不正な UTF-8")
    static let feedXMLInvalidCharacter = MessageKey("feedXMLInvalidCharacter",
        en: "an invalid character",
        ja: "不正な文字")
    static let feedXMLEntitySemicolon = MessageKey("feedXMLEntitySemicolon",
        en: "an entity reference is missing its ';'",
        ja: "実体参照に ';' がありません")
    static let feedXMLUndefinedEntity = MessageKey("feedXMLUndefinedEntity",
        en: "an undefined entity",
        ja: "定義されていない実体")
    static let feedXMLMalformedAttribute = MessageKey("feedXMLMalformedAttribute",
        en: "a malformed attribute",
        ja: "不正な属性")
    static let feedXMLDuplicateAttribute = MessageKey("feedXMLDuplicateAttribute",
        en: "an attribute given twice",
        ja: "属性が 2 回指定されています")
    static let feedXMLBrokenDeclaration = MessageKey("feedXMLBrokenDeclaration",
        en: "a broken XML declaration",
        ja: "壊れた XML 宣言")
    static let feedXMLExpectedGreaterThan = MessageKey("feedXMLExpectedGreaterThan",
        en: "'>' expected",
        ja: "'>' が必要です")
    static let feedXMLMismatchedTag = MessageKey("feedXMLMismatchedTag",
        en: "a closing tag does not match its opening tag",
        ja: "終了タグが開始タグと一致しません")
    static let feedXMLUnclosedElement = MessageKey("feedXMLUnclosedElement",
        en: "truncated: an element is not closed before the end of the document",
        ja: "途中で切れています: 要素が閉じられる前に文書が終わっています")
    static let feedXMLSyntax = MessageKey("feedXMLSyntax",
        en: "syntax error",
        ja: "構文エラー")
    static let feedXMLLibraryCode = MessageKey("feedXMLLibraryCode",
        en: "{words} (libxml2 code {code})",
        ja: "{words}（libxml2 のコード {code}）")
    static let feedXMLLibraryMessage = MessageKey("feedXMLLibraryMessage",
        en: "{words} (libxml2: {message})",
        ja: "{words}（libxml2: {message}）")
    static let feedUnsupportedEncoding = MessageKey("feedUnsupportedEncoding",
        en: "unsupported encoding {label} in the XML declaration",
        ja: "XML 宣言の文字コード {label} には対応していません")
    static let feedBytesNotEncoding = MessageKey("feedBytesNotEncoding",
        en: "the bytes are not valid {label} as the XML declaration says",
        ja: "XML 宣言にある {label} として正しいバイト列ではありません")
    static let feedNotXML = MessageKey("feedNotXML",
        en: "not XML: the document starts with {text}",
        ja: "XML ではありません: 文書の先頭が {text} です")
}
