/// One train's position and delay from an ODPT `odpt:Train` record (列車ロケーション情報). Decoded by
/// `ODPTTimetableDecoder.trains(_:file:)`.
///
/// Two shapes exist: 2017 Tokyo Metro data names the origin and destination with the strings
/// `odpt:startingStation` / `odpt:terminalStation`, JR East 2017 data with the string
/// `odpt:destinationStation`, and the current ODPT v4 spec with the arrays `odpt:originStation` /
/// `odpt:destinationStation`. All come out as arrays of station ids here.
public struct ODPTTrain: Sendable, Equatable {
    /// `owl:sameAs`, the train's id (`odpt.Train:TokyoMetro.Ginza.A1551`), when present.
    public var id: String?
    /// `odpt:trainNumber` (`A1551`, `1552T`): what station timetables name the train by.
    public var trainNumber: String
    /// `odpt:railway` (`odpt.Railway:JR-East.ChuoRapid`).
    public var railway: String
    /// `odpt:operator`, when present.
    public var `operator`: String?
    /// `odpt:railDirection` (`odpt.RailDirection:TokyoMetro.Shibuya`; JR East 2017:
    /// `odpt.RailwayDirection:Outbound`), when present.
    public var direction: String?
    /// `odpt:delay` in seconds (positive: late); nil when the record gives none (delay unknown).
    public var delaySeconds: Int?
    /// `odpt:fromStation`: the station the train is at, or has just left when `toStation` is set.
    public var fromStation: String?
    /// `odpt:toStation`: the station the train is running toward; nil while it stands at `fromStation`.
    public var toStation: String?
    /// `odpt:originStation` (array) or `odpt:startingStation` (string): where the run starts.
    public var originStations: [String]
    /// `odpt:destinationStation` (array or string) or `odpt:terminalStation` (string): where it ends.
    public var destinationStations: [String]
    /// `odpt:trainType` id (`odpt.TrainType:TokyoMetro.Local`), when present.
    public var trainType: String?
    /// `odpt:trainTypeTitle` (JR East 2017: 快速), in Japanese when the record gives several languages.
    public var trainTypeTitle: String?
    /// `odpt:index` (JR East 2017 data repeats a train with an index), when present.
    public var index: Int?
    /// `dc:date`, when the data was generated, seconds since the epoch.
    public var date: Int64?
    /// `dct:valid`, until when the data holds, seconds since the epoch.
    public var validUntil: Int64?

    public init(id: String? = nil, trainNumber: String, railway: String, operator: String? = nil,
                direction: String? = nil, delaySeconds: Int? = nil, fromStation: String? = nil,
                toStation: String? = nil, originStations: [String] = [], destinationStations: [String] = [],
                trainType: String? = nil, trainTypeTitle: String? = nil, index: Int? = nil,
                date: Int64? = nil, validUntil: Int64? = nil) {
        self.id = id
        self.trainNumber = trainNumber
        self.railway = railway
        self.operator = `operator`
        self.direction = direction
        self.delaySeconds = delaySeconds
        self.fromStation = fromStation
        self.toStation = toStation
        self.originStations = originStations
        self.destinationStations = destinationStations
        self.trainType = trainType
        self.trainTypeTitle = trainTypeTitle
        self.index = index
        self.date = date
        self.validUntil = validUntil
    }

    /// Whether the train stands at `station` now (`fromStation` is it and there is no `toStation`).
    public func isStanding(at station: String) -> Bool {
        toStation == nil && fromStation == station
    }

    /// Whether the train has just left `station` (`fromStation` is it and `toStation` is set).
    public func hasJustLeft(_ station: String) -> Bool {
        toStation != nil && fromStation == station
    }
}
