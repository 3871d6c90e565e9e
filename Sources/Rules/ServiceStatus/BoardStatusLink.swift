import Config
import Facts
/// A board's `status:`: which service status source its departures' lines are looked up in, how
/// old a snapshot may be, and the line labels its configuration ties to a railway id.
struct BoardStatusLink: Sendable {
    /// The `odpt: service_status:` id.
    let source: String
    /// A snapshot older than this is not mentioned (3 × the source's refresh).
    let maxAgeSeconds: Int
    /// See `BoardSpec.railwayByLine`.
    let railwayByLine: [String: String]

    /// The link of a board with `status:` naming one of `sources`; nil otherwise.
    init?(board: BoardSpec, sources: [ServiceStatusSpec]) {
        guard let id = board.status else { return nil }
        source = id
        maxAgeSeconds = ServiceStatusSpec.defaultMaxAgeSeconds(of: id, in: sources)
        railwayByLine = board.railwayByLine
    }

    /// The latest report if it is fresh enough at `now`; otherwise nil, with why in `trace`.
    func freshReport(_ facts: FactSet, now: Int64, trace: inout Trace) -> ServiceStatusReport? {
        guard let snapshot = facts.serviceStatus[source] else {
            trace.note("no snapshot of service status \"\(source)\" yet: departures carry no status")
            return nil
        }
        let age = snapshot.age(at: now)
        guard age <= Int64(maxAgeSeconds) else {
            trace.note("service status \"\(source)\" is \(age / 60) min old (older than \(maxAgeSeconds / 60) min): stale, not mentioned")
            return nil
        }
        return snapshot.value
    }
}
