import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Health, history and status

    static let healthSubjectWorkers = MessageKey("healthSubjectWorkers",
        en: "the workers",
        ja: "共有状態のワーカー")
    static let historyBadSince = MessageKey("historyBadSince",
        en: "--since: {value} is not a time (use 2024-12-22T10:32:00+09:00 or 2024-12-22T10:32)",
        ja: "--since: {value} は時刻ではありません（2024-12-22T10:32:00+09:00 か 2024-12-22T10:32 の形で書いてください）")
    static let historyNoRule = MessageKey("historyNoRule",
        en: "no rule {rule} in the configuration or the recorded history ({hint})",
        ja: "ルール {rule} は設定にも記録された履歴にもありません（{hint}）")
    static let historySince = MessageKey("historySince",
        en: " since {time}",
        ja: "（{time} 以降）")
    static let historyNone = MessageKey("historyNone",
        en: "rule {rule}: no evaluation recorded{since} (the worker records each evaluation of a rule and keeps the last {keep})",
        ja: "ルール {rule}: 記録された評価はありません{since}（ワーカーはルールを評価するたびに記録し、最新 {keep} 件を残します）")
    static let historyHeader = MessageKey("historyHeader",
        en: "rule {rule} ({kind}): {count} {count|evaluation|evaluations} recorded{since}, oldest first (the worker keeps the last {keep} of each rule)",
        ja: "ルール {rule}（{kind}）: 記録された評価 {count} 件{since}、古い順（ワーカーはルールごとに最新 {keep} 件を残します）")
    static let historyUnreadable = MessageKey("historyUnreadable",
        en: "(a record this leavenow cannot read)",
        ja: "（この leavenow では読めない記録）")
    static let historyTriggerStart = MessageKey("historyTriggerStart",
        en: "run as the worker started (or reloaded its rules)",
        ja: "ワーカーの起動（またはルールの再読み込み）で実行")
    static let historyTriggerTime = MessageKey("historyTriggerTime",
        en: "run at the time it asked for",
        ja: "予定した時刻に実行")
    static let historyTriggerData = MessageKey("historyTriggerData",
        en: "run on new data from {sources}",
        ja: "{sources} の新しいデータで実行")
    static let historyFact = MessageKey("historyFact",
        en: "{kind} {source}",
        ja: "{kind}「{source}」")
    static let historyFactNoData = MessageKey("historyFactNoData",
        en: " (no data yet)",
        ja: "（まだデータなし）")
    static let historyFactFetched = MessageKey("historyFactFetched",
        en: " (fetched {time}, {age} before)",
        ja: "（{time} 取得、{age}前）")
    static let historyFactSeparator = MessageKey("historyFactSeparator",
        en: "; ",
        ja: "、")
    static let historyKindRealtime = MessageKey("historyKindRealtime",
        en: "realtime feed",
        ja: "リアルタイムフィード")
    static let historyRead = MessageKey("historyRead",
        en: "  read: {facts}",
        ja: "  参照: {facts}")
    static let historyDecidedSend = MessageKey("historyDecidedSend",
        en: "  decided: send {count} {count|notification|notifications}",
        ja: "  判断: 通知 {count} 件を送る")
    static let historyDecidedHeld = MessageKey("historyDecidedHeld",
        en: "  decided: nothing now; {count} {count|notification waits|notifications wait} for the quiet hours to end at {time}",
        ja: "  判断: いまは送らない。通知 {count} 件が静かな時間の終わり（{time}）を待っています")
    static let historyDecidedNothing = MessageKey("historyDecidedNothing",
        en: "  decided: nothing to send",
        ja: "  判断: 送るものなし")
    static let historyQueued = MessageKey("historyQueued",
        en: "  queued: {key} → {channels}",
        ja: "  キューに追加: {key} → {channels}")
    static let historyWhy = MessageKey("historyWhy",
        en: "  why:",
        ja: "  理由:")
    static let historyNext = MessageKey("historyNext",
        en: "  next: {time}",
        ja: "  次回: {time}")
    static let historyNextOnData = MessageKey("historyNextOnData",
        en: "  next: only on new data",
        ja: "  次回: 新しいデータが来たときだけ")
    static let healthDetailWorkerStopped = MessageKey("healthDetailWorkerStopped",
        en: "is not running (last pass by pid {pid}): no rule runs, nothing is sent",
        ja: "停止しています（最後のパスは pid {pid}）。ルールは評価されず、何も送られません")
    static let healthDetailWorkerNever = MessageKey("healthDetailWorkerNever",
        en: "has not run yet (leavenow run)",
        ja: "まだ一度も動いていません（leavenow run で起動します）")
    static let healthDetailWorkerSignalled = MessageKey("healthDetailWorkerSignalled",
        en: "stopped at {time} by SIGTERM or SIGINT (pid {pid}): no rule runs, nothing is sent",
        ja: "{time} に SIGTERM または SIGINT で停止しました（pid {pid}）。ルールは評価されず、何も送られません")
    static let healthDetailFleetDown = MessageKey("healthDetailFleetDown",
        en: "none is live (the last heartbeat was {heartbeat}, pid {pid} on {host}; the lease TTL is {ttl} s): no rule runs, nothing is sent",
        ja: "稼働中のものがありません（最後のハートビートは {heartbeat}、{host} の pid {pid}。リースの TTL は {ttl} 秒）。ルールは評価されず、何も送られません")
    static let statusHealthOK = MessageKey("statusHealthOK",
        en: "health: ok (for what the rules use: every board loads, no source failing for {stale}, no feed ending within {days} days, no channel failing {failures} times in a row, no secret missing)",
        ja: "健康状態: 問題なし（ルールが使うものについては、すべてのボードが読み込め、{stale}以上失敗しているソースはなく、{days} 日以内に運行期間が終わるフィードも、{failures} 回続けて失敗しているチャンネルも、見つからないシークレットもありません）")
    static let statusHealthProblems = MessageKey("statusHealthProblems",
        en: "health: {count} {count|problem|problems} (exit status 1)",
        ja: "健康状態: 問題 {count} 件（終了コード 1）")
    static let statusHealthInformation = MessageKey("statusHealthInformation",
        en: "not counted as problems, since no rule depends on them:",
        ja: "問題には数えないもの（どのルールも使っていません）:")
    static let statusNoState = MessageKey("statusNoState",
        en: "no state at {path}: the worker has not run yet (leavenow run --state {path})",
        ja: "{path} に状態がありません: ワーカーはまだ動いていません（leavenow run --state {path}）")
    static let statusCannotRead = MessageKey("statusCannotRead",
        en: "cannot read the state: {error}",
        ja: "状態を読めません: {error}")
    static let statusNoLocalWorker = MessageKey("statusNoLocalWorker",
        en: "no worker running on this machine with the cache directory {directory} says how it reaches the database",
        ja: "キャッシュディレクトリ {directory} を使うワーカーはこのマシンで動いておらず、データベースへの接続状況は分かりません")
    static let statusWorkerRunning = MessageKey("statusWorkerRunning",
        en: "worker: running (pid {pid}), last pass {last}, next wake-up {next}",
        ja: "ワーカー: 稼働中（pid {pid}）、最後のパス {last}、次の起床 {next}")
    static let statusWorkerStopped = MessageKey("statusWorkerStopped",
        en: "worker: not running (last pass {last} by pid {pid})",
        ja: "ワーカー: 停止中（最後のパス {last}、pid {pid}）")
    static let statusWorkerOnce = MessageKey("statusWorkerOnce",
        en: "worker: ran once (run --once, last pass {last} by pid {pid})",
        ja: "ワーカー: 1 回だけ実行（run --once、最後のパス {last}、pid {pid}）")
    static let statusWorkerNeverRan = MessageKey("statusWorkerNeverRan",
        en: "worker: has not run yet",
        ja: "ワーカー: まだ動いたことがありません")
    static let statusWorkerFinished = MessageKey("statusWorkerFinished",
        en: "worker: stopped cleanly at {time}, as run --until asked (pid {pid}); not a health problem",
        ja: "ワーカー: run --until の指定どおり {time} に正常終了しました（pid {pid}）。健康上の問題ではありません")
    static let statusWorkerSignalled = MessageKey("statusWorkerSignalled",
        en: "worker: stopped at {time} by SIGTERM or SIGINT (pid {pid})",
        ja: "ワーカー: {time} に SIGTERM または SIGINT で停止しました（pid {pid}）")
    static let statusFleetRunning = MessageKey("statusFleetRunning",
        en: "workers: {live} of {count} live (a heartbeat within the lease TTL of {ttl} s), holding {held} of {partitions} partitions",
        ja: "ワーカー: {count} 台中 {live} 台が稼働中（リースの TTL {ttl} 秒以内にハートビートあり）、パーティション {partitions} 個中 {held} 個をリース中")
    static let statusFleetNone = MessageKey("statusFleetNone",
        en: "workers: none live (the last heartbeat {heartbeat}; the lease TTL is {ttl} s)",
        ja: "ワーカー: 稼働中のものはありません（最後のハートビート {heartbeat}、リースの TTL {ttl} 秒）")
    static let statusFleetGone = MessageKey("statusFleetGone",
        en: "worker {worker} (pid {pid} on {host}) is gone: its last heartbeat was {heartbeat}; live workers took its partitions over",
        ja: "ワーカー {worker}（{host} の pid {pid}）は停止しています。最後のハートビートは {heartbeat}。そのパーティションは稼働中のワーカーが引き継ぎました")
    static let statusFleetChangingHands = MessageKey("statusFleetChangingHands",
        en: "{count} {count|partition is|partitions are} changing hands: handed back at a worker's last heartbeat, taken at the next heartbeat of a worker below its share",
        ja: "{count} 個のパーティションがワーカー間で受け渡し中です（あるワーカーが直前のハートビートで返却し、取り分の少ないワーカーが次のハートビートで引き取ります）")
    static let statusDatabaseConnected = MessageKey("statusDatabaseConnected",
        en: "worker pid {pid} on this machine: connected to {url} since {since}",
        ja: "このマシンのワーカー pid {pid}: {since} から {url} に接続中")
    static let statusDatabaseWaiting = MessageKey("statusDatabaseWaiting",
        en: "worker pid {pid} on this machine: waiting for the PostgreSQL server {url} since {since} (not started: no rule runs until it answers), {attempts} failed {attempts|attempt|attempts}{next}{error}",
        ja: "このマシンのワーカー pid {pid}: {since} から PostgreSQL サーバー {url} を待っています（未開始: 応答するまでルールは評価されません）。失敗 {attempts} 回{next}{error}")
    static let statusDatabaseNextAttempt = MessageKey("statusDatabaseNextAttempt",
        en: ", next at {time}",
        ja: "、次は {time}")
    static let statusDatabaseError = MessageKey("statusDatabaseError",
        en: ": {error}",
        ja: "：{error}")
    static let statusDatabaseUnreachable = MessageKey("statusDatabaseUnreachable",
        en: "worker pid {pid} on this machine: cannot reach the PostgreSQL server {url} since {since} (its rules' decisions wait; its leases lapse){error}",
        ja: "このマシンのワーカー pid {pid}: {since} から PostgreSQL サーバー {url} に届きません（ルールの判断は待機中、リースは期限切れになります）{error}")
    static let statusWorkersHeader = MessageKey("statusWorkersHeader",
        en: "workers sharing the PostgreSQL state:",
        ja: "PostgreSQL の状態を共有するワーカー:")
    static let statusNoLeases = MessageKey("statusNoLeases",
        en: "(none has taken partition leases)",
        ja: "（パーティションのリースを取ったワーカーはありません）")
    static let statusHeaderHost = MessageKey("statusHeaderHost",
        en: "HOST",
        ja: "ホスト")
    static let statusHeaderPID = MessageKey("statusHeaderPID",
        en: "PID",
        ja: "プロセス ID")
    static let statusHeaderLeases = MessageKey("statusHeaderLeases",
        en: "LEASES",
        ja: "リース")
    static let statusHeaderHeartbeat = MessageKey("statusHeaderHeartbeat",
        en: "LAST HEARTBEAT",
        ja: "最後のハートビート")
    static let statusHeaderState = MessageKey("statusHeaderState",
        en: "STATE",
        ja: "状態")
    static let statusHeaderLastPass = MessageKey("statusHeaderLastPass",
        en: "LAST PASS",
        ja: "最後のパス")
    static let statusStateLive = MessageKey("statusStateLive",
        en: "live",
        ja: "稼働中")
    static let statusStateGone = MessageKey("statusStateGone",
        en: "gone",
        ja: "停止")
    static let statusHeaderNextWake = MessageKey("statusHeaderNextWake",
        en: "NEXT WAKE-UP",
        ja: "次の起床")
    static let statusHeaderSource = MessageKey("statusHeaderSource",
        en: "SOURCE",
        ja: "ソース")
    static let statusLeaseProblem = MessageKey("statusLeaseProblem",
        en: "lease table: {problem}",
        ja: "リース表: {problem}")
    static let statusRules = MessageKey("statusRules",
        en: "rules:",
        ja: "ルール:")
    static let statusNeverUnloadable = MessageKey("statusNeverUnloadable",
        en: "never: board {board} has no loadable source",
        ja: "なし: ボード {board} に読み込めるソースがありません")
    static let statusNever = MessageKey("statusNever",
        en: "never: {reason}",
        ja: "なし: {reason}")
    static let statusOnNewData = MessageKey("statusOnNewData",
        en: "on new data",
        ja: "新しいデータが来たとき")
    static let statusRuleUnheld = MessageKey("statusRuleUnheld",
        en: "not evaluated: no live worker holds its partition",
        ja: "評価されていません（パーティションを持つ稼働中のワーカーがいません）")
    static let statusBoards = MessageKey("statusBoards",
        en: "boards:",
        ja: "ボード:")
    static let statusEverySourceLoaded = MessageKey("statusEverySourceLoaded",
        en: "every source loaded",
        ja: "すべてのソースを読み込めました")
    static let statusStaleSources = MessageKey("statusStaleSources",
        en: "stale sources:",
        ja: "古いソース:")
    static let statusStaleLine = MessageKey("statusStaleLine",
        en: "{source}: last fetch {fetched}",
        ja: "{source}: 最後の取得 {fetched}")
    static let statusAgo = MessageKey("statusAgo",
        en: "{age} ago",
        ja: "{age}前")
    static let statusNeverFetched = MessageKey("statusNeverFetched",
        en: "never",
        ja: "なし")
    static let statusLastError = MessageKey("statusLastError",
        en: "; last error: {error}",
        ja: "、最後のエラー: {error}")
    static let statusOverdue = MessageKey("statusOverdue",
        en: "; refresh overdue since {time}",
        ja: "、更新が {time} から遅れています")
    static let statusFeeds = MessageKey("statusFeeds",
        en: "feeds:",
        ja: "フィード:")
    static let statusNoFeedEnding = MessageKey("statusNoFeedEnding",
        en: "no feed's service ends within {days} days",
        ja: "{days} 日以内に運行期間が終わるフィードはありません")
    static let statusFeedLine = MessageKey("statusFeedLine",
        en: "board {board}: {source}: {notice}",
        ja: "ボード {board}: {source}: {notice}")
    static let statusSources = MessageKey("statusSources",
        en: "sources:",
        ja: "ソース:")
    static let statusNoSourcesFetched = MessageKey("statusNoSourcesFetched",
        en: "(none fetched by the worker yet)",
        ja: "（ワーカーはまだ何も取得していません）")
    static let statusOutbox = MessageKey("statusOutbox",
        en: "outbox: {counts}",
        ja: "送信キュー: {counts}")
    static let statusHeld = MessageKey("statusHeld",
        en: "held: channel {channel}: {count} {count|notification|notifications} waiting for its secret {secret}, which the worker did not find (set it, then reload: SIGHUP or restart)",
        ja: "保留: チャンネル {channel}: 通知 {count} 件がシークレット {secret} を待っています。ワーカーはこれを見つけられませんでした（設定してから再読み込みしてください: SIGHUP か再起動）")
    static let statusHeldNoSessionBus = MessageKey("statusHeldNoSessionBus",
        en: "held: channel {channel}: {count} {count|notification|notifications} waiting for a D-Bus session bus, which the worker does not have (run it in the desktop session: systemctl --user, or send them to another channel)",
        ja: "保留: チャンネル {channel}: 通知 {count} 件が D-Bus のセッションバスを待っています。ワーカーにはセッションバスがありません。デスクトップのセッションで動かす（systemctl --user）か、別のチャンネルに送ってください")
    static let statusHeldNoNotifySend = MessageKey("statusHeldNoNotifySend",
        en: "held: channel {channel}: {count} {count|notification|notifications} waiting for notify-send, which the worker did not find (install libnotify-bin)",
        ja: "保留: チャンネル {channel}: 通知 {count} 件が notify-send を待っています。ワーカーはこれを見つけられませんでした（libnotify-bin をインストールしてください）")
    static let checkHeartbeatNoURL = MessageKey("checkHeartbeatNoURL",
        en: "{place}: no heartbeat URL: {reasons}; the worker pings nothing until a reload finds it",
        ja: "{place}: heartbeat の URL がありません: {reasons}。再読み込みで見つかるまでワーカーは ping しません")
}
