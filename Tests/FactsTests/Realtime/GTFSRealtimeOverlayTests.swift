import Facts
import Realtime
import Timetable
import XCTest

/// Each TripUpdate case on Caltrain's static feed (ct.zip), with updates built for the test: trip
/// 310 (weekday service 72982) leaves 70012 at 16:27 (seq 1), 70042 16:40 (2), 70062 16:46 (3),
/// 70112 16:55 (4), 70122 16:59 (5).
final class GTFSRealtimeOverlayTests: XCTestCase {
    static let board = Result { try RealtimeFixtures.board(RealtimeFixtures.caltrainZip, stops: ["70112", "70122", "70111"]) }
    let now = RealtimeFixtures.instant("2023-11-07", "16:30:00")

    func apply(_ updates: [TripUpdate], at time: Int64? = nil, maxAge: Int64 = 90) throws -> BoardPredictions {
        let board = try Self.board.get()
        let time = time ?? now
        let feed = FeedMessage(header: FeedHeader(version: "2.0", timestamp: UInt64(time)),
                               entities: updates.enumerated().map { FeedEntity(id: "\($0.offset)", tripUpdate: $0.element) })
        return GTFSRealtimeOverlay(maxAge: maxAge).apply(feed, fetchedAt: time, now: time, to: board,
                                                         sourceIndices: [0, 1, 2], name: "caltrain-rt")
    }

    func trip310(_ relationship: TripScheduleRelationship = .scheduled, date: String? = "20231107",
                 _ updates: [StopTimeUpdate] = []) -> TripUpdate {
        TripUpdate(trip: TripDescriptor(tripId: "310", routeId: "L3", startDate: date, scheduleRelationship: relationship),
                   stopTimeUpdates: updates)
    }

    func at(_ time: String) -> Int64 { RealtimeFixtures.instant("2023-11-07", time) }

    func testScheduledDelayFieldAtAnEarlierStopPropagatesToTheBoardStop() throws {
        let result = try apply([trip310(.scheduled, [StopTimeUpdate(stopSequence: 2, departure: StopTimeEvent(delay: 120))])])
        let prediction = try RealtimeFixtures.prediction(result, source: 0, date: "2023-11-07", trip: "310")
        XCTAssertEqual(prediction.scheduled, at("16:55:00"))
        XCTAssertEqual(prediction.predicted, at("16:57:00"))
        XCTAssertEqual(prediction.delaySeconds, 120)
        XCTAssertEqual(result.warnings, [])
    }

    func testScheduledTimeWithoutDelayGivesTheDelayAsTimeMinusSchedule() throws {
        let result = try apply([trip310(.scheduled, [StopTimeUpdate(stopSequence: 4, stopId: "70112", departure: StopTimeEvent(time: at("16:58:30")))])])
        let prediction = try RealtimeFixtures.prediction(result, source: 0, date: "2023-11-07", trip: "310")
        XCTAssertEqual(prediction.predicted, at("16:58:30"))
        XCTAssertEqual(prediction.delaySeconds, 210)
        // …and the next stop (70122, source 1) inherits the 210 s.
        XCTAssertEqual(try RealtimeFixtures.prediction(result, source: 1, date: "2023-11-07", trip: "310").predicted, at("17:02:30"))
    }

    func testCanceledTripIsCanceledAtTheBoardStop() throws {
        let result = try apply([trip310(.canceled)])
        let prediction = try RealtimeFixtures.prediction(result, source: 0, date: "2023-11-07", trip: "310")
        XCTAssertTrue(prediction.canceled)
        XCTAssertNil(prediction.predicted)
        XCTAssertEqual(prediction.scheduled, at("16:55:00"))
        XCTAssertTrue(try RealtimeFixtures.prediction(result, source: 1, date: "2023-11-07", trip: "310").canceled)
    }

    func testSkippedBoardStopIsCanceledThereAndTheDelayCarriesToTheNextStop() throws {
        let result = try apply([trip310(.scheduled, [StopTimeUpdate(stopSequence: 2, departure: StopTimeEvent(delay: 60)),
                                                     StopTimeUpdate(stopSequence: 4, scheduleRelationship: .skipped)])])
        XCTAssertTrue(try RealtimeFixtures.prediction(result, source: 0, date: "2023-11-07", trip: "310").canceled)
        let next = try RealtimeFixtures.prediction(result, source: 1, date: "2023-11-07", trip: "310")
        XCTAssertFalse(next.canceled)
        XCTAssertEqual(next.delaySeconds, 60)
    }

