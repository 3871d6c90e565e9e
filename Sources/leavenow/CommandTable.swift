/// Every command of `leavenow`, in the order the top-level help lists them. Each command parses its
/// arguments with `ParsedArguments(arguments, spec: .name)`; `--help`, the "did you mean" of an
/// unknown option and the shell completions read the same rows.
extension CommandSpec {
    /// The commands, in the order of `leavenow --help`.
    static let all: [CommandSpec] = [
        .next, .board, .holidays, .check, .dryRun, .explain, .test, .fetch, .sources, .run, .status, .history, .outbox, .notify, .state,
        .completion, .version, .help,
    ]

    /// The command called `name`.
    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    // MARK: Timetables

    static let next = CommandSpec(
        name: "next", synopsis: ["next BOARD [--rules DIR] [--state DIR] [--at TIME] [--count N] [--json]"], summary: .helpNext,
        positionals: [Positional(name: "BOARD", completion: .ids(.boards))],
        options: [.rules, .value("--state", "DIR", .helpOptionStateCache, completion: .file), .value("--at", "TIME", .helpOptionAtNext),
                  .value("--count", "N", .helpOptionCount), .json])

    static let board = CommandSpec(
        name: "board", synopsis: ["board BOARD [--rules DIR] [--state DIR] [--date YYYY-MM-DD] [--at TIME] [--json]"], summary: .helpBoard,
        positionals: [Positional(name: "BOARD", completion: .ids(.boards))],
        options: [.rules, .value("--state", "DIR", .helpOptionStateCache, completion: .file), .value("--date", "YYYY-MM-DD", .helpOptionDate),
                  .value("--at", "TIME", .helpOptionAtBoard), .json])

    static let holidays = CommandSpec(
        name: "holidays", synopsis: ["holidays (--year Y | --from DATE --to DATE) [--rules DIR] [--json]"], summary: .helpHolidays,
        options: [.value("--year", "Y", .helpOptionYear), .value("--from", "DATE", .helpOptionFromDate), .value("--to", "DATE", .helpOptionToDate),
                  .value("--rules", "DIR", .helpOptionRulesHolidays, completion: .directory), .json])

    // MARK: Rules

    static let check = CommandSpec(name: "check", synopsis: ["check [--rules DIR] [--strict] [--json]"], summary: .helpCheck,
                                   options: [.rules, .flag("--strict", .helpOptionStrict), .json])

    static let dryRun = CommandSpec(
        name: "dry-run", synopsis: ["dry-run [--rules DIR] (--at TIME | --from TIME --to TIME) [--fixtures DIR | --state PATH] [--json]"],
        summary: .helpDryRun,
        options: [.rules, .value("--at", "TIME", .helpOptionAtDryRun), .value("--from", "TIME", .helpOptionFromTime),
                  .value("--to", "TIME", .helpOptionToTime), .fixtures, .value("--state", "PATH", .helpOptionStateDryRun, completion: .file), .json])

    static let explain = CommandSpec(
        name: "explain", synopsis: ["explain RULE --at TIME [--rules DIR] [--fixtures DIR] [--json]"], summary: .helpExplain,
        positionals: [Positional(name: "RULE", completion: .ids(.rules))],
        options: [.value("--at", "TIME", .helpOptionAtExplain), .rules, .fixtures, .json])

    static let test = CommandSpec(
        name: "test", synopsis: ["test [--rules DIR] [FILES… | DIRS…]"], summary: .helpTest,
        positionals: [Positional(name: "FILES", completion: .file, repeats: true)], options: [.rules])

    // MARK: Sources

    static let fetch = CommandSpec(
        name: "fetch", synopsis: ["fetch [SOURCE…] [--rules DIR] [--state DIR|postgresql://…] [--cache-dir DIR] [--json]"], summary: .helpFetch,
        positionals: [Positional(name: "SOURCE", completion: .ids(.sources), repeats: true)],
        options: [.rules, .state, .cacheDirectory, .json], details: .fetchHelp)

    static let sources = CommandSpec(
        name: "sources", synopsis: ["sources [--rules DIR] [--state DIR|postgresql://…] [--cache-dir DIR] [--json]"], summary: .helpSources,
        options: [.rules, .state, .cacheDirectory, .json])

    // MARK: The worker

