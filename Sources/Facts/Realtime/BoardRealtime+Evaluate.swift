import Config
import Realtime
import Timetable

extension BoardRealtime {
    /// What realtime says about `board` (built from `spec`) at `now`, from the latest snapshots of
    /// `facts`:
    ///
    /// - each source of `spec` with `realtime:` whose feed is in `facts.realtime[board][index]` is
    ///   applied by ``GTFSRealtimeOverlay`` (with the feed's `max_age`) to the board sources that
    ///   source loaded as; a feed never fetched is `.missing`;
    /// - each `odpt: trains:` entry of `odpt` whose railway is that of an `odpt` / `odpt_api`
    ///   source's station (and, for `odpt_api`, whose operator is the source's) is joined to those
    ///   sources by ``ODPTTrainJoin``; an entry no source of the board matches is not the board's;
    /// - with `status:`, the suspension of each railway of the board's ODPT sources from that
    ///   service-status snapshot (unless it is older than the source's default `max_age`).
    ///
    /// Data observed after `now` (a recorded feed asked about just before it) counts as 0 s old.
    public static func evaluate(board: Board, spec: BoardSpec, facts: FactSet, odpt: ODPTSpec?, now: Int64) -> BoardRealtime {
        var merged = BoardPredictions(observedAt: 0)
        var statuses: [RealtimeSourceStatus] = []
        var alerts: [GTFSServiceAlert] = []
        let indices = boardSourceIndices(board: board, spec: spec)

        for (index, realtime) in spec.realtimeFeeds {
            let id = RealtimeSourceID(board: spec.id, index: index).description
            let maxAge = Int64(realtime.maxAgeSeconds)
            guard let snapshot = facts.realtime[spec.id]?[index] else {
                statuses.append(RealtimeSourceStatus(id: id, kind: .gtfsRealtime, status: .missing, maxAgeSeconds: maxAge,
                                                     sourceIndices: indices[index]))
                continue
            }
            let result = GTFSRealtimeOverlay(maxAge: maxAge).apply(snapshot.value, fetchedAt: snapshot.fetchedAt, now: now, to: board,
                                                                   sourceIndices: indices[index], name: id)
            let age = max(0, now - result.observedAt)
            statuses.append(RealtimeSourceStatus(id: id, kind: .gtfsRealtime, status: result.stale ? .stale(age: age) : .live(age: age),
                                                 maxAgeSeconds: maxAge, observedAt: result.observedAt, sourceIndices: indices[index]))
            merge(result, into: &merged)
            if !result.stale, !snapshot.value.alerts.isEmpty {
                alerts += GTFSServiceAlert.active(in: snapshot.value, board: board, sourceIndices: indices[index], now: now, source: id)
            }
        }

        for entry in odpt?.trains ?? [] {
            let targets = odptTargets(of: entry, spec: spec, indices: indices)
            guard !targets.isEmpty else { continue }
            let maxAge = Int64(entry.maxAgeSeconds)
            let sourceIndices = targets.map(\.sourceIndex)
            guard let response = facts.trains[entry.id] else {
                statuses.append(RealtimeSourceStatus(id: entry.id, kind: .odptTrains, status: .missing, maxAgeSeconds: maxAge,
                                                     sourceIndices: sourceIndices))
                continue
            }
            let snapshot = ODPTTrainSnapshot(trains: response.value.trains, fetchedAt: response.fetchedAt)
            let result = ODPTTrainJoin.predictions(board: board, targets: targets, snapshot: snapshot, now: now, maxAge: maxAge,
                                                   source: entry.id)
            let age = max(0, now - snapshot.observedAt)
            statuses.append(RealtimeSourceStatus(id: entry.id, kind: .odptTrains,
                                                 status: result.stale == nil ? .live(age: age) : .stale(age: age),
                                                 maxAgeSeconds: maxAge, observedAt: snapshot.observedAt, sourceIndices: sourceIndices))
            merge(BoardPredictions(byDeparture: result.predictions, warnings: result.warnings.map { "\(entry.id): \($0)" },
                                   observedAt: snapshot.observedAt, stale: result.stale != nil), into: &merged)
        }
        merged.extraDepartures.sort { $0.departure.departure < $1.departure.departure }
        merged.stale = !statuses.contains(where: \.status.isLive) && statuses.contains { $0.status.age != nil }
        return BoardRealtime(predictions: merged, sources: statuses,
                             suspensions: suspensions(spec: spec, facts: facts, odpt: odpt, now: now), alerts: alerts)
    }

