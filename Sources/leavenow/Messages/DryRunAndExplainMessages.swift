import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: dry-run and explain

    static let dryRunTooLong = MessageKey("dryRunTooLong",
        en: "a dry run covers at most {days} days",
        ja: "ドライランで扱えるのは {days} 日までです")
    static let dryRunNeedsTime = MessageKey("dryRunNeedsTime",
        en: "give --at TIME, or --from TIME and --to TIME",
        ja: "--at TIME か、--from TIME と --to TIME を指定してください")
    static let dryRunFixturesOrState = MessageKey("dryRunFixturesOrState",
        en: "give --fixtures (recorded snapshots) or --state (the source cache), not both",
        ja: "--fixtures（記録したスナップショット）か --state（ソースキャッシュ）のどちらか一方を指定してください")
    static let dryRunHeader = MessageKey("dryRunHeader",
        en: "dry run {from} → {to}; nothing is sent",
        ja: "ドライラン {from} → {to}（何も送信しません）")
    static let dryRunNothing = MessageKey("dryRunNothing",
        en: "Nothing would be sent.",
        ja: "送信される通知はありません。")
    static let dryRunUnknown = MessageKey("dryRunUnknown",
        en: "rule {rule}: departures of board {board} are unknown on {dates} ({causes}): nothing is sent for them",
        ja: "ルール {rule}: ボード {board} の {dates} の発車は分かりません（{causes}）。それらの通知は送られません")
    static let dryRunChannelHeld = MessageKey("dryRunChannelHeld",
        en: "held: channel {channel}: {problem} (its notifications are marked held below)",
        ja: "保留: チャンネル {channel}: {problem}（以下、このチャンネルの通知には「保留」と付けます）")
    static let dryRunHeldMark = MessageKey("dryRunHeldMark",
        en: "{channel} (held)",
        ja: "{channel}（保留）")
    static let explainNeedsAt = MessageKey("explainNeedsAt",
        en: "--at TIME is required",
        ja: "--at TIME を指定してください")
    static let explainNoRule = MessageKey("explainNoRule",
        en: "no rule {rule} ({suggestion}rules: {known})",
        ja: "ルール {rule} はありません（{suggestion}定義済みのルール: {known}）")
    static let explainHeader = MessageKey("explainHeader",
        en: "rule {rule} ({kind}) at {at} — defined at {location}",
        ja: "ルール {rule}（{kind}）{at} の時点 — 定義: {location}")
    static let explainNoFire = MessageKey("explainNoFire",
        en: "→ does not fire at this time",
        ja: "→ この時刻には通知しません")
    static let explainFires = MessageKey("explainFires",
        en: "→ fires: {texts}",
        ja: "→ 通知します: {texts}")
    static let explainNext = MessageKey("explainNext",
        en: "→ next time it could fire: {time}",
        ja: "→ 次に通知しうる時刻: {time}")
    static let explainNoTimeAhead = MessageKey("explainNoTimeAhead",
        en: "→ no time ahead: it runs again only when a source it reads has new data",
        ja: "→ この先の予定はありません: 読んでいるソースに新しいデータが来たときだけ、もう一度評価します")
}
