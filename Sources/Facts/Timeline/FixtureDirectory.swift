import Config
import Feeds
import Foundation
import Messages
import Timetable
import Weather

/// Recorded responses for a dry run or a rule test, one folder per source:
///
/// ```
/// fixtures/
///   weather/<weather source id>/<fetch time>.json      e.g. 2024-12-22T10:00:00+09:00.json
///   feeds/<feed id>/<fetch time>.xml                   (.atom and .rss too)
///   service_status/<service status id>/<fetch time>.json   (odpt:TrainInformation responses)
///   realtime/<board id>/<source index>/<fetch time>.pb     (GTFS-Realtime feeds of `realtime:` sources)
///   odpt_trains/<trains id>/<fetch time>.json              (odpt:Train responses of `odpt: trains:`)
/// ```
///
/// A realtime feed's folder is its board's id, then the source's 0-based index in the board's
/// `sources:` (``RealtimeSourceID``): `realtime/caltrain-sf/0/2023-11-07T17:05:34-08:00.pb`.
///
/// The fetch time is ISO 8601 with an offset, or a wall time in Asia/Tokyo. Several snapshots per
/// source make "changed" and "new entry" rules testable. A snapshot that does not decode is
/// skipped with a warning: the previous one stays in force, as in the worker.
public enum FixtureDirectory {
    /// Reads the fixtures of the configured sources; folders of unknown sources are warned about.
    /// Each snapshot is decoded by `decoders`.
    public static func load(_ path: String, configuration: Configuration,
                            decoders: SourceDecoders = .standard) -> (timeline: FactTimeline, warnings: [String]) {
        var timeline = FactTimeline()
        var warnings: [String] = []
        let manager = FileManager.default
        let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
        func snapshots(_ folder: String, extensions: Set<String>) -> [(path: String, fetchedAt: Int64)] {
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
            var result: [(String, Int64)] = []
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = URL(fileURLWithPath: name)
                guard extensions.contains(url.pathExtension.lowercased()) else {
                    warnings.append(Message(.factsFixtureIgnoredExtension, ["file": .text("\(folder)/\(name)"),
                                                                            "extensions": .message(.list(extensions.sorted()))]).text)
                    continue
                }
                guard let time = tokyo.parseTimestamp(url.deletingPathExtension().lastPathComponent) else {
                    warnings.append(Message(.factsFixtureIgnoredName, ["file": .text("\(folder)/\(name)")]).text)
                    continue
                }
                result.append((folder + "/" + name, time))
            }
            return result
        }
        let realtimeFeeds = configuration.boards.flatMap { board in
            board.realtimeFeeds.map { RealtimeSourceID(board: board.id, index: $0.index) }
        }
        let trains = configuration.odpt?.trains ?? []
        // Each source: its folder under the fixtures directory and its id in the timeline.
        let folders: [(folder: String, extensions: Set<String>, sources: [(folder: String, id: String, kind: SourceBodyKind)])] = [
            ("weather", ["json"], configuration.weather.map { ($0.id, $0.id, SourceBodyKind(weather: $0)) }),
            ("feeds", ["xml", "atom", "rss"], configuration.feeds.map { ($0.id, $0.id, .feed) }),
            ("service_status", ["json"], configuration.serviceStatus.map { ($0.id, $0.id, .odptTrainInformation) }),
            ("realtime", ["pb"], realtimeFeeds.map { ("\($0.board)/\($0.index)", $0.description, .gtfsRealtime) }),
            ("odpt_trains", ["json"], trains.map { ($0.id, $0.id, .odptTrain) }),
        ]
        for (folder, extensions, sources) in folders {
            for (sourceFolder, id, kind) in sources {
                for (file, time) in snapshots("\(path)/\(folder)/\(sourceFolder)", extensions: extensions) {
                    do {
                        timeline.add(try decoders.decode(try FileContents.read(file), as: kind, label: file), source: id, fetchedAt: time)
                    } catch {
                        warnings.append(Message(.factsFixtureSkipped, ["error": .message(Message(error: error))]).text)
                    }
                }
            }
        }
        let known: [(folder: String, what: MessageKey, ids: Set<String>)] = [
            ("weather", .nounFixtureWeather, Set(configuration.weather.map(\.id))), ("feeds", .nounFixtureFeed, Set(configuration.feeds.map(\.id))),
            ("service_status", .nounFixtureServiceStatus, Set(configuration.serviceStatus.map(\.id))),
            ("realtime", .nounFixtureRealtimeBoard, Set(realtimeFeeds.map(\.board))),
            ("odpt_trains", .nounFixtureTrains, Set(trains.map(\.id))),
        ]
        for (kind, what, ids) in known {
            for name in (try? manager.contentsOfDirectory(atPath: "\(path)/\(kind)")) ?? [] where !ids.contains(name) && !name.hasPrefix(".") {
                warnings.append(Message(.factsFixtureUnknownID, ["path": .text("\(path)/\(kind)/\(name)"), "what": .key(what)]).text)
            }
        }
        for board in Set(realtimeFeeds.map(\.board)).sorted() {
            let indexes = Set(realtimeFeeds.filter { $0.board == board }.map { String($0.index) })
            for name in (try? manager.contentsOfDirectory(atPath: "\(path)/realtime/\(board)")) ?? [] where !indexes.contains(name) && !name.hasPrefix(".") {
                warnings.append(Message(.factsFixtureUnknownIndex, ["path": .text("\(path)/realtime/\(board)/\(name)"), "board": .text("\"\(board)\""),
                                                                     "list": .message(.list(indexes.sorted()))]).text)
            }
        }
        return (timeline, warnings)
    }
}
