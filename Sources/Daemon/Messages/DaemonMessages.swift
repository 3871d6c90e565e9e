import Messages

// What Daemon says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: The worker's primitives (Daemon)

    static let daemonCallFailed = MessageKey("daemonCallFailed",
        en: "{call} failed: {reason} (errno {code})",
        ja: "{call} に失敗しました: {reason}（errno {code}）")
    static let daemonLockHeld = MessageKey("daemonLockHeld",
        en: "another leavenow worker holds the lock {path}: two workers must not share one state directory; stop the other worker or give this one another --state",
        ja: "別の leavenow ワーカーがロック {path} を持っています: 2 つのワーカーで 1 つの状態ディレクトリは共有できません。もう一方のワーカーを止めるか、このワーカーに別の --state を指定してください")
    static let daemonLockHeldByPID = MessageKey("daemonLockHeldByPID",
        en: "another leavenow worker (pid {pid}) holds the lock {path}: two workers must not share one state directory; stop the other worker or give this one another --state",
        ja: "別の leavenow ワーカー（pid {pid}）がロック {path} を持っています: 2 つのワーカーで 1 つの状態ディレクトリは共有できません。もう一方のワーカーを止めるか、このワーカーに別の --state を指定してください")
    static let daemonInvalidEnvironment = MessageKey("daemonInvalidEnvironment",
        en: "{name}={value} cannot be used: {reason}",
        ja: "{name}={value} は使えません: {reason}")
    static let daemonAbstractSocketEmpty = MessageKey("daemonAbstractSocketEmpty",
        en: "the abstract socket name is empty",
        ja: "抽象ソケットの名前が空です")
    static let daemonSocketPath = MessageKey("daemonSocketPath",
        en: "expected an absolute socket path or @abstract-name",
        ja: "ソケットの絶対パスか @抽象名 を指定してください")
    static let daemonSocketTooLong = MessageKey("daemonSocketTooLong",
        en: "longer than a unix socket address ({max} bytes)",
        ja: "UNIX ソケットのアドレス（{max} バイト）より長いです")
    static let daemonWatchdogMicroseconds = MessageKey("daemonWatchdogMicroseconds",
        en: "expected a positive number of microseconds",
        ja: "正のマイクロ秒数を指定してください")
    static let daemonWatchdogPID = MessageKey("daemonWatchdogPID",
        en: "expected a process id",
        ja: "プロセス ID を指定してください")
}
