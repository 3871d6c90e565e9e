import Messages

// What Realtime says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Data errors: GTFS-Realtime

    static let realtimeEmpty = MessageKey("realtimeEmpty",
        en: "empty body (0 bytes), not a GTFS-Realtime FeedMessage",
        ja: "本文が空です（0 バイト）: GTFS-Realtime の FeedMessage ではありません")
    static let realtimeTooLarge = MessageKey("realtimeTooLarge",
        en: "{size} bytes is more than the {limit}-byte cap for a GTFS-Realtime feed",
        ja: "{size} バイトは GTFS-Realtime フィードの上限 {limit} バイトを超えています")
    static let realtimeNotAFeedMessage = MessageKey("realtimeNotAFeedMessage",
        en: "not a GTFS-Realtime FeedMessage: protobuf-c could not unpack the {size} bytes (truncated, corrupt, another message type, or a required field such as header.gtfs_realtime_version missing)",
        ja: "GTFS-Realtime の FeedMessage ではありません: protobuf-c が {size} バイトを展開できませんでした（途中で切れている、壊れている、別のメッセージ型、または header.gtfs_realtime_version などの必須フィールドがない）")
    static let realtimeHintWhitespace = MessageKey("realtimeHintWhitespace",
        en: "the body is only whitespace",
        ja: "本文は空白だけです")
    static let realtimeHintJSON = MessageKey("realtimeHintJSON",
        en: "the body starts with {character}: it looks like JSON, not protobuf",
        ja: "本文が {character} で始まっています: protobuf ではなく JSON のようです")
    static let realtimeHintMarkup = MessageKey("realtimeHintMarkup",
        en: "the body starts with \"<\": it looks like HTML or XML, not protobuf",
        ja: "本文が \"<\" で始まっています: protobuf ではなく HTML か XML のようです")
}
