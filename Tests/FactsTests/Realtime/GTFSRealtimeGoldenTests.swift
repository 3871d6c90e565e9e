import Facts
import Realtime
import Timetable
import XCTest

/// The overlay on the real captures (binary `.pb`), each case named with what leavenow answers.
/// Expected values: Tests/Fixtures/realtime/SOURCES.md (checked there with the Python bindings).
final class GTFSRealtimeGoldenTests: XCTestCase {
    let overlay = GTFSRealtimeOverlay(maxAge: 90)

    /// Applies a capture at its own header time.
    func apply(_ capture: String, board: Board) throws -> BoardPredictions {
        let feed = try RealtimeFixtures.feed(capture)
        let time = Int64(try XCTUnwrap(feed.header.timestamp))
        return overlay.apply(feed, fetchedAt: time, now: time, to: board, sourceIndices: Array(board.sources.indices), name: "rt")
    }

    func testCaltrainTrip310At70112Is878SecondsLateTrip126Is580AndTrip128At70232Is148Early() throws {
        let board = try RealtimeFixtures.board(RealtimeFixtures.caltrainZip, stops: ["70112", "70052", "70232"])
        let result = try apply("transitland-caltrain/ct-trip-updates.pb", board: board)
        XCTAssertFalse(result.stale)
        XCTAssertEqual(result.observedAt, 1_699_405_534)
        XCTAssertEqual(result.warnings, [], "19/19 trips and 220/220 stops of the capture are in ct.zip")

        let trip310 = try RealtimeFixtures.prediction(result, source: 0, date: "2023-11-07", trip: "310")
        XCTAssertEqual(trip310.scheduled, RealtimeFixtures.instant("2023-11-07", "16:55:00"))
        XCTAssertEqual(trip310.predicted, RealtimeFixtures.instant("2023-11-07", "17:09:38"))
        XCTAssertEqual(trip310.delaySeconds, 878)
        XCTAssertFalse(trip310.canceled)
        XCTAssertEqual(trip310.observedAt, 1_699_405_534)
        XCTAssertEqual(trip310.source, "rt")

        let trip126 = try RealtimeFixtures.prediction(result, source: 1, date: "2023-11-07", trip: "126")
        XCTAssertEqual(trip126.scheduled, RealtimeFixtures.instant("2023-11-07", "16:58:00"))
        XCTAssertEqual(trip126.predicted, RealtimeFixtures.instant("2023-11-07", "17:07:40"))
        XCTAssertEqual(trip126.delaySeconds, 580)

        let trip128 = try RealtimeFixtures.prediction(result, source: 2, date: "2023-11-07", trip: "128")
        XCTAssertEqual(trip128.scheduled, RealtimeFixtures.instant("2023-11-07", "19:03:00"))
        XCTAssertEqual(trip128.predicted, RealtimeFixtures.instant("2023-11-07", "19:00:32"))
        XCTAssertEqual(trip128.delaySeconds, -148)

        // The board's own departures find their predictions by key.
        let departure = try XCTUnwrap(board.serviceDay(LocalDate("2023-11-07")!).first { $0.sourceIndex == 0 && $0.info.trip == "310" })
        XCTAssertEqual(departure.departure, trip310.scheduled)
        XCTAssertEqual(result.prediction(for: departure), trip310)
        XCTAssertTrue(result.extraDepartures.isEmpty)
    }