    func testNoDataAtTheBoardStopKeepsTheTimetableWithoutATime() throws {
        let result = try apply([trip310(.scheduled, [StopTimeUpdate(stopSequence: 2, departure: StopTimeEvent(delay: 60)),
                                                     StopTimeUpdate(stopSequence: 4, scheduleRelationship: .noData)])])
        let prediction = try RealtimeFixtures.prediction(result, source: 0, date: "2023-11-07", trip: "310")
        XCTAssertFalse(prediction.canceled)
        XCTAssertNil(prediction.predicted)
        XCTAssertNil(prediction.delaySeconds)
        XCTAssertEqual(prediction.expected, at("16:55:00"))
    }

    func testDuplicatedTripIsAnExtraDepartureAtItsNewStartTime() throws {
        // 310 copied to start at 17:27 (+1 h): at 70112 the copy leaves 17:55, 2 min late by seq 4's update.
        let copy = TripUpdate(trip: TripDescriptor(tripId: "310", startTime: "17:27:00", startDate: "20231107", scheduleRelationship: .duplicated),
                              stopTimeUpdates: [StopTimeUpdate(stopSequence: 4, departure: StopTimeEvent(delay: 120))])
        let result = try apply([copy])
        XCTAssertTrue(result.byDeparture.isEmpty)
        let extras = result.extraDepartures.filter { $0.departure.sourceIndex == 0 }
        XCTAssertEqual(extras.count, 1)
        XCTAssertEqual(extras.first?.kind, .duplicated)
        XCTAssertEqual(extras.first?.departure.departure, at("17:55:00"))
        XCTAssertEqual(extras.first?.departure.info.clockText, "17:55")
        XCTAssertEqual(extras.first?.prediction.predicted, at("17:57:00"))
        XCTAssertEqual(extras.first?.departure.info.line, "L3")
    }

    func testAddedTripWithATimeAtTheBoardStopIsAnExtraDepartureAndOneElsewhereIsNot() throws {
        let added = TripUpdate(trip: TripDescriptor(tripId: "extra-1", routeId: "L1", startDate: "20231107", scheduleRelationship: .added),
                               stopTimeUpdates: [StopTimeUpdate(stopId: "70112", departure: StopTimeEvent(time: at("17:20:00"))),
                                                 StopTimeUpdate(stopId: "70122", arrival: StopTimeEvent(time: at("17:24:00")))])
        let elsewhere = TripUpdate(trip: TripDescriptor(tripId: "extra-2", routeId: "L1", scheduleRelationship: .added),
                                   stopTimeUpdates: [StopTimeUpdate(stopId: "70012", departure: StopTimeEvent(time: at("17:20:00")))])
        let result = try apply([added, elsewhere])
        XCTAssertEqual(result.extraDepartures.map(\.kind), [.added, .added])
        let first = try XCTUnwrap(result.extraDepartures.first)
        XCTAssertEqual(first.departure.departure, at("17:20:00"))
        XCTAssertEqual(first.departure.sourceIndex, 0)
        XCTAssertEqual(first.departure.serviceDate, LocalDate("2023-11-07"))
        XCTAssertEqual(first.departure.info.clockText, "17:20")
        XCTAssertEqual(first.departure.info.trip, "extra-1")
        XCTAssertEqual(first.prediction.delaySeconds, 0)
        XCTAssertEqual(result.extraDepartures.last?.departure.sourceIndex, 1)
        XCTAssertEqual(result.warnings, [])
    }

    func testAfterMidnightTripBelongsToItsStartDateAndWithoutOneToTheRunUnderWay() throws {
        // H281 (holiday service 79159, 2023-11-24) leaves 70111 at 24:08:00 (seq 14).
        let update = { (date: String?) in
            TripUpdate(trip: TripDescriptor(tripId: "H281", startDate: date),
                       stopTimeUpdates: [StopTimeUpdate(stopSequence: 14, departure: StopTimeEvent(delay: 60))])
        }
        let nightTime = RealtimeFixtures.instant("2023-11-25", "00:05:00")
        for date in ["20231124", nil] {
            let result = try apply([update(date)], at: nightTime)
            let prediction = try RealtimeFixtures.prediction(result, source: 2, date: "2023-11-24", trip: "H281")
            XCTAssertEqual(prediction.scheduled, RealtimeFixtures.instant("2023-11-25", "00:08:00"), "start_date \(date ?? "none")")
            XCTAssertEqual(prediction.predicted, RealtimeFixtures.instant("2023-11-25", "00:09:00"))
            XCTAssertEqual(result.warnings, [])
        }
    }

