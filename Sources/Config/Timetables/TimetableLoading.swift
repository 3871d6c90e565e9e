import Foundation
import Timetable

/// What a ``TimetableFormat`` loads a source through: files, the decoders every body goes through,
/// the cache of fetched timetables and what several sources of one load share. `BoardLoader` in
/// Facts is the implementation (Config cannot see the decoders of Facts nor the cache of
/// LiveSources: this protocol is the seam).
public protocol TimetableLoading {
    /// The timezone of the board being loaded.
    var boardZone: TimeZone { get }

    /// The bytes of the file at `path`.
    /// - Throws: a `DecodeError` naming the file.
    func read(_ path: String) throws -> [UInt8]

    /// Decodes `bytes` as `body` (through the decoders that fixtures, the cache and fetch
    /// validation use); `label` names the body in errors.
    /// - Throws: the body decoder's error.
    func decode(_ bytes: [UInt8], as body: TimetableBody, label: String) throws -> DayTypeTimetable

    /// The last good response of a fetched timetable.
    /// - Throws: when the cache entry exists but cannot be read.
    func cached(_ fetched: FetchedTimetable) throws -> CachedFetch

    /// What `make` makes for `key`, made once per load of every board (a GTFS feed named by several
    /// sources is read once).
    mutating func shared<Value: Sendable>(_ key: String, _ make: () throws -> Value) throws -> Value
}

/// The cached response of a fetched timetable, as a load sees it.
public enum CachedFetch: Sendable, Equatable {
    /// This load does not read the cache (a command that reads files only).
    case notRead
    /// Nothing is cached yet.
    case notCached
    /// The last good body, with what names it in errors (the cache file's path).
    case cached(bytes: [UInt8], label: String)
}
