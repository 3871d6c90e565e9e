import Messages

/// The routes of a feed (`routes.txt`) and how departures name them.
struct GTFSRoutes: Sendable {
    /// route_id → dense index.
    private(set) var ids = ByteInterner()
    private(set) var shortNames: [String] = []
    /// route_short_name, else route_long_name, else route_id.
    private(set) var labels: [String] = []

    init() {}

    var count: Int { ids.count }

    /// Routes whose route_id or route_short_name is `name`.
    func matching(_ name: String) -> [Int32] {
        var result = Set<Int32>()
        if let byID = ids.find(name) { result.insert(byID) }
        for (index, short) in shortNames.enumerated() where short == name { result.insert(Int32(index)) }
        return result.sorted()
    }

    /// Reads `routes.txt`; a route_id defined twice is an error.
    static func read(_ table: inout CSVTable) throws -> GTFSRoutes {
        var routes = GTFSRoutes()
        let idColumn = try table.requiredIndex(of: "route_id")
        let shortColumn = table.index(of: "route_short_name")
        let longColumn = table.index(of: "route_long_name")
        try table.forEachRow { row in
            let index = routes.ids.intern(row.bytes(idColumn))
            guard Int(index) == routes.labels.count else {
                throw row.error(column: idColumn, name: "route_id", Message(.gtfsDefinedTwice))
            }
            let short = row.string(shortColumn), long = row.string(longColumn)
            routes.shortNames.append(short)
            routes.labels.append(!short.isEmpty ? short : !long.isEmpty ? long : row.string(idColumn))
        }
        return routes
    }
}
