import Config
import Messages

/// What a source body is, as far as decoding goes: everything a decoder needs to know about its
/// source besides the bytes. Live sources (`LiveSource.bodyKind` in LiveSources), dry-run fixtures
/// and board timetables all describe their bodies with it, so ``SourceDecoders`` is the one place a body
/// is decoded by kind.
public enum SourceBodyKind: Sendable, Equatable {
    /// A weather forecast in one provider's format.
    case weather(WeatherBodyFormat)
    /// An Atom / RSS feed (or a Qiita Advent Calendar's feed).
    case feed
    /// A timetable body, decoded by its format's decoder (an `odpt:StationTimetable` response kept
    /// to one station and one direction: ``TimetableBody/odptStationTimetable(station:direction:)``).
    case timetable(TimetableBody)
    /// An `odpt:TrainInformation` (service status) response.
    case odptTrainInformation
    /// A GTFS-Realtime `FeedMessage` (protobuf), decoded by `RealtimeDecoder` with its size cap.
    case gtfsRealtime
    /// An `odpt:Train` response (a JSON array of `odpt:Train` objects), checked and kept as bytes
    /// (``ODPTTrainResponse``).
    case odptTrain

    /// The body of a configured weather source.
    public init(weather spec: WeatherSpec) {
        self = .weather(WeatherBodyFormat(spec))
    }

    /// `JSON`, `an Atom / RSS feed` or `a GTFS-Realtime feed (protobuf)`, for messages.
    public var expectedFormat: Message {
        switch self {
        case .feed: Message(.factsExpectedFeed)
        case .gtfsRealtime: Message(.factsExpectedRealtime)
        case .timetable(let body): body.expectedFormat
        default: .verbatim("JSON")
        }
    }
}

/// The format of a weather response, by provider: what its decoder needs from the weather source.
public enum WeatherBodyFormat: Sendable, Equatable {
    /// OpenWeather One Call in the requested units, of API `version` (`3.0`, `2.5`).
    case openWeather(units: WeatherSpec.Units, version: String)
    /// Open-Meteo's forecast API.
    case openMeteo
    /// JMA's forecast file of an office; `area` picks the area (code or name), default the first.
    case jma(area: String?)

    /// The format a configured weather source answers with.
    public init(_ spec: WeatherSpec) {
        switch spec.provider {
        case .openweather: self = .openWeather(units: spec.units, version: spec.version)
        case .openMeteo: self = .openMeteo
        case .jma: self = .jma(area: spec.area)
        }
    }
}
