import Foundation
import Timetable

/// The boards of a rules directory, with their sources read and decoded.
///
/// Configuration mistakes (YAML, unknown keys, bad ids) stop the load with a `ConfigError` listing
/// them all. A source whose data cannot be read (a missing file, truncated JSON, a broken GTFS row)
/// does not: the board keeps its other sources and the problem is listed in `problems`, naming
/// both the configuration line and the place in the data. An ODPT API source with nothing cached
/// yet is listed in `warnings` (run `leavenow fetch`), not in `problems`.
public struct BoardCatalog: Sendable {
    /// Every configured board, in file order.
    public var boards: [Board]
    /// Sources that could not be loaded, as `rules/boards.yaml:12:9: source not loaded: <why>`.
    public var problems: [String]
    /// ODPT API sources without a cached timetable (yet), as
    /// `rules/boards.yaml:40:9: board "ginza-live": no cached timetable yet for …: run `leavenow fetch``.
    public var warnings: [String]

    public init(boards: [Board], problems: [String], warnings: [String] = []) {
        self.boards = boards
        self.problems = problems
        self.warnings = warnings
    }

    /// Reads every board of `directory` and loads its sources (ODPT API sources are not read: see
    /// `build(_:loader:)`).
    public static func load(directory: String) throws(ConfigError) -> BoardCatalog {
        build(try Configuration.load(directory: directory).boards)
    }

    /// Loads the sources of already-parsed boards from files; ODPT API sources are skipped with a warning.
    public static func build(_ specs: [BoardSpec]) -> BoardCatalog {
        build(specs, loader: BoardSourceLoader())
    }

    /// Loads the sources of already-parsed boards with `loader` (give it `cachedODPT:` to read
    /// ODPT API sources from a source cache).
    public static func build(_ specs: [BoardSpec], loader: BoardSourceLoader) -> BoardCatalog {
        var loader = loader
        var catalog = BoardCatalog(boards: [], problems: [], warnings: [])
        for spec in specs {
            let (board, problems, warnings) = loader.loadBoard(from: spec)
            catalog.boards.append(board)
            catalog.problems += problems
            catalog.warnings += warnings
        }
        return catalog
    }

    /// The board with this id.
    public func board(id: String) -> Board? { boards.first { $0.id == id } }

    /// The boards by id (the first of a repeated id).
    public var boardsByID: [String: Board] {
        Dictionary(boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
