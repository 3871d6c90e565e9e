import Facts
import Feeds
import Foundation
import Timetable
import Weather

/// Checks that a body is what its source should deliver by decoding it with the source's decoder:
/// only a body that decodes replaces the last good one.
public enum SourceBodyValidator {
    /// Decodes `body` as `source`'s format; `label` (the redacted URL) names it in errors.
    ///
    /// - Throws: the decoder's error, or a `DecodeError` for an HTML page where data was expected.
    public static func validate(_ body: Data, contentType: String?, source: LiveSource, label: String) throws {
        let bytes = [UInt8](body)
        if isHTML(bytes, contentType: contentType), source.kind != .feed || !looksLikeXMLFeed(bytes) {
            throw DecodeError(file: label, message: "the server answered with an HTML page (\(contentType ?? "no content type"), \(body.count) bytes) instead of \(source.expectedFormat)")
        }
        switch source.origin {
        case .weather(let spec): _ = try FixtureDirectory.decode(bytes, file: label, source: spec)
        case .feed: _ = try FeedDecoder.decode(bytes, source: label)
        case .odptStationTimetable(_, let station, let direction):
            if let pole = source.busstopPole {
                _ = try ODPTTimetableDecoder.busstopPoleTimetable(bytes, file: label, pole: pole)
            } else {
                _ = try ODPTTimetableDecoder.stationTimetable(bytes, file: label, station: station, direction: direction)
            }
        case .odptTrainInformation:
            _ = try ServiceStatusReport.decode(bytes, file: label)
        }
    }

    private static func isHTML(_ bytes: [UInt8], contentType: String?) -> Bool {
        if let contentType, contentType.lowercased().contains("text/html") { return true }
        let start = String(decoding: bytes.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    private static func looksLikeXMLFeed(_ bytes: [UInt8]) -> Bool {
        let start = String(decoding: bytes.prefix(512), as: UTF8.self)
        return start.contains("<feed") || start.contains("<rss") || start.contains("<rdf:RDF")
    }
}

extension LiveSource {
    /// `JSON` or `an Atom / RSS feed`, for messages.
    var expectedFormat: String { kind == .feed ? "an Atom / RSS feed" : "JSON" }
}
