import Messages

// What Store says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: The state store

    static let storeOpening = MessageKey("storeOpening",
        en: "opening",
        ja: "データベースを開く処理")
    static let storeEnablingWAL = MessageKey("storeEnablingWAL",
        en: "enabling WAL",
        ja: "WAL の有効化")
    static let storeConfiguring = MessageKey("storeConfiguring",
        en: "configuring",
        ja: "データベースの設定")
    static let storeExecuting = MessageKey("storeExecuting",
        en: "executing {sql}",
        ja: "{sql} の実行")
    static let storeReadingSQL = MessageKey("storeReadingSQL",
        en: "reading {sql}",
        ja: "{sql} の結果の読み取り")
    static let storeMigrating = MessageKey("storeMigrating",
        en: "migrating",
        ja: "スキーマの移行")
    static let storeMigratingTo = MessageKey("storeMigratingTo",
        en: "migrating to schema version {version} ({summary})",
        ja: "スキーマバージョン {version}（{summary}）への移行")
    static let storeReadingEntry = MessageKey("storeReadingEntry",
        en: "reading outbox entry {id}",
        ja: "outbox のエントリ {id} の読み取り")
    static let storeReadingLog = MessageKey("storeReadingLog",
        en: "reading the delivery log of entry {id}",
        ja: "エントリ {id} の配信ログの読み取り")
    static let storeDecodingEntry = MessageKey("storeDecodingEntry",
        en: "decoding outbox entry {id}",
        ja: "outbox のエントリ {id} のデコード")
    static let storeCreatingItsDirectory = MessageKey("storeCreatingItsDirectory",
        en: "creating its directory",
        ja: "ディレクトリの作成")
    static let storeCreatingDirectory = MessageKey("storeCreatingDirectory",
        en: "creating the directory {directory}",
        ja: "ディレクトリ {directory} の作成")
    static let storeCreatingFile = MessageKey("storeCreatingFile",
        en: "creating the file",
        ja: "ファイルの作成")
    static let storeSettingMode = MessageKey("storeSettingMode",
        en: "setting mode 0600",
        ja: "モード 0600 の設定")
    static let storeCheckingEmpty = MessageKey("storeCheckingEmpty",
        en: "checking that the target is empty",
        ja: "移行先が空であることの確認")
    static let storeVerifying = MessageKey("storeVerifying",
        en: "verifying {table}",
        ja: "{table} の検証")
    static let storeBadMigrationVersion = MessageKey("storeBadMigrationVersion",
        en: "migration {summary} has version {version}, expected {expected}",
        ja: "移行 {summary} のバージョンが {version} です（{expected} のはずです）")
    static let storeJournalMode = MessageKey("storeJournalMode",
        en: "the journal mode stayed {mode} (is the file on a network file system?)",
        ja: "ジャーナルモードが {mode} のままです（ファイルがネットワークファイルシステム上にありませんか？）")
    static let storeNewerSchema = MessageKey("storeNewerSchema",
        en: "the schema version is {found}, newer than the {latest} this leavenow knows; refusing to use it (upgrade leavenow, or choose another state file)",
        ja: "スキーマバージョンが {found} で、この leavenow が知っている {latest} より新しいため使いません（leavenow を更新するか、別の状態ファイルを指定してください）")
    static let storeUnknownStatus = MessageKey("storeUnknownStatus",
        en: "unknown status {status}",
        ja: "不明な状態 {status} です")
    static let storeUnknownOutcome = MessageKey("storeUnknownOutcome",
        en: "unknown outcome {outcome}",
        ja: "不明な結果 {outcome} です")
    static let storeNotificationInvalid = MessageKey("storeNotificationInvalid",
        en: "the notification is not valid: {error}",
        ja: "通知の内容が正しくありません: {error}")
    static let storeColumnNull = MessageKey("storeColumnNull",
        en: "column {column} is NULL",
        ja: "列 {column} が NULL です")
    static let storeClosed = MessageKey("storeClosed",
        en: "the database is closed",
        ja: "データベースは閉じられています")
    static let storeNotDirectory = MessageKey("storeNotDirectory",
        en: "{directory} is not a directory",
        ja: "{directory} はディレクトリではありません")
    static let storeNotWritableBy = MessageKey("storeNotWritableBy",
        en: "{path} is not writable by {user} (it belongs to {owner}, mode {mode})",
        ja: "{path} に {user} は書き込めません（所有者 {owner}、モード {mode}）")
    static let storeNotReadableBy = MessageKey("storeNotReadableBy",
        en: "{path} is not readable by {user} (it belongs to {owner}, mode {mode})",
        ja: "{path} を {user} は読めません（所有者 {owner}、モード {mode}）")
    static let storeFixWrite = MessageKey("storeFixWrite",
        en: "{problem}: run leavenow as {owner}, or give --state a path you can write (status, outbox list, history and sources only read the state: they work on one you can read)",
        ja: "{problem}: {owner} として実行するか、書き込めるパスを --state で指定してください（status、outbox の一覧、history、sources は状態を読むだけなので、読める状態なら動きます）")
    static let storeFixRead = MessageKey("storeFixRead",
        en: "{problem}: run leavenow as {owner}, or make it readable to you (chmod a+r, or a group you share)",
        ja: "{problem}: {owner} として実行するか、読めるようにしてください（chmod a+r か、共通のグループ）")
    static let storeFixPath = MessageKey("storeFixPath",
        en: "{problem}: give --state a path you can write (or set XDG_STATE_HOME)",
        ja: "{problem}: 書き込めるパスを --state で指定してください（または XDG_STATE_HOME を設定してください）")
    static let storeOlderSchemaReadOnly = MessageKey("storeOlderSchemaReadOnly",
        en: "the schema version is {found}, older than the {latest} this leavenow reads, and the state cannot be written to upgrade it: run the worker (as the state's owner) once, then look again",
        ja: "スキーマのバージョンが {found} で、この leavenow が読む {latest} より古く、状態に書き込めないため更新できません: ワーカーを（状態の所有者として）一度動かしてから、もう一度見てください")
    static let storeTableRows = MessageKey("storeTableRows",
        en: "{table} has {count} {count|row|rows}",
        ja: "{table} に {count} 行")
    static let storeTargetOccupied = MessageKey("storeTargetOccupied",
        en: "the database already holds a leavenow state ({tables}); state migrate copies only into an empty database: give a new one, or drop its leavenow tables first",
        ja: "データベースにはすでに leavenow の状態があります（{tables}）。state migrate は空のデータベースにだけコピーします: 新しいデータベースを指定するか、先に leavenow のテーブルを削除してください")
    static let storeVerifyMismatch = MessageKey("storeVerifyMismatch",
        en: "{copied} rows read from {source} but {stored} in the target; nothing was committed",
        ja: "{source} から {copied} 行を読みましたが、移行先には {stored} 行あります。何もコミットしていません")
    static let storeBeginning = MessageKey("storeBeginning",
        en: "beginning a transaction",
        ja: "トランザクションの開始")
    static let storeBinding = MessageKey("storeBinding",
        en: "binding {count} values to {sql}",
        ja: "{sql} への {count} 個の値のバインド")
    static let storePreparing = MessageKey("storePreparing",
        en: "preparing {sql}",
        ja: "{sql} の準備")
    static let storeEncoding = MessageKey("storeEncoding",
        en: "encoding {what}",
        ja: "{what}のエンコード")
    static let storeDecoding = MessageKey("storeDecoding",
        en: "decoding {what}",
        ja: "{what}のデコード")
    static let storeRuleState = MessageKey("storeRuleState",
        en: "the state of rule {rule}",
        ja: "ルール {rule} の状態")

    // MARK: The state store: PostgreSQL URLs

    static let storeReadingPostgresURL = MessageKey("storeReadingPostgresURL",
        en: "reading the PostgreSQL URL",
        ja: "PostgreSQL の URL の読み取り")

    // MARK: The state store: PostgreSQL

    static let storeConnecting = MessageKey("storeConnecting",
        en: "connecting",
        ja: "接続")
    static let storeOutOfMemory = MessageKey("storeOutOfMemory",
        en: "out of memory",
        ja: "メモリが足りません")
    static let storeHintPassword = MessageKey("storeHintPassword",
        en: " (check the password: the URL's, the state: section's password_env / password_file, PGPASSWORD or ~/.pgpass; and the user name)",
        ja: "（パスワードを確かめてください: URL のもの、state: セクションの password_env / password_file、PGPASSWORD か ~/.pgpass。ユーザー名も）")
    static let storeHintCreateDatabase = MessageKey("storeHintCreateDatabase",
        en: " (create the database — createdb -O USER NAME — or fix its name in the URL)",
        ja: "（データベースを作るか — createdb -O USER NAME —、URL のデータベース名を直してください）")
    static let storeHintCreateRole = MessageKey("storeHintCreateRole",
        en: " (create the role — createuser NAME — or fix the user name in the URL)",
        ja: "（ロールを作るか — createuser NAME —、URL のユーザー名を直してください）")
    static let storeHintPgHba = MessageKey("storeHintPgHba",
        en: " (allow this client in the server's pg_hba.conf)",
        ja: "（サーバーの pg_hba.conf でこのクライアントを許可してください）")
    static let storeHintServerRunning = MessageKey("storeHintServerRunning",
        en: " (is the server running, and is the host / port / socket of the URL right?)",
        ja: "（サーバーは動いていますか。URL のホスト / ポート / ソケットは正しいですか）")
    static let storeNulInParameter = MessageKey("storeNulInParameter",
        en: "parameter ${index} contains a NUL character, which PostgreSQL text cannot hold",
        ja: "パラメーター ${index} に NUL 文字があります。PostgreSQL のテキストには入れられません")
    static let storeConnectionClosed = MessageKey("storeConnectionClosed",
        en: "the connection is closed",
        ja: "接続は閉じられています")
    static let storeReconnecting = MessageKey("storeReconnecting",
        en: "reconnecting after the connection was lost",
        ja: "切れた接続のつなぎ直し")
    static let storeStillUnreachableFor = MessageKey("storeStillUnreachableFor",
        en: "the server is still unreachable ({error}); next attempt in {seconds} s",
        ja: "サーバーにはまだつながりません（{error}）。次の試行は {seconds} 秒後です")
    static let storeStillUnreachable = MessageKey("storeStillUnreachable",
        en: "the server is still unreachable: {error}; next attempt in {delay}",
        ja: "サーバーにはまだつながりません: {error}。次の試行は {delay} 後です")
    static let storeGaveUpAfter = MessageKey("storeGaveUpAfter",
        en: "gave up after {attempts} {attempts|attempt|attempts} over {waited}: {error}{next}",
        ja: "{waited} の間に {attempts} 回試して諦めました: {error}{next}")
    static let storeNextAttemptIn = MessageKey("storeNextAttemptIn",
        en: "; next attempt in {delay}",
        ja: "。次の試行は {delay} 後です")
    static let storeConnectionLost = MessageKey("storeConnectionLost",
        en: "the connection to the server was lost{detail}",
        ja: "サーバーとの接続が切れました{detail}")
    static let storeNoResult = MessageKey("storeNoResult",
        en: "no result",
        ja: "結果がありません")
    static let storeNewerSchemaDatabase = MessageKey("storeNewerSchemaDatabase",
        en: "the schema version is {found}, newer than the {latest} this leavenow knows; refusing to use it (upgrade leavenow, or choose another database)",
        ja: "スキーマのバージョンは {found} で、この leavenow が知っている {latest} より新しいため使いません（leavenow を更新するか、別のデータベースを選んでください）")
    static let storeListening = MessageKey("storeListening",
        en: "listening",
        ja: "通知の待ち受け")
    static let storeListenerClosed = MessageKey("storeListenerClosed",
        en: "the listener is closed",
        ja: "待ち受けの接続は閉じられています")
    static let storeWaitingForNotifications = MessageKey("storeWaitingForNotifications",
        en: "waiting for notifications",
        ja: "通知の待機")
    static let storeConnectingListener = MessageKey("storeConnectingListener",
        en: "connecting the listener",
        ja: "待ち受けの接続")
    static let storeReconnectingListener = MessageKey("storeReconnectingListener",
        en: "reconnecting the listener after the connection was lost",
        ja: "切れた待ち受け接続のつなぎ直し")
    static let storeListenerGaveUp = MessageKey("storeListenerGaveUp",
        en: "gave up after {count} attempts: {error}",
        ja: "{count} 回試して諦めました: {error}")
    static let storeReadingColumn = MessageKey("storeReadingColumn",
        en: "reading column {index}",
        ja: "列 {index} の読み取り")
    static let storeNotInteger = MessageKey("storeNotInteger",
        en: "{value} is not an integer",
        ja: "{value} は整数ではありません")
    static let storeValueNull = MessageKey("storeValueNull",
        en: "the value is NULL",
        ja: "値が NULL です")
    static let storeReadingLogAfter = MessageKey("storeReadingLogAfter",
        en: "reading the delivery log after row {after}",
        ja: "行 {after} 以降の配信ログの読み取り")
    static let storeJoiningLeases = MessageKey("storeJoiningLeases",
        en: "joining the lease table leavenow_leases",
        ja: "リース表 leavenow_leases への参加")
    static let storeBadPartitionCount = MessageKey("storeBadPartitionCount",
        en: "the partition count in meta ({key} = {value}) is not a positive number: with no worker running, set it to {partitions} (UPDATE meta SET value = '{partitions}' WHERE key = '{key}')",
        ja: "meta のパーティション数（{key} = {value}）が正の数ではありません: ワーカーを全部止めてから {partitions} にしてください（UPDATE meta SET value = '{partitions}' WHERE key = '{key}'）")
    static let storePartitionMismatch = MessageKey("storePartitionMismatch",
        en: "it holds {agreed} partitions (0…{agreedLast}), this worker expects {partitions} (0…{partitionsLast}): start every worker with the same partition count, or, with no worker running, empty the table (DELETE FROM leavenow_leases; DELETE FROM meta WHERE key = '{key}')",
        ja: "表のパーティションは {agreed} 個（0…{agreedLast}）ですが、このワーカーは {partitions} 個（0…{partitionsLast}）のつもりです: すべてのワーカーを同じパーティション数で起動するか、ワーカーを全部止めてから表を空にしてください（DELETE FROM leavenow_leases; DELETE FROM meta WHERE key = '{key}'）")
}
