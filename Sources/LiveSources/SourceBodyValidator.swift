import Facts
import Foundation

/// Checks that a body is what its source should deliver by decoding it with the source's decoder
/// (``SourceDecoders/decodeResponse(_:contentType:as:label:)``): only a body that decodes replaces
/// the last good one, and the decoded fact is handed on so nobody decodes it again.
public enum SourceBodyValidator {
    /// Decodes `body` as `source`'s format with `decoders`; `label` (the redacted URL) names it in errors.
    ///
    /// - Returns: the decoded fact.
    /// - Throws: the decoder's error, or a `DecodeError` for an HTML page where data was expected.
    @discardableResult
    public static func validate(_ body: Data, contentType: String?, source: LiveSource, label: String,
                                decoders: SourceDecoders = .standard) throws -> SourceFact {
        try decoders.decodeResponse([UInt8](body), contentType: contentType, as: source.bodyKind, label: label)
    }
}

extension LiveSource {
    /// What the source's bodies are, for ``SourceDecoders``: a fetched timetable's are what its
    /// format says (``FetchedTimetable/body``).
    public var bodyKind: SourceBodyKind {
        switch origin {
        case .weather(let spec): .init(weather: spec)
        case .feed: .feed
        case .timetable(let fetched): .timetable(fetched.body)
        case .odptTrainInformation: .odptTrainInformation
        case .gtfsRealtime: .gtfsRealtime
        case .odptTrain: .odptTrain
        }
    }
}
