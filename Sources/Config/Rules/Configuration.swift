import Foundation
import Messages
import Timetable

/// Everything a rules directory declares: boards, weather and feed sources, channels and rules,
/// checked across files (unique ids, references that exist).
public struct Configuration: Sendable {
    public var directory: String
    public var boards: [BoardSpec]
    public var weather: [WeatherSpec]
    public var feeds: [FeedSpec]
    public var channels: [ChannelSpec]
    public var rules: [RuleSpec]
    /// The `odpt:` section (of whichever file has it), nil when none does.
    public var odpt: ODPTSpec?
    /// The `state:` section (of whichever file has it), nil when none does: `--state` overrides it.
    public var state: StateSpec?
    /// The `health:` section (of whichever file has it), nil when none does: `status` then measures
    /// against ``HealthSpec/defaults`` and the worker sends nothing.
    public var health: HealthSpec?
    /// The `history:` section (of whichever file has it), nil when none does (``HistorySpec/defaultKeep``).
    public var history: HistorySpec?

    /// Evaluations of each rule the worker keeps for `leavenow history`.
    public var historyKeep: Int { history?.keep ?? HistorySpec.defaultKeep }

    /// The service status sources of the `odpt:` section.
    public var serviceStatus: [ServiceStatusSpec] { odpt?.serviceStatus ?? [] }

    /// Reads every configuration file of `directory`, its boards' sources in `formats`.
    ///
    /// - Throws: `ConfigError` with every problem of every file, after all files were read.
    public static func load(directory: String, formats: TimetableFormatRegistry = .standard) throws(ConfigError) -> Configuration {
        try load(directory: directory, parser: ConfigFileParser(formats: formats))
    }

    /// The boards of `directory` and the `odpt:` section their API sources use, with the same
    /// checks as ``load(directory:)`` for those sections; every other section is skipped unread
    /// (empty here). What `next` and `board` load: a typo in a rule does not stop a timetable query.
    ///
    /// - Throws: `ConfigError` listing every problem of the boards and the odpt section.
    public static func loadBoards(directory: String, formats: TimetableFormatRegistry = .standard) throws(ConfigError) -> Configuration {
        var parser = ConfigFileParser.boardsOnly
        parser.formats = formats
        return try load(directory: directory, parser: parser)
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
        let healthSections = files.compactMap(\.health), historySections = files.compactMap(\.history)
        result.health = healthSections.first
        result.history = historySections.first
        // What a file declares is known even when it has problems of its own (reported there).
        var declared: [RuleReference.Target: [String]] = [:]
        for file in files { declared.merge(file.declaredIDs) { $0 + $1 } }
        var problems = result.crossFileProblems(references: files.flatMap(\.ruleReferences), declared: declared)
            + result.quotaPlan.refusalMessages
        for extra in odptSections.dropFirst() {
            problems.append((extra.location, Message(.configSecondODPT, ["place": .text("\(odptSections[0].location)")])))
        }
        for extra in stateSections.dropFirst() {
            problems.append((extra.location, Message(.configSecondState, ["place": .text("\(stateSections[0].location)")])))
        }
        for extra in healthSections.dropFirst() {
            problems.append((extra.location, Message(.configSecondHealth, ["place": .text("\(healthSections[0].location)")])))
        }
        for extra in historySections.dropFirst() {
            problems.append((extra.location, Message(.configSecondHistory, ["place": .text("\(historySections[0].location)")])))
        }
        problems += result.odptProblems(declared: declared, declaresODPT: files.contains(where: \.declaresODPT)) + result.healthProblems()
        config.add(problems.map { config.diagnostic(at: $0.location, $0.message) })
        guard config.diagnostics.isEmpty else { throw ConfigError(diagnostics: config.diagnostics) }
        result.rules = result.withBuiltInTitles()
        return result
    }

    /// Requests per day per provider from the refresh intervals.
    public var quotaPlan: QuotaPlan { QuotaPlan(weather: weather, feeds: feeds, odpt: odpt, boards: boards, rules: rules) }

