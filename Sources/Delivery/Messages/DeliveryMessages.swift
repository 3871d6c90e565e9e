import Messages

// What Delivery says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Delivery: channel problems and outcomes

    static let deliveryChannelPlace = MessageKey("deliveryChannelPlace",
        en: "{kind} channel {channel}",
        ja: "{kind} チャンネル {channel}")
    static let deliveryChannelProblem = MessageKey("deliveryChannelProblem",
        en: "{location}: channel {channel}: {message}",
        ja: "{location}: チャンネル {channel}: {message}")
    static let deliveryNotSent = MessageKey("deliveryNotSent",
        en: "channel {channel}: not sent",
        ja: "チャンネル {channel}: 送信されませんでした")
    static let deliveryUnknownChannel = MessageKey("deliveryUnknownChannel",
        en: "unknown channel {channel}",
        ja: "不明なチャンネル {channel} です")
    static let deliveryRedirectsNotFollowed = MessageKey("deliveryRedirectsNotFollowed",
        en: " (redirects are not followed)",
        ja: "（リダイレクトはたどりません）")
    static let deliveryDelivered = MessageKey("deliveryDelivered",
        en: "delivered",
        ja: "配信しました")
    static let deliveryDeliveredHTTP = MessageKey("deliveryDeliveredHTTP",
        en: "delivered (HTTP {status})",
        ja: "配信しました（HTTP {status}）")
    static let deliveryRetryAfter = MessageKey("deliveryRetryAfter",
        en: "retry after {after}: {reason}",
        ja: "{after}後に再試行: {reason}")
    static let deliveryRetry = MessageKey("deliveryRetry",
        en: "retry: {reason}",
        ja: "再試行: {reason}")
    static let deliveryPermanent = MessageKey("deliveryPermanent",
        en: "permanent: {reason}",
        ja: "失敗（再試行しません）: {reason}")
    static let deliveryExpired = MessageKey("deliveryExpired",
        en: "expired",
        ja: "期限切れ")
    static let deliveryDeferred = MessageKey("deliveryDeferred",
        en: "deferred until {until}",
        ja: "{until} まで延期")
    static let desktopNoBusMissing = MessageKey("desktopNoBusMissing",
        en: "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS names {path}, which does not exist): desktop notifications need a graphical session",
        ja: "D-Bus のセッションバスがありません（DBUS_SESSION_BUS_ADDRESS が指す {path} は存在しません）: デスクトップ通知にはグラフィカルセッションが必要です")
    static let desktopNoBusUnset = MessageKey("desktopNoBusUnset",
        en: "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset): desktop notifications need a graphical session",
        ja: "D-Bus のセッションバスがありません（DBUS_SESSION_BUS_ADDRESS が未設定）: デスクトップ通知にはグラフィカルセッションが必要です")
    static let desktopNotInstalled = MessageKey("desktopNotInstalled",
        en: "{program} not found in PATH ({path}): install libnotify-bin",
        ja: "PATH（{path}）に {program} がありません: libnotify-bin をインストールしてください")
    static let desktopHeldNoBus = MessageKey("desktopHeldNoBus",
        en: "{problem}; the worker holds this channel's notifications until it has a session bus: run it in your desktop session (systemctl --user) or with DBUS_SESSION_BUS_ADDRESS set, or send them to another channel",
        ja: "{problem}。セッションバスが使えるまで、ワーカーはこのチャンネルの通知を保留します。ワーカーをデスクトップのセッションで動かすか（systemctl --user）、DBUS_SESSION_BUS_ADDRESS を設定するか、通知を別のチャンネルに送ってください")
    static let desktopHeldNotInstalled = MessageKey("desktopHeldNotInstalled",
        en: "{problem}; the worker holds this channel's notifications until it is installed",
        ja: "{problem}。インストールされるまで、ワーカーはこのチャンネルの通知を保留します")
    static let desktopTimedOut = MessageKey("desktopTimedOut",
        en: "{program} did not finish within {timeout} and was killed",
        ja: "{program} が {timeout} 以内に終わらなかったため、強制終了しました")
    static let desktopFailed = MessageKey("desktopFailed",
        en: "{program} failed ({status})",
        ja: "{program} が失敗しました（{status}）")
    static let desktopNoPipe = MessageKey("desktopNoPipe",
        en: "cannot create a pipe for {program}: {reason}",
        ja: "{program} 用のパイプを作れません: {reason}")
    static let desktopCannotStart = MessageKey("desktopCannotStart",
        en: "cannot start {program}: {reason}",
        ja: "{program} を起動できません: {reason}")

    // MARK: Delivery: notify-send

    static let desktopKilledBySignal = MessageKey("desktopKilledBySignal",
        en: "killed by signal {signal}",
        ja: "シグナル {signal} で終了")
    static let desktopExitStatus = MessageKey("desktopExitStatus",
        en: "exit status {status}",
        ja: "終了ステータス {status}")
}
