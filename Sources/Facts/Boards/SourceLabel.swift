import Config
import Foundation
import Messages
import Timetable

/// A short name of a configured source for people: "鷹66 (platform 11)",
/// "gtfs-jp-rinkobus stop 1510-57", "TokyoMetro.Ginza.Ginza".
///
/// `line:` and `stop:` win when given; otherwise the name comes from the data's file names (a bus
/// CSV named `鷹66_調布駅北口_三鷹駅_乗り場11_平日.csv`), the station or pole id, or the path.
///
/// A label is a ``Messages/Message``: "鷹66 (platform 11)" in English (what JSON and stored records
/// name the source by), "鷹66 (11番のりば)" for a Japanese reader, as `next` words a stop.
public enum SourceLabel {
    /// The label of a configured source in English (reads a CSV directory's file names when it can).
    public static func text(of spec: SourceSpec) -> String { message(of: spec).english }

    /// The label of a configured source, for the reader's language.
    public static func message(of spec: SourceSpec) -> Message {
        if let given = labels(line: spec.line, stop: spec.stop) { return given }
        switch spec.kind {
        case .csv(let files):
            let named = files.values.sorted().lazy.compactMap { BusCSVFileName(fileName: $0) }.first
            return named.flatMap { labels(line: $0.route, stop: $0.stop) } ?? .verbatim(lastComponent(files.values.sorted().first ?? ""))
        case .csvDirectory(let path):
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
            let named = names.lazy.compactMap { BusCSVFileName(fileName: $0) }.first
            return named.flatMap { labels(line: $0.route, stop: $0.stop) } ?? .verbatim(lastComponent(path))
        case .odpt(let path, let station, _):
            return .verbatim(station.map(shortID) ?? lastComponent(path))
        case .busstopPole(let path, let pole):
            return .verbatim(pole.map(shortID) ?? lastComponent(path))
        case .gtfs(let path, let stopID, let stopName, let route):
            let feed = MessageArgument.text(lastComponent(path)), stop = MessageArgument.text(stopID ?? stopName ?? "?")
            guard let route else { return Message(.factsLabelStop, ["feed": feed, "id": stop]) }
            return Message(.factsLabelRouteStop, ["feed": feed, "route": .text(route), "id": stop])
        case .odptAPI(let station, _, _):
            return .verbatim(shortID(station))
        case .odptAPIBusstopPole(let pole, _):
            return .verbatim(shortID(pole))
        }
    }

    /// "鷹66 (platform 11)", "鷹66", "platform 11" ("鷹66 (11番のりば)" in Japanese); nil when neither
    /// is given. A stop that is not a number is shown as is ("鷹66 (三鷹駅南口)").
    public static func labels(line: String?, stop: String?) -> Message? {
        let line = line.flatMap { $0.isEmpty ? nil : $0 }
        let place = stop.flatMap { $0.isEmpty ? nil : ($0.allSatisfy(\.isNumber) ? Message(.nextPlatform, ["stop": .text($0)]) : .verbatim($0)) }
        switch (line, place) {
        case let (line?, place?): return .verbatim("\(line) (") + place + .verbatim(")")
        case let (line?, nil): return .verbatim(line)
        case let (nil, place?): return place
        case (nil, nil): return nil
        }
    }

    /// `odpt.Station:TokyoMetro.Ginza.Ginza` → `TokyoMetro.Ginza.Ginza`.
    private static func shortID(_ id: String) -> String {
        id.split(separator: ":", maxSplits: 1).last.map(String.init) ?? id
    }

    private static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return (trimmed as NSString).lastPathComponent
    }
}