    /// The ids of every realtime source of `spec`, as the ``FactTimeline`` and the worker name them
    /// when they have new data: `<board>.<index>` for each source with `realtime:`, then the id of
    /// each `odpt: trains:` entry of `odpt` on the railway of one of the board's ODPT sources.
    /// Empty when the board has no realtime.
    public static func sourceIDs(spec: BoardSpec, odpt: ODPTSpec?) -> [String] {
        let anyIndex = spec.sources.map { _ in [0] }
        return spec.realtimeFeeds.map { RealtimeSourceID(board: spec.id, index: $0.index).description }
            + (odpt?.trains ?? []).filter { !odptTargets(of: $0, spec: spec, indices: anyIndex).isEmpty }.map(\.id)
    }

    /// For each source of `spec` (by its index), the indices of the board sources it loaded as: a
    /// source's board sources carry its configuration place as their `origin` (a CSV directory loads
    /// as one board source per route; a source that failed to load as none).
    static func boardSourceIndices(board: Board, spec: BoardSpec) -> [[Int]] {
        spec.sources.map { source in
            let origin = "\(source.location)"
            return board.sources.indices.filter { board.sources[$0].origin == origin }
        }
    }

    /// The ODPT station-timetable sources of `spec` on the railway of `entry` (and of its operator,
    /// for API sources), as join targets.
    static func odptTargets(of entry: ODPTTrainsSpec, spec: BoardSpec, indices: [[Int]]) -> [ODPTRealtimeTarget] {
        var targets: [ODPTRealtimeTarget] = []
        for (index, source) in spec.sources.enumerated() {
            guard let stop = source.kind.odptStation else { continue }
            if let operatorID = stop.operatorID, ODPTIdentifier.name(of: operatorID) != ODPTIdentifier.name(of: entry.operator) { continue }
            guard let railway = stop.railway, ODPTIdentifier.name(of: railway) == ODPTIdentifier.name(of: entry.railway) else { continue }
            targets += indices[index].map {
                ODPTRealtimeTarget(sourceIndex: $0, station: stop.station, railway: entry.railway, direction: stop.direction)
            }
        }
        return targets
    }

    /// The suspensions of the railways of `spec`'s ODPT sources in its `status:` snapshot.
    static func suspensions(spec: BoardSpec, facts: FactSet, odpt: ODPTSpec?, now: Int64) -> [ODPTLineSuspension] {
        guard let statusID = spec.status, let snapshot = facts.serviceStatus[statusID] else { return [] }
        let maxAge = Int64(ServiceStatusSpec.defaultMaxAgeSeconds(of: statusID, in: odpt?.serviceStatus ?? []))
        guard snapshot.age(at: now) <= maxAge else { return [] }
        var railways: [String] = []
        for source in spec.sources {
            if let railway = source.kind.station.flatMap(ODPTIdentifier.railwayID(ofStation:)), !railways.contains(railway) {
                railways.append(railway)
            }
        }
        return railways.compactMap { ODPTLineSuspension.current(railway: $0, in: snapshot.value, at: now) }
    }

    private static func merge(_ result: BoardPredictions, into merged: inout BoardPredictions) {
        merged.warnings += result.warnings
        guard !result.stale else { return }
        merged.byDeparture.merge(result.byDeparture) { first, _ in first }
        merged.extraDepartures += result.extraDepartures
        merged.observedAt = max(merged.observedAt, result.observedAt)
    }
}
