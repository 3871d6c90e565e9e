import Messages
import Config
import Facts
import Timetable
/// A board's `status:`: which service status source its departures' lines are looked up in, how
/// old a snapshot may be, and the line labels its configuration ties to a railway id.
final class BoardStatusLink: Sendable {
    /// The `odpt: service_status:` id.
    let source: String
    /// A snapshot older than this is not mentioned (3 × the source's refresh).
    let maxAgeSeconds: Int
    /// See `BoardSpec.railwayByLine`.
    let railwayByLine: [String: String]
    /// The railway of each ODPT source's station, by the source's configuration place (a board
    /// source's `origin`): a departure's line is that railway whatever its label says (中央線快速 in
    /// the timetable, 中央線快速電車 in the service status).
    let railwayByOrigin: [String: String]

    /// The link of a board with `status:` naming one of `sources`; nil otherwise.
    init?(board: BoardSpec, sources: [ServiceStatusSpec]) {
        guard let id = board.status else { return nil }
        source = id
        maxAgeSeconds = ServiceStatusSpec.defaultMaxAgeSeconds(of: id, in: sources)
        railwayByLine = board.railwayByLine
        var byOrigin: [String: String] = [:]
        for source in board.sources {
            if let railway = source.kind.station.flatMap(ODPTIdentifier.railwayID(ofStation:)) { byOrigin["\(source.location)"] = railway }
        }
        railwayByOrigin = byOrigin
    }

    /// The status of a departure's railway in `report`: by the line's explicit railway, else its
    /// ODPT source's station, else its label.
    func railway(of departure: BoardDeparture, board: Board, in report: ServiceStatusReport) -> RailwayStatus? {
        if railwayByLine[departure.line] == nil, departure.sourceIndex < board.sources.count,
           let origin = board.sources[departure.sourceIndex].origin, let railway = railwayByOrigin[origin],
           let status = report.railways.first(where: { $0.railway == railway }) {
            return status
        }
        return report.railway(matching: departure.line, railwayByLine: railwayByLine)
    }

    /// The latest report if it is fresh enough at `now`; otherwise nil, with why in `trace`.
    func freshReport(_ facts: FactSet, now: Int64, trace: inout Trace) -> ServiceStatusReport? {
        guard let snapshot = facts.serviceStatus[source] else {
            trace.note(.explainStatusNoSnapshotForBoard, ["source": .inQuotes(source)])
            return nil
        }
        let age = snapshot.age(at: now)
        guard age <= Int64(maxAgeSeconds) else {
            trace.note(.explainStatusStaleForBoard, ["source": .inQuotes(source), "age": .number(Int(age / 60)), "maximum": .number(maxAgeSeconds / 60)])
            return nil
        }
        return snapshot.value
    }
}
