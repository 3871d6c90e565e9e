import Foundation
import Messages

extension BusCSV {
    /// Reads one file per day type into a timetable whose departures carry the given labels.
    ///
    /// `isLast` is set on the last departure of each day type. A file with no departures gives an
    /// empty day (nothing runs on those days) rather than an error.
    /// - Throws: `DecodeError` naming the path when a file cannot be read or parsed.
    public static func timetable(files: [DayTypeKey: String], line: String, stop: String,
                                 destination: String) throws -> DayTypeTimetable {
        let read = readEach(files: files, line: line, stop: stop, destination: destination)
        if let first = read.failures.first { throw first.error }
        return read.timetable
    }

    /// Reads one file per day type like `timetable(files:line:stop:destination:)`, but a file that
    /// cannot be read or parsed costs only its own day type: the other files still load, and the
    /// broken one is listed in `failures` (sorted by path).
    public static func readEach(files: [DayTypeKey: String], line: String, stop: String,
                                destination: String) -> (timetable: DayTypeTimetable, failures: [BusCSVFileFailure]) {
        var timetable = DayTypeTimetable()
        timetable.serviceSpanSeconds = UnknownService.busCSVSpanSeconds
        var failures: [BusCSVFileFailure] = []
        for (key, path) in files.sorted(by: { $0.value < $1.value }) {
            do {
                let times = try parse(try FileContents.read(path), file: path)
                var departures = times.map { Departure(time: $0, line: line, stop: stop, destination: destination) }
                if !departures.isEmpty { departures[departures.count - 1].isLast = true }
                timetable.set(departures, for: key)
            } catch {
                let decodeError = error as? DecodeError ?? DecodeError(file: path, text: Message(error: error))
                failures.append(BusCSVFileFailure(dayType: key, path: path, error: decodeError))
            }
        }
        return (timetable, failures)
    }

    /// Reads every file named `路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv` in a directory
    /// (see `BusCSVFileName`) and groups them by route, origin, destination and platform.
    ///
    /// Files whose names do not follow the pattern are ignored. Routes come sorted by route,
    /// origin, destination and platform.
    /// A file that cannot be read or parsed costs only its day type: it is listed in the route's
    /// `failures` and the route's other files still load.
    /// - Throws: `DecodeError` naming the directory when it cannot be listed or holds no matching
    ///   file, and naming both files when two give the same day type of one route.
    public static func directory(_ path: String) throws -> [BusCSVRoute] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            let why = Message(FileManager.default.fileExists(atPath: path) ? .busCSVNotReadableDirectory : .busCSVNoSuchDirectory)
            throw DecodeError(file: path, text: Message(.busCSVCannotList, ["why": .message(why)]))
        }
        let base = path.hasSuffix("/") ? path : path + "/"

        struct RouteKey: Hashable, Comparable {
            var route: String, origin: String, destination: String, stop: String
            static func < (a: RouteKey, b: RouteKey) -> Bool {
                (a.route, a.origin, a.destination, a.stop) < (b.route, b.origin, b.destination, b.stop)
            }
        }
        var groups: [RouteKey: [DayTypeKey: String]] = [:]
        for name in names {
            guard let parsed = BusCSVFileName(fileName: name) else { continue }
            let filePath = base + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: filePath, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let key = RouteKey(route: parsed.route, origin: parsed.origin, destination: parsed.destination, stop: parsed.stop)
            if let other = groups[key]?[parsed.dayType] {
                throw DecodeError(file: filePath, text: Message(.busCSVSameDayType, [
                    "other": .text("\"\(other)\""), "dayType": .text(parsed.dayType.rawValue), "route": .text(parsed.route),
                    "origin": .text(parsed.origin), "destination": .text(parsed.destination),
                    "platform": .key(.nextPlatform, ["stop": .text(parsed.stop)]),
                ]))
            }
            groups[key, default: [:]][parsed.dayType] = filePath
        }
        guard !groups.isEmpty else {
            let found = names.isEmpty ? Message(.busCSVDirectoryEmpty)
                : Message(.busCSVFound, ["list": .message(.list(Array(names.prefix(10)) + (names.count > 10 ? ["…"] : [])))])
            throw DecodeError(file: path, text: Message(.busCSVNoFiles, ["found": .message(found)]))
        }
        return groups.keys.sorted().map { key in
            let files = groups[key, default: [:]]
            let read = readEach(files: files, line: key.route, stop: key.stop, destination: key.destination)
            return BusCSVRoute(route: key.route, origin: key.origin, destination: key.destination, stop: key.stop,
                               timetable: read.timetable, files: files.values.sorted(), failures: read.failures)
        }
    }
}
