import Messages

/// Reads every board of a rules directory (`*.yaml` / `*.yml` directly in it, in name order; see
/// `ConfigDirectory`) and checks that board ids are unique across all files. Only `boards:` and
/// `odpt:` are read: the other sections (rules, channels, …) are not this function's business.
///
/// - Throws: `ConfigError` listing every problem of every file (after all files were read).
public func loadBoardSpecs(directory: String) throws(ConfigError) -> [BoardSpec] {
    var config = ConfigDirectory.load(directory: directory, parser: .boardsOnly)
    let boards = config.files.flatMap(\.boards)
    config.add(duplicateBoardIDMessages(in: boards).map { config.diagnostic(at: $0.location, $0.message) })
    guard config.diagnostics.isEmpty else { throw ConfigError(diagnostics: config.diagnostics) }
    return boards
}

/// Every board whose id was already used by an earlier board (in the given order), with the place
/// of the repeat and a message naming the first one:
/// `duplicate board id "chofu" (first defined at rules/a.yaml:2:7)`.
public func duplicateBoardIDs(in boards: [BoardSpec]) -> [(location: ConfigLocation, message: String)] {
    duplicateBoardIDMessages(in: boards).map { ($0.location, $0.message.text) }
}

/// ``duplicateBoardIDs(in:)`` with the messages kept for the reader's language.
public func duplicateBoardIDMessages(in boards: [BoardSpec]) -> [(location: ConfigLocation, message: Message)] {
    var first: [String: ConfigLocation] = [:]
    var problems: [(location: ConfigLocation, message: Message)] = []
    for board in boards {
        if let earlier = first[board.id] {
            problems.append((board.location, Message(.configDuplicateID, ["what": .key(.nounBoard), "id": .quoted(board.id),
                                                                          "place": .text("\(earlier)")])))
        } else {
            first[board.id] = board.location
        }
    }
    return problems
}