    /// Duplicate ids per kind of thing, and rule references to things that do not exist: neither
    /// loaded nor `declared` by an item left out for its own problems (already reported; its id
    /// matched in any case, since a bad id may be the problem).
    func crossFileProblems(references: [RuleReferenceUse], declared: [RuleReference.Target: [String]] = [:])
        -> [(location: ConfigLocation, message: Message)] {
        var problems = duplicateBoardIDMessages(in: boards)
        func duplicates(_ what: MessageKey, _ items: [(String, ConfigLocation)]) {
            var first: [String: ConfigLocation] = [:]
            for (id, location) in items {
                if let earlier = first[id] {
                    problems.append((location, Message(.configDuplicateID, ["what": .key(what), "id": .quoted(id), "place": .text("\(earlier)")])))
                } else {
                    first[id] = location
                }
            }
        }
        duplicates(.nounWeatherSource, weather.map { ($0.id, $0.location) })
        duplicates(.nounFeed, feeds.map { ($0.id, $0.location) })
        duplicates(.nounChannel, channels.map { ($0.id, $0.location) })
        duplicates(.nounRule, rules.map { ($0.id, $0.location) })
        duplicates(.nounServiceStatus, serviceStatus.map { ($0.id, $0.location) })
        duplicates(.nounODPTTrains, (odpt?.trains ?? []).map { ($0.id, $0.location) })
        let known: [RuleReference.Target: [String]] = [
            .board: boards.map(\.id), .weather: weather.map(\.id), .feed: feeds.map(\.id), .channel: channels.map(\.id),
            .serviceStatus: serviceStatus.map(\.id),
        ]
        // Declared by an item with problems of its own: its `id: Phone` is already reported, so a
        // rule's `phone` names it too.
        func isBroken(_ reference: RuleReference) -> Bool {
            let name = reference.name.lowercased(), loaded = Set(known[reference.target] ?? [])
            return (declared[reference.target] ?? []).contains { !loaded.contains($0) && $0.lowercased() == name }
        }
        for use in references where !(known[use.reference.target] ?? []).contains(use.reference.name) && !isBroken(use.reference) {
            let reference = use.reference
            let hint = NameSuggestion.hintMessage(for: reference.name, among: known[reference.target] ?? [], plural: reference.target.plural)
            problems.append((reference.location, Message(.configUnknownReference, ["target": .message(reference.target.noun), "name": .quoted(reference.name),
                                                                                  "rule": .quoted(use.rule), "hint": .message(hint)])))
        }
        return problems
    }

    /// The ODPT checks across files: a board's `status:` names a configured service status; an
    /// `odpt_api` source needs the `odpt:` section (its key); a `service_status` rule without
    /// `status:` takes its board's, which must have one. A service status `declared` by an entry
    /// with problems, or an `odpt:` section with problems (`declaresODPT`), is not missing: its own
    /// problems are reported where they are.
    func odptProblems(declared: [RuleReference.Target: [String]] = [:], declaresODPT: Bool = false)
        -> [(location: ConfigLocation, message: Message)] {
        var problems: [(location: ConfigLocation, message: Message)] = []
        let statusIDs = serviceStatus.map(\.id)
        let declaredStatusIDs = declared[.serviceStatus] ?? []
        func hint(_ name: String = "") -> MessageArgument {
            .message(NameSuggestion.hintMessage(for: name, among: statusIDs, plural: Message(.pluralServiceStatusSources)))
        }
        for board in boards {
            if let status = board.status, !statusIDs.contains(status), !declaredStatusIDs.contains(status) {
                problems.append((board.statusLocation ?? board.location,
                                 Message(.configUnknownBoardStatus, ["name": .quoted(status), "board": .quoted(board.id), "hint": hint(status)])))
            }
            if odpt == nil, !declaresODPT {
                for source in board.sources where source.kind.isFetched {
                    problems.append((source.location, Message(.configODPTAPINeedsSection, ["board": .quoted(board.id)])))
                }
            }
        }
        for rule in rules {
            guard case .serviceStatus(let spec) = rule.kind, spec.status == nil, let boardID = spec.board,
                  let board = boards.first(where: { $0.id == boardID }), board.status == nil else { continue }
            problems.append((rule.location, Message(.configRuleBoardNoStatus, ["rule": .quoted(rule.id), "board": .quoted(boardID), "hint": hint()])))
        }
        return problems
    }
}
