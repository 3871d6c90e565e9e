import Messages
import Config
import Facts
import Foundation
import Timetable

/// A rules directory ready to evaluate — the loaded rule set: its configuration, boards with their
/// data loaded, the engine, and (for dry runs and tests) recorded fixtures. The live worker runs one
/// (loaded once by `leavenow run`, again at each reload); `dry-run`, `test` and `explain` simulate
/// one (``Workspace/simulation``).
public struct Workspace: Sendable {
    public var configuration: Configuration
    public var boards: [String: Board]
    public var engine: RuleEngine
    public var timeline: FactTimeline
    /// The sources of the loaded boards that did not load, one line each: the same failures as
    /// ``impairedBoards`` (a command prints one or the other, not both).
    public var boardWarnings: [String] = []
    /// Fixtures that were skipped, facts that could not be read.
    public var factWarnings: [String]
    /// ``boardWarnings``, then ``factWarnings``.
    public var warnings: [String] { boardWarnings + factWarnings }
    /// The boards that lack a source (incomplete) or have none (unloadable), in file order.
    public var impairedBoards: [(board: String, completeness: BoardCompleteness)] = []

    /// Which boards a workspace loads.
    public enum BoardSelection: Sendable {
        /// Every board of the configuration (the worker, which serves them all).
        case all
        /// The boards the rules read: of the rules named, or of every rule when nil (`dry-run`,
        /// `test`, `explain`: a board no rule reads is neither loaded nor reported).
        case readBy(rules: Set<String>?)
    }

    /// Loads `directory`; `fixtures` defaults to `<directory>/fixtures` when that exists. Boards are
    /// read with `loader` (give `CachedFacts.boardLoader(cache:)` to read ODPT API timetables from a
    /// source cache; by default they are skipped with a warning); `boards` says which.
    ///
    /// With `readFixtures` false no fixtures are read (the caller brings its own facts).
    ///
    /// - Throws: `ConfigError` when the configuration has problems.
    public static func load(directory: String, fixtures: String? = nil, readFixtures: Bool = true,
                            loader: BoardLoader = BoardLoader(), boards: BoardSelection = .all) throws(ConfigError) -> Workspace {
        let configuration = try Configuration.load(directory: directory)
        var specs = configuration.boards
        if case .readBy(let rules) = boards {
            let read = configuration.boardIDs(readBy: rules)
            specs = specs.filter { read.contains($0.id) }
        }
        let catalog = BoardCatalog.build(specs, loader: loader)
        var warnings: [String] = []
        var timeline = FactTimeline()
        let fixturePath = fixtures ?? directory + "/fixtures"
        var isDirectory: ObjCBool = false
        if !readFixtures {
            // The caller's facts replace the fixtures.
        } else if FileManager.default.fileExists(atPath: fixturePath, isDirectory: &isDirectory), isDirectory.boolValue {
            let loaded = FixtureDirectory.load(fixturePath, configuration: configuration)
            timeline = loaded.timeline
            warnings += loaded.warnings
        } else if fixtures != nil {
            warnings.append(Message(.dryRunNoFixtures, ["path": .text(fixturePath)]).text)
        }
        var workspace = Workspace(configuration: configuration,
                                  boards: catalog.boardsByID,
                                  engine: RuleEngine(configuration: configuration), timeline: timeline, factWarnings: warnings)
        workspace.boardWarnings = catalog.problems + catalog.warnings
        workspace.impairedBoards = catalog.impairedBoards.map { ($0.board.id, $0.completeness) }
        return workspace
    }
}
