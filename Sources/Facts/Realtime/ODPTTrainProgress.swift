import Timetable

/// Where a train is relative to a board's station, from its `odpt:fromStation` / `odpt:toStation`.
public enum ODPTTrainProgress: Sendable, Equatable {
    /// It has not reached the station yet.
    case notReached
    /// It stands at the station.
    case atStation
    /// It has left the station.
    case left
    /// The data cannot tell (no station order, or the train's stations are not on it).
    case unknown

    /// The progress of `train` toward `target`'s station.
    ///
    /// Without the railway's station order only the station itself is known: a train whose
    /// `fromStation` is the station stands there (no `toStation`) or has just left it (a
    /// `toStation`); any other is `unknown`. With the order (`ODPTRealtimeTarget.stationOrder`), the
    /// train's direction of travel is read from `fromStation` → `toStation`, else toward its first
    /// destination on the railway, else away from its first origin on it, else from its
    /// `odpt:railDirection` against the railway's ascending / descending direction; its position
    /// (a station, or between two) is then compared with the board's station.
    public static func of(_ train: ODPTTrain, toward target: ODPTRealtimeTarget) -> ODPTTrainProgress {
        if target.isStation(train.fromStation) { return train.toStation == nil ? .atStation : .left }
        guard let railway = target.stationOrder else { return .unknown }
        let order = railway.stationOrder.map(ODPTRealtimeTarget.withoutPrefix)
        func position(_ station: String?) -> Int? {
            guard let station else { return nil }
            return order.firstIndex(of: ODPTRealtimeTarget.withoutPrefix(station))
        }
        guard let here = position(target.station), let from = position(train.fromStation) else { return .unknown }
        guard let sign = travelSign(train, from: from, railway: railway, position: position) else { return .unknown }
        // Positions doubled, so that "between from and the next station" is a half step ahead of from.
        let trainAt = 2 * from + (train.toStation != nil ? sign : 0)
        let ahead = (trainAt - 2 * here) * sign
        return ahead > 0 ? .left : ahead == 0 ? .atStation : .notReached
    }

    /// +1 toward higher indexes of the order, −1 toward lower ones; nil when nothing tells.
    private static func travelSign(_ train: ODPTTrain, from: Int, railway: ODPTRailway,
                                   position: (String?) -> Int?) -> Int? {
        if let to = position(train.toStation), to != from { return to > from ? 1 : -1 }
        if let destination = train.destinationStations.lazy.compactMap(position).first, destination != from {
            return destination > from ? 1 : -1
        }
        if let origin = train.originStations.lazy.compactMap(position).first, origin != from {
            return from > origin ? 1 : -1
        }
        if let direction = train.direction {
            let last = ODPTRealtimeTarget.lastComponent(direction)
            if let ascending = railway.ascendingDirection, ODPTRealtimeTarget.lastComponent(ascending) == last { return 1 }
            if let descending = railway.descendingDirection, ODPTRealtimeTarget.lastComponent(descending) == last { return -1 }
        }
        return nil
    }
}
