import Messages

/// The stops of a feed (`stops.txt`): ids, names, platform codes and parent stations.
struct GTFSStops: Sendable {
    /// stop_id → dense index.
    private(set) var ids = ByteInterner()
    private(set) var names: [String] = []
    private(set) var platformCodes: [String] = []
    /// Index of the parent station, or -1.
    private(set) var parents: [Int32] = []

    init() {}

    var count: Int { ids.count }

    /// What a departure calls the stop: the platform code if any, else the name, else the id.
    func label(of stop: Int32) -> String {
        let index = Int(stop)
        if !platformCodes[index].isEmpty { return platformCodes[index] }
        if !names[index].isEmpty { return names[index] }
        return ids.string(at: stop)
    }

    /// The stop's name, or its id when it has none.
    func name(of stop: Int32) -> String {
        names[Int(stop)].isEmpty ? ids.string(at: stop) : names[Int(stop)]
    }

    /// Reads `stops.txt`; a stop_id defined twice is an error.
    static func read(_ table: inout CSVTable) throws -> GTFSStops {
        var stops = GTFSStops()
        let idColumn = try table.requiredIndex(of: "stop_id")
        let nameColumn = table.index(of: "stop_name")
        let platformColumn = table.index(of: "platform_code")
        let parentColumn = table.index(of: "parent_station")
        var parentIDs: [String] = []
        try table.forEachRow { row in
            let index = stops.ids.intern(row.bytes(idColumn))
            guard Int(index) == stops.names.count else {
                throw row.error(column: idColumn, name: "stop_id", Message(.gtfsDefinedTwice))
            }
            stops.names.append(row.string(nameColumn))
            stops.platformCodes.append(row.string(platformColumn))
            parentIDs.append(row.string(parentColumn))
        }
        // A parent that is not in stops.txt is ignored: it only widens a station's selection.
        stops.parents = parentIDs.map { $0.isEmpty ? -1 : (stops.ids.find($0) ?? -1) }
        return stops
    }
}