    func testSoundTransitTrip2043At99904Is438SecondsLateAndTheDuplicatedTrip1043IsAnExtraDepartureAt1046() throws {
        let board = try RealtimeFixtures.board(RealtimeFixtures.soundTransitZip, stops: ["99904", "99903"])
        let result = try apply("onebusaway-soundtransit/trip_update_1683740698.pb", board: board)
        // The golden event is the arrival (10:35:30 → 10:42:48, `delay` 438); the board's departure
        // (10:36:00) takes the arrival's delay, the update having no departure event.
        let trip = try RealtimeFixtures.prediction(result, source: 0, date: "2023-05-10", trip: "LLR_2023-03-18_Weekday_100479_2043")
        XCTAssertEqual(trip.scheduled, RealtimeFixtures.instant("2023-05-10", "10:36:00"))
        XCTAssertEqual(trip.predicted, RealtimeFixtures.instant("2023-05-10", "10:43:18"))
        XCTAssertEqual(trip.delaySeconds, 438)
        let schedules = try XCTUnwrap(board.sources[0].timetable as? GTFSStopTimetable).tripSchedules
        guard case .serves(let scheduled) = schedules.lookup("LLR_2023-03-18_Weekday_100479_2043") else {
            return XCTFail("trip 2043 does not serve 99904")
        }
        let feed = try RealtimeFixtures.feed("onebusaway-soundtransit/trip_update_1683740698.pb")
        let update = try XCTUnwrap(feed.tripUpdates.first { $0.trip.tripId == scheduled.id })
        let stops = DelayPropagation.predict(
            scheduled: scheduled.stopTimes.map { ScheduledStopTime(stopSequence: $0.stopSequence, stopId: $0.stopID,
                                                                   arrival: Int($0.arrival), departure: Int($0.departure)) },
            updates: update.stopTimeUpdates, serviceDate: LocalDate("2023-05-10")!, clock: RealtimeFixtures.pacific).stops
        let stop18 = try XCTUnwrap(stops.first { $0.stopSequence == 18 })
        XCTAssertEqual(stop18.stopId, "99904")
        XCTAssertEqual(stop18.scheduledArrival, RealtimeFixtures.instant("2023-05-10", "10:35:30"))
        XCTAssertEqual(stop18.arrival, RealtimeFixtures.instant("2023-05-10", "10:42:48"))
        XCTAssertEqual(stop18.arrivalDelay, 438)

        // DUPLICATED 1043 (first departure 09:56:00) copied to start_time 10:43:00: +47 min, on time.
        let copies = result.extraDepartures.filter { $0.departure.sourceIndex == 1 }
        XCTAssertEqual(copies.count, 1)
        let copy = try XCTUnwrap(copies.first)
        XCTAssertEqual(copy.kind, .duplicated)
        XCTAssertEqual(copy.departure.info.trip, "LLR_2023-03-18_Weekday_100479_1043")
        XCTAssertEqual(copy.departure.serviceDate, LocalDate("2023-05-10"))
        XCTAssertEqual(copy.departure.info.clockText, "10:46")
        XCTAssertEqual(copy.departure.departure, RealtimeFixtures.instant("2023-05-10", "10:46:00"))
        XCTAssertEqual(copy.departure.leaveAt, copy.departure.departure - 300)
        XCTAssertEqual(copy.prediction.predicted, RealtimeFixtures.instant("2023-05-10", "10:46:00"))
        XCTAssertEqual(copy.prediction.delaySeconds, 0)
        // The original 1043 keeps its 09:59 departure at 99903, without a prediction.
        XCTAssertNil(result.byDeparture[DepartureKey(source: 1, serviceDate: LocalDate("2023-05-10")!, trip: "LLR_2023-03-18_Weekday_100479_1043")])
    }

    func testSoundTransitDuplicatedAtItsOwnStartTimeIsTheTripItselfAndItsRepeatedEntityIsCounted() throws {
        // trip_update_1683914528: two DUPLICATED entities of 2047 at start_time 10:23:00 = its own start.
        let board = try RealtimeFixtures.board(RealtimeFixtures.soundTransitZip, stops: ["99900"])
        let result = try apply("onebusaway-soundtransit/trip_update_1683914528.pb", board: board)
        XCTAssertTrue(result.extraDepartures.isEmpty)
        let trip = try RealtimeFixtures.prediction(result, source: 0, date: "2023-05-12", trip: "LLR_2023-03-18_Weekday_100479_2047")
        XCTAssertEqual(trip.scheduled, RealtimeFixtures.instant("2023-05-12", "11:13:00"))
        XCTAssertEqual(trip.delaySeconds, 0)
        XCTAssertEqual(result.warnings.filter { $0.contains("second trip update for the same trip") }.count, 1, "\(result.warnings)")
        XCTAssertTrue(result.warnings.contains { $0.hasPrefix("rt: 1 × second trip update") }, "\(result.warnings)")
    }

