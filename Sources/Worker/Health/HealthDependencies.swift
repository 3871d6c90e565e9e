import Config
import LiveSources

/// What the configured notifications depend on: the boards, sources and channels some rule uses
/// (and the channels of the `health:` section). A problem of anything else — a board no rule reads,
/// the ended feed of an example board, a weather source no rule asks, a channel no rule sends
/// through — stops no notification the user configured: the health check marks it
/// ``HealthProblem/isInformation`` (`status` lists it apart and stays healthy; the watchdog tells
/// no one).
///
/// A rule depends on what it names (`board:`, `weather:` — a leave-now's `rain:` too —, `feed:`,
/// `status:`, `channels:`), and through a board on that board's sources: its ODPT API timetables,
/// its `realtime:` feeds, the `odpt: trains:` of its railways and the service status its `status:`
/// links.
public struct HealthDependencies: Sendable, Equatable {
    /// Board ids.
    public var boards: Set<String>
    /// Sources, by ``LiveSource/cacheName`` (the names of the source index).
    public var sources: Set<String>
    /// Channel ids.
    public var channels: Set<String>

    public init(boards: Set<String>, sources: Set<String>, channels: Set<String>) {
        self.boards = boards
        self.sources = sources
        self.channels = channels
    }

    /// What `configuration`'s rules and `health:` section depend on.
    public init(configuration: Configuration) {
        var named: [RuleReference.Target: Set<String>] = [:]
        for reference in configuration.rules.flatMap(\.references) { named[reference.target, default: []].insert(reference.name) }
        for rule in configuration.rules { named[.channel, default: []].formUnion(rule.common.channels) }
        let boards = named[.board] ?? []
        let usedBoards = configuration.boards.filter { boards.contains($0.id) }
        let statuses = (named[.serviceStatus] ?? []).union(usedBoards.compactMap(\.status))
        let timetables = Set(usedBoards.flatMap(\.sources).compactMap { LiveSource.timetable(for: $0, odpt: configuration.odpt)?.cacheName })
        let trains = configuration.odpt?.trains ?? []
        var sources: Set<String> = []
        for source in LiveSource.all(in: configuration) {
            let used: Bool
            switch source.origin {
            case .weather(let spec): used = named[.weather]?.contains(spec.id) ?? false
            case .feed(let spec): used = named[.feed]?.contains(spec.id) ?? false
            case .odptTrainInformation: used = statuses.contains(source.id)
            case .gtfsRealtime(let id, _): used = boards.contains(id.board)
            case .odptTrain: used = trains.first { $0.id == source.id }.map { !$0.boards(in: configuration.boards).isDisjoint(with: boards) } ?? false
            case .timetable: used = timetables.contains(source.cacheName)
            }
            if used { sources.insert(source.cacheName) }
        }
        self.init(boards: boards, sources: sources,
                  channels: (named[.channel] ?? []).union(configuration.health?.channels ?? []))
    }
}
