import Foundation
import Messages
import Timetable

extension TimetableKind {
    /// `gtfs:` a GTFS feed (zip or directory) at one stop, by `stop_id:` or `stop_name:` (exactly
    /// one), optionally only `route:` (a route_id or route_short_name).
    public static func gtfs(path: String, stopID: String?, stopName: String?, route: String?) -> TimetableKind {
        TimetableKind(GTFSFormat(), .init(path: path, stopID: stopID, stopName: stopName, route: route))
    }
}

/// `gtfs:` a GTFS or GTFS-JP feed, zipped or unpacked, at one stop: the departures of every trip
/// that stops there (or of one route), with `calendar.txt` / `calendar_dates.txt` deciding the days.
public struct GTFSFormat: TimetableFormat {
    /// A source's feed and stop.
    public struct Settings: Sendable, Equatable {
        /// The zip file or directory.
        public var path: String
        /// `stop_id:` (exactly one of it and `stopName`).
        public var stopID: String?
        /// `stop_name:`.
        public var stopName: String?
        /// `route:`, a route_id or route_short_name; nil: every route.
        public var route: String?
    }

    /// The format.
    public init() {}
    /// `gtfs`.
    public var key: String { "gtfs" }
    /// `gtfs`, `stop_id`, `stop_name`, `route`.
    public var keys: [ConfigKey] {
        [ConfigKey("gtfs", .path, example: "data/feed.zip", "A GTFS feed: a zip file or an unpacked directory."),
         ConfigKey("stop_id", .string, example: "\"S1\"", "The stop, by stop_id (give it or stop_name)."),
         ConfigKey("stop_name", .string, example: "川崎駅西口", "The stop, by stop_name (give it or stop_id)."),
         ConfigKey("route", .string, default: "every route", example: "\"10\"", "Only this route, by route_id or route_short_name.")]
    }
    /// Whatever the feed runs.
    public var vehicle: Vehicle { .vehicle }
    /// GTFS times count from noon minus 12 h.
    public var timeBase: ServiceTimeBase { .noonMinusTwelveHours }
    /// Its trips are what GTFS-Realtime updates.
    public var acceptsRealtime: Bool { true }

    /// The path, exactly one of `stop_id` / `stop_name`, and `route`.
    public func parse(_ value: YAMLNode, source: inout MappingReader, context: ConfigFileContext) -> Settings? {
        let stopID = source.optional("stop_id", YAMLValue.string)
        let stopName = source.optional("stop_name", YAMLValue.string)
        let route = source.optional("route", YAMLValue.string)
        if source.contains("stop_id") == source.contains("stop_name") {
            context.diagnostics.report(source.contains("stop_id") ? .configGTFSStopBoth : .configGTFSStopMissing, at: source.node.mark)
        }
        return context.path(value).map { Settings(path: $0, stopID: stopID, stopName: stopName, route: route) }
    }

    /// `feed.zip stop S1`, `feed.zip route 10 stop S1`.
    public func label(_ settings: Settings) -> Message {
        let feed = MessageArgument.text(TimetableLabel.lastComponent(settings.path)), stop = MessageArgument.text(settings.stopID ?? settings.stopName ?? "?")
        guard let route = settings.route else { return Message(.factsLabelStop, ["feed": feed, "id": stop]) }
        return Message(.factsLabelRouteStop, ["feed": feed, "route": .text(route), "id": stop])
    }

    /// The stop's timetable; the feed is read once for every source naming it. A feed whose
    /// `agency_timezone` is not the board's is refused.
    public func load(_ settings: Settings, for spec: TimetableSpec, from loading: inout some TimetableLoading) throws -> TimetableLoad {
        let feed = try loading.shared("gtfs:" + settings.path) { try GTFSFeed.load(path: settings.path) }
        if let agencyZone = feed.agencyTimeZone, let zone = TimeZone(identifier: agencyZone), zone.identifier != loading.boardZone.identifier {
            throw AgencyTimeZoneError(file: settings.path, agencyZone: agencyZone, boardZone: loading.boardZone.identifier)
        }
        let timetable = try feed.timetable(stopID: settings.stopID, stopName: settings.stopName, route: settings.route)
        return TimetableLoad(timetables: [spec.boardTimetable(named: settings.path, timetable)])
    }
}

/// A GTFS feed whose `agency_timezone` is not its board's timezone: its times would be read in the
/// wrong zone, so the source is not loaded.
public struct AgencyTimeZoneError: MessageError, Sendable, Equatable {
    /// The feed.
    public var file: String
    /// The feed's `agency_timezone`.
    public var agencyZone: String
    /// The board's timezone.
    public var boardZone: String

    /// An error.
    public init(file: String, agencyZone: String, boardZone: String) {
        self.file = file
        self.agencyZone = agencyZone
        self.boardZone = boardZone
    }

    /// `…/feed.zip: agency.txt: the feed's times are in agency_timezone "…" but the board's timezone is "…"; set …`,
    /// kept for the reader's language.
    public var text: Message {
        .verbatim("\(file): agency.txt: ")
            + Message(.factsAgencyTimezone, ["agency": .text("\"\(agencyZone)\""), "board": .text("\"\(boardZone)\""), "zone": .text(agencyZone)])
    }

    /// ``text``.
    public var descriptionMessage: Message { text }
}