    func testSoundTransitBadSnapshotSundayTripCopiedToAWednesdayIsAnExtraDepartureAt1218Plus98Seconds() throws {
        // trip_update_1683746223_bad: DUPLICATED Sunday trip 1107 (23:11:00 first departure) with
        // start_date 20230510, a Wednesday, start_time 12:15:00. The spec lets a copy run on another
        // day (its service runs within 30 days); the capture's times agree: +98 s at every stop.
        let board = try RealtimeFixtures.board(RealtimeFixtures.soundTransitZip, stops: ["99903"])
        let result = try apply("onebusaway-soundtransit/trip_update_1683746223_bad.pb", board: board)
        let copy = try XCTUnwrap(result.extraDepartures.first { $0.departure.info.trip == "LLR_2023-03-18_Sunday_100479_1107" })
        XCTAssertEqual(copy.departure.serviceDate, LocalDate("2023-05-10"))
        XCTAssertEqual(copy.prediction.scheduled, RealtimeFixtures.instant("2023-05-10", "12:18:00"))
        XCTAssertEqual(copy.prediction.predicted, RealtimeFixtures.instant("2023-05-10", "12:19:38"))
        XCTAssertEqual(copy.prediction.delaySeconds, 98)
        // Never the naive −39,262 s of joining the Sunday schedule (24:01:30) to Wednesday's times.
        XCTAssertFalse(result.extraDepartures.contains { ($0.prediction.delaySeconds ?? 0) < -3600 })
        // The snapshot's SCHEDULED trip 1068 (14:06 start) carries a trip-level delay of −8,461 s and
        // its first update is at seq 7: leavenow applies that delay to 99903 (seq 2), as the spec says.
        let early = try RealtimeFixtures.prediction(result, source: 0, date: "2023-05-10", trip: "LLR_2023-03-18_Weekday_100479_1068")
        XCTAssertEqual(early.scheduled, RealtimeFixtures.instant("2023-05-10", "14:09:00"))
        XCTAssertEqual(early.delaySeconds, -8461)
        XCTAssertEqual(result.warnings, [])
    }

    func testSoundTransitDuplicatedTo180340IsAnExtraDepartureAt99904Predicted822SecondsEarly() throws {
        // TripUpdate-DUPLICATED-1690679342: Saturday trip 2021 (07:43:00) copied to 18:03:40; the feed's
        // times run 13–18 min ahead of that start time.
        let board = try RealtimeFixtures.board(RealtimeFixtures.soundTransitZip, stops: ["99904"])
        let result = try apply("onebusaway-soundtransit/TripUpdate-DUPLICATED-1690679342.pb", board: board)
        let copy = try XCTUnwrap(result.extraDepartures.first { $0.departure.info.trip == "LLR_2023-03-18_Saturday_100479_2021" })
        XCTAssertEqual(copy.kind, .duplicated)
        XCTAssertEqual(copy.prediction.scheduled, RealtimeFixtures.instant("2023-07-29", "18:56:40"))
        XCTAssertEqual(copy.prediction.predicted, RealtimeFixtures.instant("2023-07-29", "18:42:58"))
        XCTAssertEqual(copy.prediction.delaySeconds, -822)
    }

    func testSoundTransitFeedAfterTheStaticCalendarEndedGivesNoPredictionsAndOneCountedWarning() throws {
        // TripUpdate-DUPLICATED-Empty-1690865133: start_date 20230731, the static calendar ends 20230730;
        // its DUPLICATED entity has no StopTimeUpdates.
        let board = try RealtimeFixtures.board(RealtimeFixtures.soundTransitZip, stops: ["99904", "99903"])
        let result = try apply("onebusaway-soundtransit/TripUpdate-DUPLICATED-Empty-1690865133.pb", board: board)
        XCTAssertTrue(result.byDeparture.isEmpty)
        XCTAssertTrue(result.extraDepartures.isEmpty)
        XCTAssertFalse(result.stale)
        XCTAssertEqual(result.warnings.count, 1, "\(result.warnings)")
        XCTAssertTrue(result.warnings[0].contains("after the static feed's calendar ends (2023-07-30)"), result.warnings[0])
    }
}
