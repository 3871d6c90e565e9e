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

    /// Reads every configuration file of `directory`.
    ///
    /// - Throws: `ConfigError` with every problem of every file, after all files were read.
    public static func load(directory: String) throws(ConfigError) -> Configuration {
        var config = ConfigDirectory.load(directory: directory)
        let files = config.files
        let result = Configuration(directory: directory, boards: files.flatMap(\.boards), weather: files.flatMap(\.weather),
                                   feeds: files.flatMap(\.feeds), channels: files.flatMap(\.channels), rules: files.flatMap(\.rules))
        let problems = result.crossFileProblems(references: files.flatMap(\.ruleReferences)) + result.quotaPlan.refusals
        config.add(problems.map { config.diagnostic(at: $0.location, $0.message) })
        guard config.diagnostics.isEmpty else { throw ConfigError(diagnostics: config.diagnostics) }
        return result
    }

    /// Requests per day per provider from the refresh intervals.
    public var quotaPlan: QuotaPlan { QuotaPlan(weather: weather, feeds: feeds) }

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
        let known: [RuleReference.Target: [String]] = [
            .board: boards.map(\.id), .weather: weather.map(\.id), .feed: feeds.map(\.id), .channel: channels.map(\.id),
        ]
        let section: [RuleReference.Target: String] = [.board: "boards", .weather: "weather sources", .feed: "feeds", .channel: "channels"]
        for use in references where !(known[use.reference.target] ?? []).contains(use.reference.name) {
            let reference = use.reference
            let names = (known[reference.target] ?? []).sorted()
            let hint = names.isEmpty ? "no \(section[reference.target]!) are defined" : "known: \(names.joined(separator: ", "))"
            problems.append((reference.location, "unknown \(reference.target.rawValue) \(quoted(reference.name)) in rule \(quoted(use.rule)) (\(hint))"))
        }
        return problems
    }
}
