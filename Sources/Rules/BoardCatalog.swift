import Foundation
import Timetable

/// The boards of a rules directory, with their sources read and decoded.
///
/// Configuration mistakes (YAML, unknown keys, bad ids) stop the load with a `ConfigError` listing
/// them all. A source whose data cannot be read (a missing file, truncated JSON, a broken GTFS row)
/// does not: the board keeps its other sources and the problem is listed in `problems`, naming
/// both the configuration line and the place in the data.
public struct BoardCatalog: Sendable {
    /// Every configured board, in file order.
    public var boards: [Board]
    /// Sources that could not be loaded, as `rules/boards.yaml:12:9: source not loaded: <why>`.
    public var problems: [String]

    public init(boards: [Board], problems: [String]) {
        self.boards = boards
        self.problems = problems
    }

    /// Reads every board of `directory` and loads its sources.
    public static func load(directory: String) throws(ConfigError) -> BoardCatalog {
        build(try Configuration.load(directory: directory).boards)
    }

    /// Loads the sources of already-parsed boards.
    public static func build(_ specs: [BoardSpec]) -> BoardCatalog {
        var loader = BoardSourceLoader()
        var boards: [Board] = []
        var problems: [String] = []
        for spec in specs {
            let (board, boardProblems) = loader.board(from: spec)
            boards.append(board)
            problems.append(contentsOf: boardProblems)
        }
        return BoardCatalog(boards: boards, problems: problems)
    }

    /// The board with this id.
    public func board(id: String) -> Board? { boards.first { $0.id == id } }
}
