import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: outbox

    static let outboxNoState = MessageKey("outboxNoState",
        en: "no state at {path} (the worker has not run yet; give --state PATH)",
        ja: "{path} に状態がありません（ワーカーがまだ動いていません。--state PATH を指定してください）")
    static let outboxBadID = MessageKey("outboxBadID",
        en: "retry: {value} is not an outbox id",
        ja: "retry: {value} は outbox の id ではありません")
    static let outboxRequeued = MessageKey("outboxRequeued",
        en: "entry {id} is pending again; a running worker sends it at its next wake-up (send SIGHUP to wake it now)",
        ja: "エントリ {id} を送信待ちに戻しました。動いているワーカーが次に起きたときに送ります（すぐに起こすには SIGHUP を送ってください）")
    static let outboxNotFound = MessageKey("outboxNotFound",
        en: "outbox entry {id} does not exist",
        ja: "outbox のエントリ {id} はありません")
    static let outboxNotRetryable = MessageKey("outboxNotRetryable",
        en: "outbox entry {id} is {status}: only a dead entry can be retried",
        ja: "outbox のエントリ {id} は {status} です: 再送できるのは dead のエントリだけです")
    static let outboxExpired = MessageKey("outboxExpired",
        en: "outbox entry {id} expired at {time}: an expired notification is never sent late, so it was not retried",
        ja: "outbox のエントリ {id} は {time} に期限切れになりました: 期限切れの通知は遅れて送らないので、再送しませんでした")
    static let outboxRemoved = MessageKey("outboxRemoved",
        en: "removed {count} {count|entry|entries}",
        ja: "{count}件を削除しました")
    static let outboxUnknownAction = MessageKey("outboxUnknownAction",
        en: "unknown outbox action {action}",
        ja: "不明な outbox の操作 {action} です")
    static let outboxBadStatus = MessageKey("outboxBadStatus",
        en: "--status: {value} is not one of {list}",
        ja: "--status: {value} は {list} のいずれでもありません")
    static let outboxStatusCount = MessageKey("outboxStatusCount",
        en: "{count} {status}",
        ja: "{status} {count}件")
    static let outboxHeaderStatus = MessageKey("outboxHeaderStatus",
        en: "STATUS",
        ja: "状態")
    static let outboxHeaderTries = MessageKey("outboxHeaderTries",
        en: "TRIES",
        ja: "試行")
    static let outboxHeaderWhen = MessageKey("outboxHeaderWhen",
        en: "NEXT / DONE",
        ja: "次回 / 完了")
    static let outboxHeaderRule = MessageKey("outboxHeaderRule",
        en: "RULE",
        ja: "ルール")
    static let outboxHeaderChannel = MessageKey("outboxHeaderChannel",
        en: "CHANNEL",
        ja: "チャンネル")
    static let headerLastError = MessageKey("headerLastError",
        en: "LAST ERROR",
        ja: "最後のエラー")
}