    static let run = CommandSpec(
        name: "run",
        synopsis: ["run [--rules DIR] [--state PATH|postgresql://…] [--cache-dir DIR] [--once] [--fixtures DIR]",
                   "    [--simulate-from TIME [--speed N] [--simulate-anchor REAL]] [--until TIME]"],
        summary: .helpRun,
        options: [.rules, .state, .cacheDirectory, .flag("--once", .helpOptionOnce), .fixtures,
                  .value("--simulate-from", "TIME", .helpOptionSimulateFrom), .value("--speed", "N", .helpOptionSpeed),
                  .value("--simulate-anchor", "REAL", .helpOptionSimulateAnchor), .value("--until", "TIME", .helpOptionUntil)],
        details: .helpRunDetails)

    static let status = CommandSpec(
        name: "status", synopsis: ["status [--rules DIR] [--state PATH|postgresql://…] [--cache-dir DIR] [--json]"], summary: .helpStatus,
        options: [.rules, .state, .cacheDirectory, .json])

    static let history = CommandSpec(
        name: "history", synopsis: ["history RULE [--since TIME] [--limit N] [--json] [--rules DIR] [--state PATH|postgresql://…]"],
        summary: .helpHistory,
        positionals: [Positional(name: "RULE", completion: .ids(.rules))],
        options: [.value("--since", "TIME", .helpOptionHistorySince), .value("--limit", "N", .helpOptionHistoryLimit), .json, .rules, .state],
        details: .helpHistoryDetails)

    static let outbox = CommandSpec(
        name: "outbox",
        synopsis: ["outbox [list] [--rules DIR] [--state PATH|postgresql://…] [--status pending,dead,…] [--limit N] [--json]",
                   "outbox retry ID [--rules DIR] [--state PATH]",
                   "outbox purge [--rules DIR] [--state PATH] [--status delivered,expired] [--older-than 7d]"],
        summary: .helpOutbox,
        positionals: [Positional(name: "ACTION", completion: .words(["list", "retry", "purge"]))],
        options: [.rules, .state, .value("--status", "S,…", .helpOptionOutboxStatus, completion: .words(["pending", "delivered", "dead", "expired"])),
                  .value("--limit", "N", .helpOptionLimit), .value("--older-than", "DURATION", .helpOptionOlderThan), .json],
        details: .helpOutboxDetails)

    static let notify = CommandSpec(
        name: "notify", synopsis: ["notify CHANNEL MESSAGE [--title TITLE] [--urgency low|normal|critical] [--rules DIR]"], summary: .helpNotify,
        positionals: [Positional(name: "CHANNEL", completion: .ids(.channels)), Positional(name: "MESSAGE", completion: .none)],
        options: [.value("--title", "TITLE", .helpOptionTitle),
                  .value("--urgency", "U", .helpOptionUrgency, completion: .words(["low", "normal", "critical"])), .rules])

    static let state = CommandSpec(
        name: "state", synopsis: ["state migrate --from STATE.db --to postgresql://USER@HOST/DB [--json]"], summary: .helpState,
        positionals: [Positional(name: "ACTION", completion: .words(["migrate"]))],
        options: [.value("--from", "STATE.db", .helpOptionMigrateFrom, completion: .file), .value("--to", "URL", .helpOptionMigrateTo), .json],
        details: .helpStateDetails)

    // MARK: The command line itself

    static let completion = CommandSpec(
        name: "completion", synopsis: ["completion bash|zsh", "completion ids boards|rules|channels|sources [--rules DIR]"],
        summary: .helpCompletion,
        positionals: [Positional(name: "SHELL", completion: .words(["bash", "zsh"]))],
        options: [.rules], details: .helpCompletionDetails)

    static let version = CommandSpec(name: "version", synopsis: ["version", "--version"], summary: .helpVersion)

    static let help = CommandSpec(
        name: "help", synopsis: ["help [COMMAND]", "COMMAND --help"], summary: .helpHelp,
        positionals: [Positional(name: "COMMAND", completion: .commands)])
}

extension OptionSpec {
    /// `--rules DIR`, the same for every command.
    static let rules = OptionSpec.value("--rules", "DIR", .helpOptionRules, completion: .directory)
    /// `--state PATH`: the worker's state (a directory, a `.db` file or a PostgreSQL URL).
    static let state = OptionSpec.value("--state", "PATH", .helpOptionState, completion: .file)
    /// `--cache-dir DIR`.
    static let cacheDirectory = OptionSpec.value("--cache-dir", "DIR", .helpOptionCacheDirectory, completion: .directory)
    /// `--fixtures DIR`.
    static let fixtures = OptionSpec.value("--fixtures", "DIR", .helpOptionFixtures, completion: .directory)
    /// `--json`.
    static let json = OptionSpec.flag("--json", .helpOptionJSON)
}
