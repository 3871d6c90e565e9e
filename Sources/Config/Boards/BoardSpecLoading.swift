/// Reads every board of a rules directory (`*.yaml` / `*.yml` directly in it, in name order; see
/// `ConfigDirectory`) and checks that board ids are unique across all files. Only `boards:` and
/// `odpt:` are read: the other sections (rules, channels, …) are not this function's business.
///
/// - Throws: `ConfigError` listing every problem of every file (after all files were read).
public func loadBoardSpecs(directory: String) throws(ConfigError) -> [BoardSpec] {
    var config = ConfigDirectory.load(directory: directory, parser: .boardsOnly)
    let boards = config.files.flatMap(\.boards)
    config.add(duplicateBoardIDs(in: boards).map { config.diagnostic(at: $0.location, $0.message) })
    guard config.diagnostics.isEmpty else { throw ConfigError(diagnostics: config.diagnostics) }
    return boards
}

/// Every board whose id was already used by an earlier board (in the given order), with the place
/// of the repeat and a message naming the first one:
/// `duplicate board id "chofu" (first defined at rules/a.yaml:2:7)`.
public func duplicateBoardIDs(in boards: [BoardSpec]) -> [(location: ConfigLocation, message: String)] {
    var first: [String: ConfigLocation] = [:]
    var problems: [(location: ConfigLocation, message: String)] = []
    for board in boards {
        if let earlier = first[board.id] {
            problems.append((board.location, "duplicate board id \(quoted(board.id)) (first defined at \(earlier))"))
        } else {
            first[board.id] = board.location
        }
    }
    return problems
}
