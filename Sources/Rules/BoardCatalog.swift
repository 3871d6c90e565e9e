import Timetable

/// The boards of a rules directory, loaded (STUB until the YAML reader lands).
public struct BoardCatalog: Sendable {
    public var boards: [Board]
    public var problems: [String]
    public static func load(directory: String) throws -> BoardCatalog { BoardCatalog(boards: [], problems: []) }
}
