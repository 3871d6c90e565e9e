import Foundation
import Messages

/// A short name of a board's timetable for people: "鷹66 (platform 11)",
/// "gtfs-jp-rinkobus stop 1510-57", "TokyoMetro.Ginza.Ginza".
///
/// `line:` and `stop:` win when given; otherwise the format names it
/// (``TimetableFormat/label(_:)``): from the data's file names (a bus CSV named
/// `鷹66_調布駅北口_三鷹駅_乗り場11_平日.csv`), the station or pole id, or the path.
///
/// A label is a ``Messages/Message``: "鷹66 (platform 11)" in English (what JSON and stored records
/// name the source by), "鷹66 (11番のりば)" for a Japanese reader, as `next` words a stop.
public enum TimetableLabel {
    /// The label of a configured timetable in English.
    public static func text(of spec: TimetableSpec) -> String { message(of: spec).english }

    /// The label of a configured timetable, for the reader's language.
    public static func message(of spec: TimetableSpec) -> Message {
        labels(line: spec.line, stop: spec.stop) ?? spec.kind.label
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
    public static func shortID(_ id: String) -> String {
        id.split(separator: ":", maxSplits: 1).last.map(String.init) ?? id
    }

    /// The last component of a path (`data/feed.zip` → `feed.zip`; a trailing `/` ignored).
    public static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return (trimmed as NSString).lastPathComponent
    }
}
