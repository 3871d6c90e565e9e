import Config
import Facts
import Foundation
import LiveSources
import Rules
import Store
import Timetable

/// What every command gets from the outside world: environment, clock, output streams.
struct CommandContext {
    var environment: [String: String]
    /// The current instant; injected so tests and dry runs control time.
    var now: () -> Int64
    var language: Language { Language(environment: environment) }
    var terminal: Terminal { Terminal(environment: environment) }
    /// Where ``warn(_:)`` also keeps its warnings (`check` counts them; with `--json` it keeps them
    /// instead of printing); nil: printed only.
    var warningSink: WarningSink?

    static var live: CommandContext {
        CommandContext(environment: ProcessInfo.processInfo.environment,
                       now: { Int64(Date().timeIntervalSince1970.rounded(.down)) })
    }

    /// `--rules DIR`, else `$XDG_CONFIG_HOME/leavenow/rules` when it exists, else `./rules`.
    func rulesDirectory(_ option: String?) -> String {
        if let option { return option }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.config" }
        if let configHome {
            let candidate = configHome + "/leavenow/rules"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
        }
        return "rules"
    }

    /// The state directory: `--cache-dir` when given; else `--state` (a directory, or the `state.db`
    /// file in it); else (also when `--state` is a PostgreSQL URL) systemd's `$STATE_DIRECTORY`,
    /// else `$XDG_STATE_HOME/leavenow`, else `$HOME/.local/state/leavenow`. The source cache is its
    /// `sources/`, the SQLite database its `state.db`, the single-instance lock its `worker.lock`.
    func stateDirectory(_ option: String?, cacheDirectory: String? = nil) throws -> String {
        if let cacheDirectory { return cacheDirectory }
        if let option, !PostgresURL.isPostgresURL(option) {
            return option.hasSuffix(".db") ? ((option as NSString).deletingLastPathComponent.isEmpty ? "." : (option as NSString).deletingLastPathComponent) : option
        }
        if let systemd = environment["STATE_DIRECTORY"], !systemd.isEmpty {
            return String(systemd.split(separator: ":").first ?? Substring(systemd))
        }
        if let stateHome = environment["XDG_STATE_HOME"], !stateHome.isEmpty { return stateHome + "/leavenow" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/leavenow" }
        throw CommandFailure.usage(Message(.cliNoStateDirectory).text)
    }

    /// The worker's database: `--state` when it names a `.db` file, else `state.db` in ``stateDirectory(_:)``.
    func statePath(_ option: String?) throws -> String {
        if let option, option.hasSuffix(".db") { return option }
        return try stateDirectory(option) + "/state.db"
    }

    /// Loads the configuration of a rules directory; any problem fails the command with every diagnostic.
    func loadConfiguration(rulesOption: String?) throws -> (configuration: Configuration, directory: String) {
        let directory = rulesDirectory(rulesOption)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure.failure(Message(.cliNoRulesDirectory, ["directory": .text("\"\(directory)\"")]).text)
        }
        do {
            return (try Configuration.load(directory: directory), directory)
        } catch {
            throw CommandFailure.failure(Message(.cliDirectoryHasProblems, ["directory": .text(directory)]).text + "\n" + error.rendered)
        }
    }

