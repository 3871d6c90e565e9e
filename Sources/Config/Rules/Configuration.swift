import Foundation
import Timetable

/// Everything a rules directory declares: boards, weather and feed sources, channels and rules,
/// checked across files (unique ids, references that exist).
public struct Configuration: Sendable {
    public var directory: String
    public var boards: [BoardSpec]
    public var weather: [WeatherSourceSpec]
    public var feeds: [FeedSourceSpec]
    public var channels: [ChannelSpec]
    public var rules: [RuleSpec]
    /// The `odpt:` section (of whichever file has it), nil when none does.
    public var odpt: ODPTSpec?
    /// The `state:` section (of whichever file has it), nil when none does: `--state` overrides it.
    public var state: StateSpec?

    /// The service status sources of the `odpt:` section.
    public var serviceStatus: [ServiceStatusSpec] { odpt?.serviceStatus ?? [] }

    /// Reads every configuration file of `directory`.
    ///
    /// - Throws: `ConfigError` with every problem of every file, after all files were read.
    public static func load(directory: String) throws(ConfigError) -> Configuration {
        try load(directory: directory, parser: ConfigFileParser())
    }

    /// The boards of `directory` and the `odpt:` section their API sources use, with the same
    /// checks as ``load(directory:)`` for those sections; every other section is skipped unread
    /// (empty here). What `next` and `board` load: a typo in a rule does not stop a timetable query.
    ///
    /// - Throws: `ConfigError` listing every problem of the boards and the odpt section.
    public static func loadBoards(directory: String) throws(ConfigError) -> Configuration {
        try load(directory: directory, parser: .boardsOnly)
    }

    /// The `state:` section of `directory` (nil when no file has one, or there is no such directory),
    /// with the checks of ``load(directory:)`` for it; every other section is skipped unread.
    ///
    /// - Throws: `ConfigError` listing the section's problems (a second section among them).
    public static func loadState(directory: String) throws(ConfigError) -> StateSpec? {
        try load(directory: directory, parser: .stateOnly).state
    }

    private static func load(directory: String, parser: ConfigFileParser) throws(ConfigError) -> Configuration {
        var config = ConfigDirectory.load(directory: directory, parser: parser)
        let files = config.files
        let odptSections = files.compactMap(\.odpt)
        let stateSections = files.compactMap(\.state)
        var result = Configuration(directory: directory, boards: files.flatMap(\.boards), weather: files.flatMap(\.weather),
                                   feeds: files.flatMap(\.feeds), channels: files.flatMap(\.channels), rules: files.flatMap(\.rules),
                                   odpt: odptSections.first)
        result.state = stateSections.first
        var problems = result.crossFileProblems(references: files.flatMap(\.ruleReferences)) + result.quotaPlan.refusals
        for extra in odptSections.dropFirst() {
            problems.append((extra.location, "a second odpt section (first defined at \(odptSections[0].location)); keep one"))
        }
        for extra in stateSections.dropFirst() {
            problems.append((extra.location, "a second state section (first defined at \(stateSections[0].location)); keep one"))
        }
        problems += result.odptProblems()
        config.add(problems.map { config.diagnostic(at: $0.location, $0.message) })
        guard config.diagnostics.isEmpty else { throw ConfigError(diagnostics: config.diagnostics) }
        return result
    }

    /// Requests per day per provider from the refresh intervals.
    public var quotaPlan: QuotaPlan { QuotaPlan(weather: weather, feeds: feeds, odpt: odpt, boards: boards, rules: rules) }

    /// Duplicate ids per kind of thing, and rule references to things that do not exist.
    func crossFileProblems(references: [RuleReferenceUse]) -> [(location: ConfigLocation, message: String)] {
        var problems = duplicateBoardIDs(in: boards)
        func duplicates(_ what: String, _ items: [(String, ConfigLocation)]) {
            var first: [String: ConfigLocation] = [:]
            for (id, location) in items {
                if let earlier = first[id] {
                    problems.append((location, "duplicate \(what) id \(quoted(id)) (first defined at \(earlier))"))
                } else {
                    first[id] = location
                }
            }
        }
        duplicates("weather source", weather.map { ($0.id, $0.location) })
        duplicates("feed", feeds.map { ($0.id, $0.location) })
        duplicates("channel", channels.map { ($0.id, $0.location) })
        duplicates("rule", rules.map { ($0.id, $0.location) })
        duplicates("service status", serviceStatus.map { ($0.id, $0.location) })
        duplicates("odpt trains", (odpt?.trains ?? []).map { ($0.id, $0.location) })
        let known: [RuleReference.Target: [String]] = [
            .board: boards.map(\.id), .weather: weather.map(\.id), .feed: feeds.map(\.id), .channel: channels.map(\.id),
            .serviceStatus: serviceStatus.map(\.id),
        ]
        let section: [RuleReference.Target: String] = [
            .board: "boards", .weather: "weather sources", .feed: "feeds", .channel: "channels", .serviceStatus: "odpt service_status sources",
        ]
        for use in references where !(known[use.reference.target] ?? []).contains(use.reference.name) {
            let reference = use.reference
            let hint = NameSuggestion.hint(for: reference.name, among: known[reference.target] ?? [], plural: section[reference.target]!)
            problems.append((reference.location, "unknown \(reference.target.rawValue) \(quoted(reference.name)) in rule \(quoted(use.rule)) (\(hint))"))
        }
        return problems
    }

    /// The ODPT checks across files: a board's `status:` names a configured service status; an
    /// `odpt_api` source needs the `odpt:` section (its key); a `service_status` rule without
    /// `status:` takes its board's, which must have one.
    func odptProblems() -> [(location: ConfigLocation, message: String)] {
        var problems: [(location: ConfigLocation, message: String)] = []
        let statusIDs = serviceStatus.map(\.id)
        func hint(_ name: String = "") -> String {
            NameSuggestion.hint(for: name, among: statusIDs, plural: "odpt service_status sources")
        }
        for board in boards {
            if let status = board.status, !statusIDs.contains(status) {
                problems.append((board.statusLocation ?? board.location, "unknown service status \(quoted(status)) in board \(quoted(board.id)) (\(hint(status)))"))
            }
            if odpt == nil {
                for source in board.sources where source.kind.isODPTAPI {
                    problems.append((source.location, "board \(quoted(board.id)): an ODPT API source needs an odpt: section with key_env or key_file (the ODPT consumer key) in one of the rules files"))
                }
            }
        }
        for rule in rules {
            guard case .serviceStatus(let spec) = rule.kind, spec.status == nil, let boardID = spec.board,
                  let board = boards.first(where: { $0.id == boardID }), board.status == nil else { continue }
            problems.append((rule.location, "rule \(quoted(rule.id)) watches board \(quoted(boardID)), which has no status: give the rule status: (\(hint())) or the board status:"))
        }
        return problems
    }
}
