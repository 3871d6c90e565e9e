import Foundation
import Rules
import Timetable

/// A rules directory loaded for the worker: the checked configuration, its boards with their data,
/// the engine, and the problems that did not stop it (a board source that failed to load).
public struct LoadedRules: Sendable {
    public var configuration: Configuration
    public var boards: [String: Board]
    public var engine: RuleEngine
    public var warnings: [String]

    /// Loads and checks `directory` as `leavenow check` does.
    ///
    /// - Throws: `ConfigError` with every problem; the caller keeps the rules it had.
    public static func load(directory: String) throws(ConfigError) -> LoadedRules {
        let configuration = try Configuration.load(directory: directory)
        let catalog = BoardCatalog.build(configuration.boards)
        return LoadedRules(configuration: configuration,
                           boards: Dictionary(catalog.boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                           engine: RuleEngine(configuration: configuration), warnings: catalog.problems)
    }
}
