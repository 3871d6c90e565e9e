import Messages

// What leavenow says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Help, version and completion (the command table)

    static let helpTitle = MessageKey("helpTitle",
        en: "leavenow — tells you when to leave.",
        ja: "leavenow — いつ出発すればよいかを教えます。")
    static let helpCommandHelp = MessageKey("helpCommandHelp",
        en: "leavenow COMMAND --help (or leavenow help COMMAND) lists a command's options; leavenow --version prints the version.",
        ja: "leavenow COMMAND --help（または leavenow help COMMAND）でコマンドのオプションを、leavenow --version でバージョンを表示します。")
    static let helpCommandsHeading = MessageKey("helpCommandsHeading",
        en: "commands:",
        ja: "コマンド:")
    static let helpOptionsHeading = MessageKey("helpOptionsHeading",
        en: "options:",
        ja: "オプション:")
    static let helpNotes = MessageKey("helpNotes",
        en: "TIME is ISO 8601 with an offset (2024-12-22T10:32:00+09:00) or a wall time in the board's\ntimezone (2024-12-22T10:32, or 10:32 for today); a date alone is the start of that day, its end\nfor --to and --until. With no command, leavenow prints this help (exit 0, like leavenow help). Rules come from --rules, else $XDG_CONFIG_HOME/leavenow/rules, else ./rules\n(the first that exists). State (the worker's state.db and the source cache in sources/) lives in --state (a directory or a\n.db file), $STATE_DIRECTORY under systemd, else $XDG_STATE_HOME/leavenow, else $HOME/.local/state/leavenow\n(the first that is set).\n--state postgresql://… (or postgres://) keeps it in PostgreSQL, shared by several workers; the\nsource cache is then in --cache-dir or that default directory.\nFor testing, LEAVENOW_SOURCE_BASE_URL=http://127.0.0.1:PORT sends every fetch to that server.\nExit codes: 0 ok, 1 failure, 64 bad usage (an unknown board, rule, channel or source too),\n75 run --once whose pass ran but a source failed.",
        ja: "TIME はオフセット付きの ISO 8601（2024-12-22T10:32:00+09:00）か、ボードのタイムゾーンの時刻\n（2024-12-22T10:32。今日なら 10:32 だけでも）です。日付だけならその日の始まり、--to と --until ではその日の終わりです。\nコマンドなしの leavenow はこのヘルプを表示します（leavenow help と同じく終了コード 0）。ルールは --rules、$XDG_CONFIG_HOME/leavenow/rules、./rules の順に探します。\n状態（ワーカーの state.db と sources/ のソースキャッシュ）は --state（ディレクトリか .db ファイル）、\nsystemd では $STATE_DIRECTORY、それ以外は $XDG_STATE_HOME/leavenow か $HOME/.local/state/leavenow です。\n--state postgresql://…（または postgres://）は状態を PostgreSQL に置き、複数のワーカーで共有します。\nそのときソースキャッシュは --cache-dir か上の既定のディレクトリです。\nテストでは LEAVENOW_SOURCE_BASE_URL=http://127.0.0.1:PORT ですべての取得をそのサーバーに送ります。\n終了コード: 0 成功、1 失敗、64 使い方の誤り（存在しないボード・ルール・チャンネル・ソースも）、\n75 run --once の処理は済んだがソースの取得に失敗。")
    static let helpNext = MessageKey("helpNext",
        en: "upcoming departures of a board, and when to leave",
        ja: "ボードの次の発車と、出発する時刻")
    static let helpBoard = MessageKey("helpBoard",
        en: "a whole service day as a departure board",
        ja: "1 日分の発車を時刻表の形で表示")
    static let helpHolidays = MessageKey("helpHolidays",
        en: "Japanese national holidays",
        ja: "日本の祝日")
    static let helpCheck = MessageKey("helpCheck",
        en: "check the configuration: every problem at its file:line:col",
        ja: "設定を検査し、問題をすべて file:line:col で表示")
    static let helpDryRun = MessageKey("helpDryRun",
        en: "what the rules would send over a span of time; sends nothing",
        ja: "ある期間にルールが送る通知（何も送信しない）")
    static let helpExplain = MessageKey("helpExplain",
        en: "why a rule fires or does not at a time",
        ja: "ある時刻にルールが通知する理由・しない理由")
    static let helpTest = MessageKey("helpTest",
        en: "run the rule tests",
        ja: "ルールのテストを実行")
    static let helpFetch = MessageKey("helpFetch",
        en: "fetch the live sources now into the source cache",
        ja: "ライブソースを今すぐ取得してソースキャッシュに保存")
    static let helpSources = MessageKey("helpSources",
        en: "the live sources and what the cache holds for each",
        ja: "ライブソースと、それぞれのキャッシュの内容")
    static let helpRun = MessageKey("helpRun",
        en: "run the worker: fetch, run the rules, send the notifications",
        ja: "ワーカーを実行（取得、ルールの評価、通知の送信）")
    static let helpStatus = MessageKey("helpStatus",
        en: "the worker, its rules, sources, outbox and channels",
        ja: "ワーカーと、そのルール・ソース・送信キュー・チャンネルの状態")
    static let helpHistory = MessageKey("helpHistory",
        en: "the evaluations of a rule the worker recorded: when, why, the facts it read, what it decided and queued",
        ja: "ワーカーが記録したルールの評価: いつ・なぜ・読んだデータ・判断と送信キューに入れたもの")
    static let helpHistoryDetails = MessageKey("helpHistoryDetails",
        en: "Oldest first. The worker keeps the last 20 evaluations of each rule (history: keep: N in the configuration); explain is the simulation, this is what happened.",
        ja: "古い順。ワーカーは各ルールの直近 20 回の評価を保存します（設定の history: keep: N）。explain はシミュレーション、こちらは実際に起きたことです。")
    static let helpOutbox = MessageKey("helpOutbox",
        en: "list, retry or purge the notifications of the outbox",
        ja: "送信キューの通知の一覧・再送・削除")
    static let helpNotify = MessageKey("helpNotify",
        en: "send one test notification through a channel, now",
        ja: "チャンネルからテスト通知を 1 件、今すぐ送信")
    static let helpState = MessageKey("helpState",
        en: "copy an SQLite state into an empty PostgreSQL database",
        ja: "SQLite の状態を空の PostgreSQL データベースへコピー")
    static let helpCompletion = MessageKey("helpCompletion",
        en: "shell completion for bash or zsh",
        ja: "bash・zsh の補完スクリプト")
    static let helpVersion = MessageKey("helpVersion",
        en: "the version and the git commit of this build",
        ja: "バージョンとビルド元の git コミット")
    static let helpHelp = MessageKey("helpHelp",
        en: "help on the commands, or on one",
        ja: "コマンドのヘルプ")
    static let helpOptionHelp = MessageKey("helpOptionHelp",
        en: "this help",
        ja: "このヘルプを表示")
    static let helpOptionRules = MessageKey("helpOptionRules",
        en: "the rules directory (default $XDG_CONFIG_HOME/leavenow/rules when it exists, else ./rules)",
        ja: "ルールのディレクトリ（既定: $XDG_CONFIG_HOME/leavenow/rules があればそれ、なければ ./rules）")
    static let helpOptionState = MessageKey("helpOptionState",
        en: "the worker's state: a directory, a .db file or a postgresql:// URL (default: the state: section of the rules, else $XDG_STATE_HOME/leavenow)",
        ja: "ワーカーの状態: ディレクトリ、.db ファイル、postgresql:// の URL（既定: ルールの state: セクション、なければ $XDG_STATE_HOME/leavenow）")
    static let helpOptionStateCache = MessageKey("helpOptionStateCache",
        en: "the state directory whose source cache holds fetched timetables and realtime (default $XDG_STATE_HOME/leavenow)",
        ja: "取得済みの時刻表とリアルタイム情報を読むソースキャッシュの状態ディレクトリ（既定: $XDG_STATE_HOME/leavenow）")
    static let helpOptionStateDryRun = MessageKey("helpOptionStateDryRun",
        en: "answer from the source cache of this state (the last good data) instead of fixtures",
        ja: "フィクスチャの代わりにこの状態のソースキャッシュ（最後に取得できたデータ）で答える")
    static let helpOptionCacheDirectory = MessageKey("helpOptionCacheDirectory",
        en: "the source cache directory when --state is a PostgreSQL URL (default $XDG_STATE_HOME/leavenow)",
        ja: "--state が PostgreSQL の URL のときのソースキャッシュのディレクトリ（既定: $XDG_STATE_HOME/leavenow）")
    static let helpOptionFixtures = MessageKey("helpOptionFixtures",
        en: "recorded source snapshots instead of the network",
        ja: "ネットワークの代わりに使う、記録済みのソースのスナップショット")
    static let helpOptionJSON = MessageKey("helpOptionJSON",
        en: "JSON for programs (snake_case keys, English whatever the language)",
        ja: "プログラム向けの JSON（キーは snake_case、言語の設定によらず英語）")
    static let helpOptionStrict = MessageKey("helpOptionStrict",
        en: "exit 1 when there is any warning too (for CI)",
        ja: "警告が 1 件でもあれば終了コード 1（CI 向け）")
    static let helpOptionAtNext = MessageKey("helpOptionAtNext",
        en: "the time to answer for (default now)",
        ja: "この時刻の時点で答える（既定: 現在）")
    static let helpOptionCount = MessageKey("helpOptionCount",
        en: "how many departures (1–1000, default 5)",
        ja: "表示する発車の数（1〜1000、既定 5）")
    static let helpOptionDate = MessageKey("helpOptionDate",
        en: "the service date (default: the date of --at)",
        ja: "運行日（既定: --at の日付）")
    static let helpOptionAtBoard = MessageKey("helpOptionAtBoard",
        en: "the time realtime is read at (default now)",
        ja: "リアルタイム情報を読む時刻（既定: 現在）")
    static let helpOptionYear = MessageKey("helpOptionYear",
        en: "the holidays of one year (1955 on)",
        ja: "1 年分の祝日（1955 年以降）")
    static let helpOptionFromDate = MessageKey("helpOptionFromDate",
        en: "the first date of a range (with --to)",
        ja: "期間の最初の日（--to と一緒に）")
    static let helpOptionToDate = MessageKey("helpOptionToDate",
        en: "the last date of the range",
        ja: "期間の最後の日")
    static let helpOptionRulesHolidays = MessageKey("helpOptionRulesHolidays",
        en: "accepted like every command's --rules; the national holidays do not depend on it",
        ja: "ほかのコマンドと同じく受け付けます（国民の祝日はルールによりません）")
    static let helpOptionAtDryRun = MessageKey("helpOptionAtDryRun",
        en: "what would be sent at one instant",
        ja: "この時刻に送られる通知")
    static let helpOptionFromTime = MessageKey("helpOptionFromTime",
        en: "the start of a span (with --to)",
        ja: "期間の始まり（--to と一緒に）")
    static let helpOptionToTime = MessageKey("helpOptionToTime",
        en: "the end of the span (at most 400 days after --from)",
        ja: "期間の終わり（--from から 400 日以内）")
    static let helpOptionAtExplain = MessageKey("helpOptionAtExplain",
        en: "the instant to explain (required)",
        ja: "説明する時刻（必須）")
    static let helpOptionOnce = MessageKey("helpOptionOnce",
        en: "run one pass and exit (for cron)",
        ja: "1 回だけ処理して終了（cron 向け）")
    static let helpOptionSimulateFrom = MessageKey("helpOptionSimulateFrom",
        en: "run on a simulated clock that starts at TIME (a demo)",
        ja: "TIME から始まる模擬時計で動かす（デモ用）")
    static let helpOptionSpeed = MessageKey("helpOptionSpeed",
        en: "how many times faster the simulated clock runs (default 1)",
        ja: "模擬時計を何倍速で進めるか（既定 1）")
    static let helpOptionSimulateAnchor = MessageKey("helpOptionSimulateAnchor",
        en: "the real time at which the simulated clock read TIME (seconds since the epoch, or ISO 8601; default now)",
        ja: "模擬時計が TIME を指していた実時刻（エポック秒か ISO 8601、既定: 現在）")
    static let helpOptionUntil = MessageKey("helpOptionUntil",
        en: "stop when the clock passes TIME",
        ja: "時計が TIME を過ぎたら終了")
    static let helpOptionOutboxStatus = MessageKey("helpOptionOutboxStatus",
        en: "the statuses to list or purge, separated by commas (pending, delivered, dead, expired)",
        ja: "一覧・削除する状態をカンマ区切りで（pending、delivered、dead、expired）")
    static let helpOptionLimit = MessageKey("helpOptionLimit",
        en: "list at most N entries (default 50)",
        ja: "一覧するエントリの上限（既定 50）")
    static let helpOptionHistorySince = MessageKey("helpOptionHistorySince",
        en: "show the evaluations at or after TIME (ISO 8601, or a wall time in the rule's timezone)",
        ja: "TIME 以降の評価を表示（ISO 8601、またはルールのタイムゾーンの時刻）")
    static let helpOptionHistoryLimit = MessageKey("helpOptionHistoryLimit",
        en: "show the last N evaluations (1–100000, default 100)",
        ja: "直近 N 件の評価を表示（1〜100000、既定 100）")
    static let helpOptionOlderThan = MessageKey("helpOptionOlderThan",
        en: "purge only entries older than this (default 7d)",
        ja: "これより古いエントリだけを削除（既定 7d）")
    static let helpOptionTitle = MessageKey("helpOptionTitle",
        en: "the notification's title (default leavenow)",
        ja: "通知のタイトル（既定 leavenow）")
    static let helpOptionUrgency = MessageKey("helpOptionUrgency",
        en: "low, normal (default) or critical",
        ja: "low、normal（既定）、critical のいずれか")
    static let helpOptionMigrateFrom = MessageKey("helpOptionMigrateFrom",
        en: "the SQLite state file to copy (only read)",
        ja: "コピーする SQLite の状態ファイル（読むだけ）")
    static let helpOptionMigrateTo = MessageKey("helpOptionMigrateTo",
        en: "the empty PostgreSQL database to copy into",
        ja: "コピー先の空の PostgreSQL データベース")
    static let helpRunDetails = MessageKey("helpRunDetails",
        en: "Runs the worker: fetches sources on their schedules, runs the rules, keeps every notification in\nthe outbox at PATH (default $XDG_STATE_HOME/leavenow/state.db; under systemd $STATE_DIRECTORY)\nbefore sending it, and sleeps until the next thing to do. With --state postgresql://… (or\npostgres://) several workers share one database, each evaluating the rules of the partitions it\nleases; there is no single-instance lock, and the source cache is in --cache-dir (default\n$XDG_STATE_HOME/leavenow). SIGHUP or a change in the rules directory reloads (a broken rule file\nkeeps the running rules); SIGTERM finishes in-flight sends and exits. --once runs one pass and\nexits (for cron): exit 75 when a source's last fetch failed (the rules ran on its last good data).\n--fixtures uses recorded snapshots instead of the network; --simulate-from starts a simulated\nclock there, --speed times faster (a demo); --simulate-anchor says at which real time the\nsimulated clock read TIME, so several workers given the same values share one clock.\nWithout --state, the state: section of the rules directory is used (a PostgreSQL URL and the\nsecret reference of its password), else the default file. The log lines on stderr (logfmt) are\nfor machines and stay English.",
        ja: "ワーカーを実行します: 各ソースをその予定どおりに取得し、ルールを評価し、すべての通知を送信の前に\nPATH の送信キューに保存して（既定: $XDG_STATE_HOME/leavenow/state.db、systemd では $STATE_DIRECTORY）、\n次にすることの時刻まで休みます。--state postgresql://…（または postgres://）では複数のワーカーが\n1 つのデータベースを共有し、それぞれが借りたパーティションのルールを評価します。このとき\n単一インスタンスのロックはなく、ソースキャッシュは --cache-dir（既定: $XDG_STATE_HOME/leavenow）です。\nSIGHUP かルールのディレクトリの変更で再読み込みし（壊れたルールファイルでは動いているルールを\n保ちます）、SIGTERM では送信中の通知を終えてから終了します。--once は 1 回だけ処理して終了します\n（cron 向け）。ソースの最後の取得が失敗していれば終了コードは 75 です（ルールはそのソースの最後に\n取得できたデータで評価します）。--fixtures はネットワークの代わりに記録済みのスナップショットを使い、\n--simulate-from はそこから模擬時計を始め、--speed はその倍速です（デモ用）。--simulate-anchor は模擬時計が\nTIME を指していた実時刻で、同じ値を渡した複数のワーカーが 1 つの時計を共有できます。\n--state がなければルールのディレクトリの state: セクション（PostgreSQL の URL とパスワードの秘密情報の\n参照）を、それもなければ既定のファイルを使います。stderr のログ（logfmt）は機械向けなので英語のままです。")
    static let helpStateDetails = MessageKey("helpStateDetails",
        en: "Copies the outbox (with its delivery log), the rule state, the source index and the meta values\nof an SQLite state into an EMPTY PostgreSQL database, in one transaction, and verifies the row\ncount of every table: the database gets all of it or nothing. A database that already holds a\nleavenow state is refused. The SQLite file is only read; stop its worker first. The password\ncomes from the URL or from PGPASSWORD / ~/.pgpass and is never printed.",
        ja: "SQLite の状態の送信キュー（配信の記録を含む）、ルールの状態、ソースの索引、メタ情報を、1 つの\nトランザクションで「空の」PostgreSQL データベースにコピーし、すべてのテーブルの行数を検証します。\nデータベースにはすべてがコピーされるか、何もコピーされないかのどちらかです。すでに leavenow の状態を\n持つデータベースは拒否します。SQLite のファイルは読むだけです。先にそのワーカーを止めてください。\nパスワードは URL か PGPASSWORD / ~/.pgpass から取り、表示することはありません。")
    static let helpOutboxDetails = MessageKey("helpOutboxDetails",
        en: "Without --state: the state: section of --rules DIR, else the default state file.",
        ja: "--state がなければ --rules DIR の state: セクションを、それもなければ既定の状態ファイルを使います。")
    static let helpCompletionDetails = MessageKey("helpCompletionDetails",
        en: "bash: leavenow completion bash > ~/.local/share/bash-completion/completions/leavenow\nzsh:  leavenow completion zsh > ~/.local/share/zsh/site-functions/_leavenow (a directory of $fpath,\n      before compinit runs)\ndeploy/install.sh installs both. Board, rule, channel and source ids are completed from the\nconfiguration (the --rules of the command line being completed, else the default rules\ndirectory) through leavenow completion ids KIND, which prints them one a line.",
        ja: "bash: leavenow completion bash > ~/.local/share/bash-completion/completions/leavenow\nzsh:  leavenow completion zsh > ~/.local/share/zsh/site-functions/_leavenow（$fpath にあるディレクトリ、\n      compinit の前に）\ndeploy/install.sh は両方をインストールします。ボード・ルール・チャンネル・ソースの id は設定から補完します\n（補完中のコマンドラインの --rules、なければ既定のルールのディレクトリ）。使うのは leavenow completion ids KIND で、\nid を 1 行に 1 つ表示します。")
    static let completionUnknownShell = MessageKey("completionUnknownShell",
        en: "unknown shell {shell} ({suggestion}expected one of: {list})",
        ja: "不明なシェル {shell} です（{suggestion}使えるシェル: {list}）")
    static let completionUnknownKind = MessageKey("completionUnknownKind",
        en: "unknown kind of id {kind} ({suggestion}expected one of: {list})",
        ja: "不明な id の種類 {kind} です（{suggestion}使える種類: {list}）")
    static let cliUnknownCommand = MessageKey("cliUnknownCommand",
        en: "unknown command {command} ({suggestion}commands: {list}); leavenow --help says what each does",
        ja: "不明なコマンド {command} です（{suggestion}コマンド: {list}）。各コマンドの説明は leavenow --help で表示します")
}
