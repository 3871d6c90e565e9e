import Realtime
import Timetable
import XCTest

/// The spec's delay propagation on small trips (times are GTFS seconds of the service day).
final class DelayPropagationTests: XCTestCase {
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
    let date = LocalDate(year: 2024, month: 12, day: 22)!
    /// Local midnight of 2024-12-22 in Tokyo.
    let midnight: Int64 = 1_734_793_200

    /// Stops 1…n, 10 minutes apart from 10:00, dwell 30 s.
    func trip(_ count: Int, sequences: [UInt32]? = nil) -> [ScheduledStopTime] {
        (0..<count).map { i in
            let t = 36_000 + i * 600
            return ScheduledStopTime(stopSequence: sequences?[i] ?? UInt32(i + 1), stopId: "S\(i + 1)", arrival: t, departure: t + 30)
        }
    }

    func predict(_ stops: [ScheduledStopTime], _ updates: [StopTimeUpdate]) -> DelayPropagation.Result {
        DelayPropagation.predict(scheduled: stops, updates: updates, serviceDate: date, clock: tokyo)
    }

    func testDelayAppliesToLaterStopsUntilTheNextUpdate() {
        let result = predict(trip(6), [
            StopTimeUpdate(stopSequence: 2, arrival: StopTimeEvent(delay: 120)),
            StopTimeUpdate(stopSequence: 5, departure: StopTimeEvent(delay: 30)),
        ])
        XCTAssertEqual(result.stops.map(\.source), [.noData, .update, .propagated, .propagated, .update, .propagated])
        XCTAssertEqual(result.stops.map(\.arrivalDelay), [nil, 120, 120, 120, 30, 30])
        XCTAssertEqual(result.stops.map(\.departureDelay), [nil, 120, 120, 120, 30, 30])
        XCTAssertEqual(result.stops[0].arrival, midnight + 36_000, "before the first update: the schedule")
        XCTAssertEqual(result.stops[3].arrival, midnight + 36_000 + 1_800 + 120)
        XCTAssertEqual(result.stops[3].departure, midnight + 36_000 + 1_830 + 120)
        XCTAssertEqual(result.unmatchedUpdates, 0)
    }

    func testTimeWithoutDelayMeansTimeMinusSchedule() {
        let predicted = midnight + 36_600 + 95 // stop 2 arrives 95 s late
        let result = predict(trip(3), [StopTimeUpdate(stopSequence: 2, arrival: StopTimeEvent(time: predicted))])
        XCTAssertEqual(result.stops[1].arrival, predicted)
        XCTAssertEqual(result.stops[1].arrivalDelay, 95)
        XCTAssertEqual(result.stops[1].departureDelay, 95, "a missing departure takes the arrival's delay")
        XCTAssertEqual(result.stops[2].arrivalDelay, 95)
        XCTAssertEqual(result.stops[2].arrival, midnight + 37_200 + 95)
    }

    func testGivenTimeWinsOverDelayForThatStopAndTheDelayPropagates() {
        let result = predict(trip(3), [StopTimeUpdate(stopSequence: 1, departure: StopTimeEvent(delay: 60, time: midnight + 36_030 + 61))])
        XCTAssertEqual(result.stops[0].departure, midnight + 36_030 + 61)
        XCTAssertEqual(result.stops[0].departureDelay, 60)
        XCTAssertEqual(result.stops[1].arrivalDelay, 60)
    }

    func testSkippedStopsHaveNoPredictionAndTheDelayCarriesThrough() {
        let result = predict(trip(4), [
            StopTimeUpdate(stopSequence: 1, departure: StopTimeEvent(delay: 300)),
            StopTimeUpdate(stopSequence: 2, scheduleRelationship: .skipped),
        ])
        XCTAssertEqual(result.stops.map(\.source), [.update, .skipped, .propagated, .propagated])
        XCTAssertNil(result.stops[1].arrival)
        XCTAssertNil(result.stops[1].departure)
        XCTAssertNil(result.stops[1].arrivalDelay)
        XCTAssertEqual(result.stops[2].arrivalDelay, 300)
    }

    func testNoDataFallsBackToTheScheduleUntilTheNextUpdateWithData() {
        let result = predict(trip(5), [
            StopTimeUpdate(stopSequence: 1, departure: StopTimeEvent(delay: 300)),
            StopTimeUpdate(stopSequence: 2, scheduleRelationship: .noData),
            StopTimeUpdate(stopSequence: 4, arrival: StopTimeEvent(delay: -20)),
        ])
        XCTAssertEqual(result.stops.map(\.source), [.update, .noData, .noData, .update, .propagated])
        XCTAssertEqual(result.stops[1].arrival, result.stops[1].scheduledArrival)
        XCTAssertEqual(result.stops[2].departure, result.stops[2].scheduledDeparture)
        XCTAssertNil(result.stops[2].arrivalDelay)
        XCTAssertEqual(result.stops.map(\.arrivalDelay), [300, nil, nil, -20, -20])
    }

