import Facts
import Realtime
import Timetable

/// A board of one GTFS source per stop of `feed` (the board the TripUpdates are applied to).
func benchmarkBoard(feed path: String, stops: [String], timeZone: String) throws -> Board {
    let feed = try GTFSFeed.load(path: path)
    let sources = try stops.map { stop in
        BoardTimetable(name: "\(path) \(stop)", timetable: try feed.timetable(stopID: stop, stopName: nil, route: nil))
    }
    guard let clock = ZoneClock(identifier: timeZone) else { fail("unknown timezone \(timeZone)") }
    return Board(id: "bench", title: "bench", clock: clock, calendar: ServiceCalendar(nationalHolidays: false), sources: sources)
}

/// Decodes `bytes` and applies the feed to every source of `board` at the feed's own time; returns
/// the number of predictions (so the work is not optimised away).
func decodeAndApply(_ bytes: [UInt8], source: String, board: Board) -> Int {
    let feed: FeedMessage
    do { feed = try RealtimeDecoder.decode(bytes, source: source) } catch { fail("\(error)") }
    return apply(feed, board: board).byDeparture.count
}

/// The overlay alone on a decoded feed.
func apply(_ feed: FeedMessage, board: Board) -> BoardPredictions {
    let time = Int64(clamping: feed.header.timestamp ?? 0)
    return GTFSRealtimeOverlay(maxAge: 90).apply(feed, fetchedAt: time, now: time, to: board,
                                                 sourceIndices: Array(board.sources.indices), name: "bench")
}
