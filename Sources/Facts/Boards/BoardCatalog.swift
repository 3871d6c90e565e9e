import Config
import Foundation
import Messages
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
    public var problemMessages: [Message]
    /// ODPT API sources without a cached timetable (yet), as
    /// `rules/boards.yaml:40:9: board "ginza-live": no cached timetable yet for …: run `leavenow fetch``.
    public var warningMessages: [Message]

    /// ``problemMessages`` in the reader's language.
    public var problems: [String] { problemMessages.map(\.text) }
    /// ``warningMessages`` in the reader's language.
    public var warnings: [String] { warningMessages.map(\.text) }

    /// Per board id, the sources (or day-type files of a CSV source) that could not be loaded,
    /// broken or without cached data yet; boards whose sources all loaded are absent.
    public var failuresByBoard: [String: [TimetableFailure]]

    public init(boards: [Board], problems: [Message], warnings: [Message] = [], failuresByBoard: [String: [TimetableFailure]] = [:]) {
        self.boards = boards
        self.problemMessages = problems
        self.warningMessages = warnings
        self.failuresByBoard = failuresByBoard
    }

    /// Reads every board of `directory` and loads its sources (ODPT API sources are not read: see
    /// `build(_:loader:)`).
    public static func load(directory: String) throws(ConfigError) -> BoardCatalog {
        build(try Configuration.load(directory: directory).boards)
    }

    /// Loads the timetables of already-parsed boards from files; fetched timetables are skipped with a warning.
    public static func build(_ specs: [BoardSpec]) -> BoardCatalog {
        build(specs, loader: BoardLoader())
    }

    /// Loads the timetables of already-parsed boards with `loader` (give it `cached:` to read
    /// fetched timetables from a source cache).
    public static func build(_ specs: [BoardSpec], loader: BoardLoader) -> BoardCatalog {
        var loader = loader
        var catalog = BoardCatalog(boards: [], problems: [], warnings: [])
        for spec in specs {
            let loaded = loader.loadBoard(from: spec)
            catalog.boards.append(loaded.board)
            catalog.problemMessages += loaded.problemMessages
            catalog.warningMessages += loaded.warningMessages
            if !loaded.failures.isEmpty, catalog.failuresByBoard[spec.id] == nil {
                catalog.failuresByBoard[spec.id] = loaded.failures
            }
        }
        return catalog
    }

    /// The sources (or day-type files) a board answers without, in configuration order; empty
    /// when every source loaded.
    public func failures(ofBoard id: String) -> [TimetableFailure] { failuresByBoard[id] ?? [] }

    /// How completely a board loaded.
    public func completeness(ofBoard id: String) -> BoardCompleteness {
        guard let board = board(id: id), let failures = failuresByBoard[id], !failures.isEmpty else { return .complete }
        return board.sources.isEmpty ? .unloadable(failures) : .incomplete(failures)
    }

    /// Every board that lacks a source, with its completeness, in file order.
    public var impairedBoards: [(board: Board, completeness: BoardCompleteness)] {
        boards.compactMap { board in
            let completeness = self.completeness(ofBoard: board.id)
            return completeness == .complete ? nil : (board, completeness)
        }
    }

    /// The board with this id.
    public func board(id: String) -> Board? { boards.first { $0.id == id } }

    /// The boards by id (the first of a repeated id).
    public var boardsByID: [String: Board] {
        Dictionary(boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Whether a board has all its sources.
public enum BoardCompleteness: Sendable, Equatable {
    /// Every source loaded.
    case complete
    /// Some sources (or day-type files) could not be loaded; the board answers from the others.
    case incomplete([TimetableFailure])
    /// No source could be loaded: the board has nothing to answer from.
    case unloadable([TimetableFailure])

    /// The sources the board lacks.
    public var failures: [TimetableFailure] {
        switch self {
        case .complete: return []
        case .incomplete(let failures), .unloadable(let failures): return failures
        }
    }
}

extension BoardCompleteness {
    /// One line per failed source: `board "half" is incomplete: 鷹66 (platform 11) could not be
    /// loaded: <why>` / `board "x" has no loadable source: 鷹56 (platform 12): <why>` (for
    /// `dry-run` and `status`), in the reader's language.
    public func lines(board: String) -> [String] { lineMessages(board: board).map(\.text) }

    /// ``lines(board:)`` kept for the reader's language.
    public func lineMessages(board: String) -> [Message] {
        switch self {
        case .complete: return []
        case .incomplete(let failures):
            return failures.map { Message(.factsBoardIncomplete, ["board": .text("\"\(board)\""), "source": .message($0.sourceText), "message": .message($0.text)]) }
        case .unloadable(let failures):
            return failures.map { Message(.factsBoardUnloadable, ["board": .text("\"\(board)\""), "source": .message($0.sourceText), "message": .message($0.text)]) }
        }
    }

    /// `incomplete` / `unloadable` / `complete`.
    public var name: String {
        switch self {
        case .complete: return "complete"
        case .incomplete: return "incomplete"
        case .unloadable: return "unloadable"
        }
    }
}