    /// The proto's own example: delay 5 min at seq 3, 1 min at seq 8, unspecified at seq 10.
    func testTheProtoFilesExample() {
        let result = predict(trip(12), [
            StopTimeUpdate(stopSequence: 3, arrival: StopTimeEvent(delay: 300)),
            StopTimeUpdate(stopSequence: 8, arrival: StopTimeEvent(delay: 60)),
            StopTimeUpdate(stopSequence: 10),
        ])
        XCTAssertEqual(result.stops.map(\.arrivalDelay), [nil, nil, 300, 300, 300, 300, 300, 60, 60, nil, nil, nil])
    }

    func testUpdatesMatchByStopIdWhenTheyHaveNoSequenceAndUnmatchedOnesAreCounted() {
        // A loop: S1 S2 S3 S1 (sequences 10, 20, 30, 40); the second S1 update matches the later visit.
        var stops = trip(3, sequences: [10, 20, 30])
        stops.append(ScheduledStopTime(stopSequence: 40, stopId: "S1", arrival: 38_000, departure: 38_000))
        let result = predict(stops.reversed(), [
            StopTimeUpdate(stopId: "S2", arrival: StopTimeEvent(delay: 10)),
            StopTimeUpdate(stopId: "S1", arrival: StopTimeEvent(delay: 40)),
            StopTimeUpdate(stopSequence: 99, arrival: StopTimeEvent(delay: 1)),
            StopTimeUpdate(stopId: "nowhere", arrival: StopTimeEvent(delay: 1)),
        ])
        XCTAssertEqual(result.stops.map(\.stopSequence), [10, 20, 30, 40], "sorted by stop_sequence")
        XCTAssertEqual(result.stops.map(\.arrivalDelay), [nil, 10, 10, 40])
        XCTAssertEqual(result.unmatchedUpdates, 2)
    }

    func testAfterMidnightAndDSTDaysCountFromNoonMinusTwelveHours() throws {
        let newYork = try XCTUnwrap(ZoneClock(identifier: "America/New_York"))
        // 2025-03-09: clocks go forward at 02:00; the service day starts at 23:00 EST the day before
        // (noon EDT − 12 h = 00:00 EDT... = 2025-03-09T05:00Z − 1 h): GTFS 03:00:00 is 3 h after that.
        let dstDay = try XCTUnwrap(LocalDate(year: 2025, month: 3, day: 9))
        let start = newYork.serviceDayStart(dstDay)
        let stops = [ScheduledStopTime(stopSequence: 1, stopId: "A", arrival: 3 * 3600, departure: 3 * 3600),
                     ScheduledStopTime(stopSequence: 2, stopId: "B", arrival: 25 * 3600 + 600, departure: 25 * 3600 + 600)]
        let result = DelayPropagation.predict(scheduled: stops, updates: [StopTimeUpdate(stopSequence: 1, arrival: StopTimeEvent(delay: 60))],
                                              serviceDate: dstDay, clock: newYork)
        XCTAssertEqual(result.stops[0].scheduledArrival, start + 10_800)
        XCTAssertEqual(result.stops[0].arrival, start + 10_860)
        XCTAssertEqual(result.stops[1].scheduledArrival, start + 90_600)
        XCTAssertEqual(result.stops[1].arrival, start + 90_660)
        XCTAssertEqual(newYork.localTime(at: result.stops[1].scheduledArrival).date, try XCTUnwrap(LocalDate(year: 2025, month: 3, day: 10)))
    }
}

extension DelayPropagationTests {
    /// Feeds are untrusted: a `time` at the ends of Int64 gives no delay or a saturated instant, no trap.
    func testAbsurdTimesDoNotTrap() {
        let result = predict(trip(3), [
            StopTimeUpdate(stopSequence: 1, arrival: StopTimeEvent(time: .min)),
            StopTimeUpdate(stopSequence: 2, arrival: StopTimeEvent(time: .max)),
        ])
        XCTAssertEqual(result.stops[0].source, .noData, "Int64.min − scheduled overflows: no delay")
        XCTAssertEqual(result.stops[1].arrival, .max)
        XCTAssertEqual(result.stops[2].arrival, .max, "the propagated delay saturates")
    }
}

extension DelayPropagationTests {
    /// TripUpdate.delay: propagated from the first stop until the first StopTimeUpdate with its own delay.
    func testTripLevelDelayAppliesUntilTheFirstUpdateWithData() {
        let result = DelayPropagation.predict(scheduled: trip(4), updates: [StopTimeUpdate(stopSequence: 3, arrival: StopTimeEvent(delay: 10))],
                                              tripDelay: 240, serviceDate: date, clock: tokyo)
        XCTAssertEqual(result.stops.map(\.source), [.propagated, .propagated, .update, .propagated])
        XCTAssertEqual(result.stops.map(\.arrivalDelay), [240, 240, 10, 10])
    }
}