    func testScheduledTripOnADayItsServiceDoesNotRunIsIgnoredAndCounted() throws {
        let result = try apply([trip310(.scheduled, date: "20231112", [StopTimeUpdate(stopSequence: 4, departure: StopTimeEvent(delay: 60))])])
        XCTAssertTrue(result.byDeparture.isEmpty)
        XCTAssertEqual(result.warnings, ["caltrain-rt: 1 × trip update for a service date on which its trip's service does not run: ignored "
                                         + "(e.g. trip \"310\" start_date 20231112 (sunday))"])
    }

    func testStartDateAfterTheStaticCalendarEndsIsIgnoredAndCounted() throws {
        let result = try apply([trip310(.scheduled, date: "20240610"), trip310(.canceled, date: "20240611")])
        XCTAssertTrue(result.byDeparture.isEmpty)
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertTrue(result.warnings[0].hasPrefix("caltrain-rt: 2 × trip update for a service date after the static feed's calendar ends (2024-06-01)"),
                      result.warnings[0])
    }

    func testAnotherAgencysTripsAreCountedNotMatched() throws {
        // The real Sound Transit capture applied to the Caltrain board.
        let feed = try RealtimeFixtures.feed("onebusaway-soundtransit/trip_update_1683740698.pb")
        let time = Int64(feed.header.timestamp!)
        let result = GTFSRealtimeOverlay(maxAge: 90).apply(feed, fetchedAt: time, now: time, to: try Self.board.get(),
                                                           sourceIndices: [0, 1, 2], name: "wrong-feed")
        XCTAssertTrue(result.byDeparture.isEmpty)
        XCTAssertTrue(result.extraDepartures.isEmpty)
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertTrue(result.warnings[0].hasPrefix("wrong-feed: 14 × trip update whose trip_id is not in the static feed"), result.warnings[0])
    }

    func testStaleFeedGivesNoPredictionsAndSaysSo() throws {
        let board = try Self.board.get()
        let feed = try RealtimeFixtures.feed("transitland-caltrain/ct-trip-updates.pb")
        let observed: Int64 = 1_699_405_534
        let fresh = GTFSRealtimeOverlay(maxAge: 90).apply(feed, fetchedAt: observed + 5, now: observed + 90, to: board,
                                                          sourceIndices: [0], name: "ct")
        XCTAssertFalse(fresh.stale)
        XCTAssertFalse(fresh.byDeparture.isEmpty)
        let stale = GTFSRealtimeOverlay(maxAge: 90).apply(feed, fetchedAt: observed + 5, now: observed + 91, to: board,
                                                          sourceIndices: [0], name: "ct")
        XCTAssertTrue(stale.stale)
        XCTAssertTrue(stale.byDeparture.isEmpty)
        XCTAssertEqual(stale.observedAt, observed)
        XCTAssertEqual(stale.warnings, ["ct: the feed is 91 s old (observed at 1699405534), older than the 90 s allowed: no predictions, the timetable applies"])
        // A header claiming a time after the fetch counts from the fetch.
        let future = GTFSRealtimeOverlay(maxAge: 90).apply(feed, fetchedAt: observed - 100, now: observed, to: board,
                                                           sourceIndices: [0], name: "ct")
        XCTAssertTrue(future.stale)
        XCTAssertEqual(future.observedAt, observed - 100)
        // A header timestamp of 0 (not set) counts from the fetch.
        var unstamped = feed
        unstamped.header.timestamp = 0
        let fetched = GTFSRealtimeOverlay(maxAge: 90).apply(unstamped, fetchedAt: observed, now: observed + 30, to: board,
                                                            sourceIndices: [0], name: "ct")
        XCTAssertFalse(fetched.stale)
        XCTAssertEqual(fetched.observedAt, observed)
        XCTAssertEqual(try RealtimeFixtures.prediction(fetched, source: 0, date: "2023-11-07", trip: "310").delaySeconds, 878)
    }
}
