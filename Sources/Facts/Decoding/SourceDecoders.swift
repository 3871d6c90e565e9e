import Config
import Feeds
import Realtime
import Timetable
import Weather
import Messages

/// The one place a source body is decoded by kind: dry-run fixtures (``FixtureDirectory``), board
/// timetables and cached fetched timetables (``BoardLoader``), the last-good cache (`CachedFacts`)
/// and fetch validation (`SourceBodyValidator`) all decode through it, so they accept and refuse
/// the same bodies with the same messages.
///
/// `observe` (nil in ``standard``) hears every decode before it runs: tests count decodes with it.
public struct SourceDecoders: Sendable {
    /// Hears every decode: the kind and the label of the body.
    public typealias Observer = @Sendable (_ kind: SourceBodyKind, _ label: String) -> Void

    private let observe: Observer?

    /// Decoders that report every decode to `observe`.
    public init(observe: Observer? = nil) {
        self.observe = observe
    }

    /// The decoders, unobserved.
    public static let standard = SourceDecoders()

    /// Decodes `bytes` as `kind`; `label` (a file path, a redacted URL) names the body in errors.
    ///
    /// - Throws: the kind's decoder's error (a `DecodeError`, a `FeedError`, a `RealtimeDecodeError`
    ///   — also for a GTFS-Realtime body over `RealtimeDecoder.defaultSizeLimit` —, …), unchanged.
    public func decode(_ bytes: [UInt8], as kind: SourceBodyKind, label: String) throws -> SourceFact {
        observe?(kind, label)
        switch kind {
        case .weather(let format):
            return .forecast(try Self.forecast(bytes, format: format, label: label))
        case .feed:
            return .feed(try FeedDecoder.decode(bytes, source: label))
        case .timetable(let body):
            return .timetable(try body.decode(bytes, label: label))
        case .odptTrainInformation:
            return .serviceStatus(try ServiceStatusReport.decode(bytes, file: label))
        case .gtfsRealtime:
            return .realtime(try RealtimeDecoder.decode(bytes, source: label))
        case .odptTrain:
            return .trains(try ODPTTrainResponse(checking: bytes, label: label))
        }
    }

    /// Decodes a response a server sent for a source of `kind`: an HTML page where data was expected
    /// (an error or login page with a 200) is refused before decoding; a feed served as `text/html`
    /// that looks like XML is still a feed.
    ///
    /// - Throws: a `DecodeError` for an HTML page, else as ``decode(_:as:label:)``.
    public func decodeResponse(_ bytes: [UInt8], contentType: String?, as kind: SourceBodyKind, label: String) throws -> SourceFact {
        if HTMLPage.detect(bytes, contentType: contentType), kind != .feed || !HTMLPage.looksLikeXMLFeed(bytes) {
            throw DecodeError(file: label, text: Message(.factsHTMLInsteadOf, [
                "type": contentType.map { .text($0) } ?? .key(.factsNoContentType), "bytes": .number(bytes.count),
                "expected": .message(kind.expectedFormat),
            ]))
        }
        return try decode(bytes, as: kind, label: label)
    }

    /// The forecast of a weather body.
    public func forecast(_ bytes: [UInt8], format: WeatherBodyFormat, label: String) throws -> Forecast {
        guard case .forecast(let forecast) = try decode(bytes, as: .weather(format), label: label) else {
            preconditionFailure("a weather body decodes to a forecast")
        }
        return forecast
    }

    /// The timetable of a timetable body (`kind` is ``SourceBodyKind/timetable(_:)``).
    public func timetable(_ bytes: [UInt8], kind: SourceBodyKind, label: String) throws -> DayTypeTimetable {
        guard case .timetable(let timetable) = try decode(bytes, as: kind, label: label) else {
            preconditionFailure("\(kind) is not a timetable")
        }
        return timetable
    }

    /// One provider's weather decoder.
    private static func forecast(_ bytes: [UInt8], format: WeatherBodyFormat, label: String) throws -> Forecast {
        switch format {
        case .openWeather(let units, _):
            let requested: OpenWeatherUnits
            switch units {
            case .standard: requested = .standard
            case .metric: requested = .metric
            case .imperial: requested = .imperial
            }
            return try OpenWeatherDecoder.oneCall(bytes, source: label, units: requested)
        case .openMeteo: return try OpenMeteoDecoder.forecast(bytes, source: label)
        case .jma(let area): return try JMADecoder.forecast(bytes, source: label, area: area)
        }
    }
}