    /// Loads the board `id` of a rules directory (the other boards' sources are not read), with the
    /// sources it lacks (the command says so once, in its answer) and where its realtime comes
    /// from. Sources fetched from an API (`odpt_api:`) come from the source
    /// cache of the state directory, so `next` answers after a restart with the network down.
    /// - Throws: a failure naming every source when none of the board's sources could be loaded.
    func loadBoard(id: String, rulesOption: String?, stateOption: String?) throws -> BoardQuery {
        let directory = rulesDirectory(rulesOption)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure.failure(Message(.cliNoRulesDirectory, ["directory": .text("\"\(directory)\"")]).text)
        }
        let configuration: Configuration
        do {
            // Boards only: a typo in a rule, a channel or a feed does not stop a timetable query.
            configuration = try Configuration.loadBoards(directory: directory)
        } catch {
            throw CommandFailure.failure(Message(.cliDirectoryHasProblems, ["directory": .text(directory)]).text + "\n" + error.rendered)
        }
        guard let spec = configuration.boards.first(where: { $0.id == id }) else {
            let known = configuration.boards.map(\.id).sorted()
            throw CommandFailure.usage(known.isEmpty
                ? Message(.cliNoBoards, ["board": .text("\"\(id)\""), "directory": .text(directory)]).text
                : Message(.cliNoBoard, ["board": .text("\"\(id)\""), "directory": .text(directory),
                                        "suggestion": .message(NameSuggestion.prefixMessage(for: id, among: known)), "list": .message(.list(known))]).text)
        }
        // This board's sources only: the other boards' feeds are neither read nor reported.
        let catalog: BoardCatalog
        var cache: SourceCache?
        if let state = try? stateDirectory(stateOption) {
            let stateCache = SourceCache(stateDirectory: state)
            cache = stateCache
            catalog = BoardCatalog.build([spec], loader: CachedFacts.boardLoader(cache: stateCache))
        } else {
            catalog = BoardCatalog.build([spec])
        }
        guard let board = catalog.boards.first else {
            throw CommandFailure.failure(Message(.cliBoardUnloadable, ["board": .text("\"\(id)\"")]).text)
        }
        // Every problem of the board is one of its failures: the failure names them all, or the
        // answer does (`incomplete: …`, JSON `warnings`), once — not stderr as well.
        let completeness = catalog.completeness(ofBoard: id)
        if case .unloadable(let failures) = completeness {
            throw CommandFailure.failure(Message(.cliBoardUnloadable, ["board": .text("\"\(id)\"")]).text + "\n"
                + failures.map(\.description).joined(separator: "\n"))
        }
        return BoardQuery(board: board, failures: completeness.failures, configuration: configuration, cache: cache)
    }

    /// Loads a rules directory with the boards `rules` read (every rule's when nil: a board no rule
    /// reads is not this command's business) and fixtures; configuration problems fail the command.
    /// With `stateOption`, the facts are the source cache's last good data instead of fixtures (what
    /// a worker restarting without network would see), and API timetables come from the cache.
    /// The sources that did not load go to stderr unless `reportsBoards` (the command's answer says
    /// them: once is enough); skipped fixtures always do.
    func loadWorkspace(rulesOption: String?, fixtures: String?, stateOption: String? = nil, rules: Set<String>? = nil,
                       reportsBoards: Bool = false) throws -> Workspace {
        let directory = rulesDirectory(rulesOption)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure.failure(Message(.cliNoRulesDirectory, ["directory": .text("\"\(directory)\"")]).text)
        }
        do {
            var workspace: Workspace
            if let stateOption {
                let cache = SourceCache(stateDirectory: (try? stateDirectory(stateOption)) ?? stateOption)
                workspace = try Workspace.load(directory: directory, readFixtures: false, loader: CachedFacts.boardLoader(cache: cache),
                                               boards: .readBy(rules: rules))
                let cached = CachedFacts.timeline(configuration: workspace.configuration, cache: cache)
                workspace.timeline = cached.timeline
                workspace.factWarnings += cached.warnings
            } else {
                workspace = try Workspace.load(directory: directory, fixtures: fixtures, boards: .readBy(rules: rules))
            }
            for warning in (reportsBoards ? [] : workspace.boardWarnings) + workspace.factWarnings { warn(warning) }
            return workspace
        } catch {
            throw CommandFailure.failure(Message(.cliDirectoryHasProblems, ["directory": .text(directory)]).text + "\n" + error.rendered)
        }
    }

    /// Parses a time option (see ``parseTime(_:clock:endOfDay:)``) with wall times in Asia/Tokyo.
    func time(_ text: String, option: String, endOfDay: Bool = false) throws -> Int64 {
        guard let instant = parseTime(text, clock: ZoneClock(identifier: "Asia/Tokyo")!, endOfDay: endOfDay) else {
            throw CommandFailure.usage(Message(.cliNotATime, ["option": .text(option), "value": .text("\"\(text)\"")]).text)
        }
        return instant
    }

    /// Parses `--at` (or `option`) on the board's `clock` (``parseTime(_:clock:endOfDay:)``); default now.
    func instant(_ text: String?, clock: ZoneClock, option: String = "--at", endOfDay: Bool = false) throws -> Int64 {
        guard let text else { return now() }
        guard let instant = parseTime(text, clock: clock, endOfDay: endOfDay) else {
            throw CommandFailure.usage(Message(.cliNotATime, ["option": .text(option), "value": .text("\"\(text)\"")]).text)
        }
        return instant
    }

    /// A time as people type it: ISO 8601 with an offset (`2024-12-22T10:32:00+09:00`), a wall time
    /// on `clock` (`2024-12-22T10:32`), a time alone (`10:32`, `7:05`, `10:32:15`: today on `clock`,
    /// today from the injected ``now``), or a date alone (`2024-12-22`: its first second, or with
    /// `endOfDay` its last — `--to 2024-12-22` takes in the whole day); nil for anything else.
    func parseTime(_ text: String, clock: ZoneClock, endOfDay: Bool = false) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
           parts[0].count <= 2, parts.dropFirst().allSatisfy({ $0.count == 2 }) {
            let hour = Int(parts[0])!
            guard hour < 24 else { return nil }
            let today = clock.localTime(at: now()).date
            return clock.parseTimestamp("\(today)T" + (hour < 10 ? "0" : "") + "\(hour):" + parts.dropFirst().joined(separator: ":"))
        }
        if endOfDay, text.count == 10, let date = LocalDate(text), let next = clock.parseTimestamp("\(date.adding(days: 1))") {
            return next - 1
        }
        return clock.parseTimestamp(text)
    }

    /// `warning: message` (`警告: …`) on stderr, in the reader's language.
    func warn(_ message: String) {
        warn(.verbatim(message))
    }
}
