import CGTFSRealtime
import Foundation
import Realtime
import Timetable
import XCTest

/// The decoder against the real Caltrain captures (Tests/Fixtures/realtime/SOURCES.md), cross-checked
/// with their JSON renderings, and against broken bodies.
final class RealtimeDecoderTests: XCTestCase {
    // MARK: Caltrain, 2023-11-07 17:05 PST

    func testCaltrainTripUpdatesMatchTheCaptureAndItsJSON() throws {
        let feed = try RealtimeDecoder.decode(try Fixtures.caltrainBytes("ct-trip-updates.pb"), source: "ct-trip-updates.pb")
        XCTAssertEqual(feed.header, FeedHeader(version: "1.0", incrementality: .fullDataset, timestamp: 1_699_405_534))
        XCTAssertEqual(feed.tripUpdates.count, 19)
        XCTAssertEqual(feed.tripUpdates.reduce(0) { $0 + $1.stopTimeUpdates.count }, 220)
        XCTAssertEqual(feed.warnings, [])
        XCTAssertTrue(feed.tripUpdates.allSatisfy { $0.trip.scheduleRelationship == .scheduled && $0.trip.startDate == "20231107" })

        // Field by field against the protobuf JSON mapping of the same feed.
        let json = try Fixtures.caltrainJSON("ct-trip-updates.pb.json")
        let header = try XCTUnwrap(json["header"] as? [String: Any])
        XCTAssertEqual(header["gtfsRealtimeVersion"] as? String, feed.header.version)
        XCTAssertEqual(header["timestamp"] as? String, feed.header.timestamp.map(String.init))
        let entities = try XCTUnwrap(json["entity"] as? [[String: Any]])
        XCTAssertEqual(entities.count, feed.entities.count)
        var events = 0
        for (expected, entity) in zip(entities, feed.entities) {
            XCTAssertEqual(expected["id"] as? String, entity.id)
            let tu = try XCTUnwrap(expected["tripUpdate"] as? [String: Any])
            let decoded = try XCTUnwrap(entity.tripUpdate, "entity \(entity.id)")
            let trip = try XCTUnwrap(tu["trip"] as? [String: Any])
            XCTAssertEqual(trip["tripId"] as? String, decoded.trip.tripId)
            XCTAssertEqual(trip["routeId"] as? String, decoded.trip.routeId)
            XCTAssertEqual(trip["startTime"] as? String, decoded.trip.startTime)
            XCTAssertEqual(trip["startDate"] as? String, decoded.trip.startDate)
            XCTAssertEqual((trip["directionId"] as? Int).map(UInt32.init), decoded.trip.directionId)
            XCTAssertEqual(trip["scheduleRelationship"] as? String, decoded.trip.scheduleRelationship.description)
            XCTAssertEqual((tu["vehicle"] as? [String: Any])?["id"] as? String, decoded.vehicle?.id)
            let updates = try XCTUnwrap(tu["stopTimeUpdate"] as? [[String: Any]])
            XCTAssertEqual(updates.count, decoded.stopTimeUpdates.count, "trip \(entity.id)")
            for (u, stu) in zip(updates, decoded.stopTimeUpdates) {
                XCTAssertEqual((u["stopSequence"] as? Int).map(UInt32.init), stu.stopSequence)
                XCTAssertEqual(u["stopId"] as? String, stu.stopId)
                XCTAssertEqual(u["scheduleRelationship"] as? String, stu.scheduleRelationship.description)
                for (key, event) in [("arrival", stu.arrival), ("departure", stu.departure)] {
                    let e = u[key] as? [String: Any]
                    XCTAssertEqual(e == nil, event == nil, "trip \(entity.id) seq \(stu.stopSequence ?? 0) \(key)")
                    XCTAssertEqual((e?["time"] as? String).flatMap { Int64($0) }, event?.time)
                    XCTAssertEqual((e?["delay"] as? Int).map(Int32.init), event?.delay)
                    XCTAssertNil(event?.delay, "the Caltrain capture has no delay fields")
                    if event != nil { events += 1 }
                }
            }
        }
        XCTAssertEqual(events, 408, "SOURCES.md: 408 events")
    }

    func testCaltrainVehiclePositionsMatchTheirJSON() throws {
        let feed = try RealtimeDecoder.decode(try Fixtures.caltrainBytes("ct-vehicle-positions.pb"), source: "ct-vehicle-positions.pb")
        XCTAssertEqual(feed.header.timestamp, 1_699_405_559)
        XCTAssertEqual(feed.vehiclePositions.count, 14)
        XCTAssertEqual(feed.warnings, [])
        let entities = try XCTUnwrap(try Fixtures.caltrainJSON("ct-vehicle-positions.pb.json")["entity"] as? [[String: Any]])
        XCTAssertEqual(entities.count, 14)
        for (expected, entity) in zip(entities, feed.entities) {
            let v = try XCTUnwrap(expected["vehicle"] as? [String: Any])
            let decoded = try XCTUnwrap(entity.vehicle)
            XCTAssertEqual((v["trip"] as? [String: Any])?["tripId"] as? String, decoded.trip?.tripId)
            XCTAssertEqual((v["trip"] as? [String: Any])?["routeId"] as? String, decoded.trip?.routeId)
            XCTAssertEqual((v["vehicle"] as? [String: Any])?["id"] as? String, decoded.vehicle?.id)
            XCTAssertEqual(v["timestamp"] as? String, decoded.timestamp.map(String.init))
            let position = try XCTUnwrap(v["position"] as? [String: Any])
            // JSON renders the float with its shortest decimal: the same float back.
            XCTAssertEqual((position["latitude"] as? Double).map(Float.init), decoded.position?.latitude)
            XCTAssertEqual((position["longitude"] as? Double).map(Float.init), decoded.position?.longitude)
            XCTAssertNil(decoded.stopId)
            XCTAssertNil(decoded.currentStatus)
            XCTAssertEqual(decoded.timestamp, 1_699_404_000 + 1_549, "SOURCES.md: all at 2023-11-08T01:05:49Z")
        }
    }

    func testCaltrainServiceAlertsFeedIsEmpty() throws {
        let feed = try RealtimeDecoder.decode(try Fixtures.caltrainBytes("ct-service-alerts.pb"), source: "ct-service-alerts.pb")
        XCTAssertEqual(feed.header.timestamp, 1_699_405_546)
        XCTAssertEqual(feed.entities, [])
        XCTAssertEqual(feed.alerts, [])
    }

    // MARK: Delays against the static feed (ct.zip)

    /// stop_times.txt of ct.zip, per trip (read with Python's zipfile: an independent reader).
    private func caltrainSchedule() throws -> [String: [ScheduledStopTime]] {
        try schedule(Fixtures.caltrain.appendingPathComponent("ct.zip"))
    }

    /// stop_times.txt of a GTFS zip, per trip.
    private func schedule(_ zip: URL) throws -> [String: [ScheduledStopTime]] {
        let text = try Fixtures.zipMember(zip, "stop_times.txt")
        var lines = text.split(whereSeparator: \.isNewline)
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let col = { (name: String) in header.firstIndex(of: name)! }
        let (trip, arrival, departure, stop, sequence) = (col("trip_id"), col("arrival_time"), col("departure_time"), col("stop_id"), col("stop_sequence"))
        var byTrip: [String: [ScheduledStopTime]] = [:]
        for line in lines {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            byTrip[cells[trip], default: []].append(ScheduledStopTime(
                stopSequence: UInt32(cells[sequence])!, stopId: cells[stop],
                arrival: Int(GTFSTime.seconds(cells[arrival])!), departure: Int(GTFSTime.seconds(cells[departure])!)))
        }
        return byTrip
    }

    func testCaltrainDelaysAgainstTheStaticScheduleMatchTheGoldenValues() throws {
        let feed = try RealtimeDecoder.decode(try Fixtures.caltrainBytes("ct-trip-updates.pb"), source: "ct-trip-updates.pb")
        let schedule = try caltrainSchedule()
        let clock = try XCTUnwrap(ZoneClock(identifier: "America/Los_Angeles"))
        let serviceDate = try XCTUnwrap(LocalDate(year: 2023, month: 11, day: 7))
        var byTrip: [String: DelayPropagation.Result] = [:]
        var derived: [Int] = []
        for update in feed.tripUpdates {
            let tripId = try XCTUnwrap(update.trip.tripId)
            let stops = try XCTUnwrap(schedule[tripId], "trip \(tripId) is not in ct.zip")
            let result = DelayPropagation.predict(scheduled: stops, updates: update.stopTimeUpdates, serviceDate: serviceDate, clock: clock)
            XCTAssertEqual(result.unmatchedUpdates, 0, "trip \(tripId)")
            // Every update stop matched by (stop_sequence, stop_id).
            for stu in update.stopTimeUpdates {
                let stop = try XCTUnwrap(result.stops.first { $0.stopSequence == stu.stopSequence })
                XCTAssertEqual(stop.stopId, stu.stopId)
                XCTAssertEqual(stop.source, .update)
                if stu.arrival != nil { derived.append(try XCTUnwrap(stop.arrivalDelay)) }
                if stu.departure != nil { derived.append(try XCTUnwrap(stop.departureDelay)) }
                XCTAssertEqual(stop.arrival, stu.arrival?.time ?? stop.scheduledArrival + Int64(stop.arrivalDelay!))
            }
            byTrip[tripId] = result
        }
        // SOURCES.md: over the 408 events, min −236 s, max +878 s, mean +72 s.
        XCTAssertEqual(derived.count, 408)
        XCTAssertEqual(derived.min(), -236)
        XCTAssertEqual(derived.max(), 878)
        XCTAssertEqual(Double(derived.reduce(0, +)) / Double(derived.count), 72, accuracy: 0.5)

        // Golden: trip 310 at stop 70112, seq 4: scheduled 16:55:00 PST, predicted 17:09:38 PST (+878 s).
        let golden = try XCTUnwrap(byTrip["310"]?.stops.first { $0.stopSequence == 4 })
        XCTAssertEqual(golden.stopId, "70112")
        XCTAssertEqual(golden.scheduledArrival, 1_699_404_900) // 2023-11-08T00:55:00Z
        XCTAssertEqual(golden.arrival, 1_699_405_778)          // 2023-11-08T01:09:38Z = 17:09:38 PST
        XCTAssertEqual(golden.arrivalDelay, 878)
        XCTAssertEqual(clock.localTime(at: golden.arrival!).seconds, 17 * 3600 + 9 * 60 + 38)
        let t126 = try XCTUnwrap(byTrip["126"]?.stops.first { $0.stopSequence == 5 })
        XCTAssertEqual(t126.stopId, "70052")
        XCTAssertEqual(t126.arrivalDelay, 580)
        XCTAssertEqual(clock.localTime(at: t126.arrival!).seconds, 17 * 3600 + 7 * 60 + 40)
        let t128 = try XCTUnwrap(byTrip["128"]?.stops.first { $0.stopSequence == 20 })
        XCTAssertEqual(t128.stopId, "70232")
        XCTAssertEqual(t128.arrivalDelay, -148)
        XCTAssertEqual(byTrip["710"]?.stops.first?.arrivalDelay ?? byTrip["710"]?.stops.first?.departureDelay, 79)
    }

    // MARK: Sound Transit, 2023-05-10 10:44:58 PDT: explicit delay fields and a DUPLICATED trip

    func testSoundTransitExplicitDelaysMatchTheJSONAndTheSchedule() throws {
        let dir = Fixtures.root.appendingPathComponent("Tests/Fixtures/realtime/onebusaway-soundtransit")
        let feed = try RealtimeDecoder.decode(try Fixtures.bytes(dir.appendingPathComponent("trip_update_1683740698.pb")), source: "st")
        XCTAssertEqual(feed.header, FeedHeader(version: "2.0", incrementality: .fullDataset, timestamp: 1_683_740_698))
        XCTAssertEqual(feed.tripUpdates.count, 14)
        XCTAssertEqual(feed.tripUpdates.reduce(0) { $0 + $1.stopTimeUpdates.count }, 169)
        XCTAssertEqual(feed.tripUpdates.filter { $0.trip.scheduleRelationship == .duplicated }.map(\.trip.tripId),
                       ["LLR_2023-03-18_Weekday_100479_1043"])
        XCTAssertEqual(feed.warnings, [])

        // Against the upstream JSON (original proto field names, int64 as numbers).
        let data = try Data(contentsOf: dir.appendingPathComponent("trip_update_1683740698.json"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entities = try XCTUnwrap(json["entity"] as? [[String: Any]])
        XCTAssertEqual(entities.count, feed.entities.count)
        for (expected, entity) in zip(entities, feed.entities) {
            XCTAssertEqual(expected["id"] as? String, entity.id)
            let tu = try XCTUnwrap(expected["trip_update"] as? [String: Any])
            let decoded = try XCTUnwrap(entity.tripUpdate)
            XCTAssertEqual((tu["trip"] as? [String: Any])?["trip_id"] as? String, decoded.trip.tripId)
            XCTAssertEqual((tu["trip"] as? [String: Any])?["schedule_relationship"] as? String, decoded.trip.scheduleRelationship.description)
            XCTAssertEqual((tu["vehicle"] as? [String: Any])?["label"] as? String, decoded.vehicle?.label)
            let updates = tu["stop_time_update"] as? [[String: Any]] ?? []
            XCTAssertEqual(updates.count, decoded.stopTimeUpdates.count)
            for (u, stu) in zip(updates, decoded.stopTimeUpdates) {
                XCTAssertEqual(u["stop_id"] as? String, stu.stopId)
                for (key, event) in [("arrival", stu.arrival), ("departure", stu.departure)] {
                    let e = u[key] as? [String: Any]
                    XCTAssertEqual((e?["delay"] as? Int).map(Int32.init), event?.delay)
                    XCTAssertEqual((e?["time"] as? Int).map(Int64.init), event?.time)
                }
            }
        }

        // Joined with st.zip: every given delay equals time − scheduled (SOURCES.md: 46/46), and the
        // predicted instant is the given time.
        let stops = try schedule(dir.appendingPathComponent("st.zip"))
        let clock = try XCTUnwrap(ZoneClock(identifier: "America/Los_Angeles"))
        let date = try XCTUnwrap(LocalDate(year: 2023, month: 5, day: 10))
        var delays = 0
        for update in feed.tripUpdates {
            let tripId = try XCTUnwrap(update.trip.tripId)
            let result = DelayPropagation.predict(scheduled: try XCTUnwrap(stops[tripId], tripId), updates: update.stopTimeUpdates,
                                                  serviceDate: date, clock: clock)
            XCTAssertEqual(result.unmatchedUpdates, 0, tripId)
            for stu in update.stopTimeUpdates {
                let stop = try XCTUnwrap(result.stops.first { $0.stopSequence == stu.stopSequence })
                if let delay = stu.arrival?.delay, let time = stu.arrival?.time {
                    XCTAssertEqual(stop.scheduledArrival + Int64(delay), time, "\(tripId) seq \(stop.stopSequence) arrival")
                    XCTAssertEqual(stop.arrival, time)
                    XCTAssertEqual(stop.arrivalDelay, Int(delay))
                    delays += 1
                }
                if let delay = stu.departure?.delay, let time = stu.departure?.time {
                    XCTAssertEqual(stop.scheduledDeparture + Int64(delay), time, "\(tripId) seq \(stop.stopSequence) departure")
                    delays += 1
                }
            }
            if tripId.hasSuffix("_2043") {
                // Golden: seq 18, stop 99904, scheduled 10:35:30 PDT, delay 438 → 10:42:48 PDT.
                let golden = try XCTUnwrap(result.stops.first { $0.stopSequence == 18 })
                XCTAssertEqual(golden.stopId, "99904")
                XCTAssertEqual(clock.localTime(at: golden.scheduledArrival).seconds, 10 * 3600 + 35 * 60 + 30)
                XCTAssertEqual(golden.arrivalDelay, 438)
                XCTAssertEqual(clock.localTime(at: golden.arrival!).seconds, 10 * 3600 + 42 * 60 + 48)
            }
        }
        XCTAssertEqual(delays, 46)
    }

    // MARK: Broken bodies

    func testEmptyBodyIsAnError() {
        XCTAssertThrowsError(try RealtimeDecoder.decode([], source: "empty.pb")) { error in
            XCTAssertEqual(error as? RealtimeDecodeError, RealtimeDecodeError(source: "empty.pb", reason: .empty))
            XCTAssertTrue("\(error)".hasPrefix("empty.pb: empty body"), "\(error)")
        }
    }

    func testTruncatedCaptureIsAnErrorNamingTheSource() throws {
        let bytes = Array(try Fixtures.caltrainBytes("ct-trip-updates.pb").prefix(1_000))
        XCTAssertThrowsError(try RealtimeDecoder.decode(bytes, source: "ct-trip-updates.pb (first 1000 bytes)")) { error in
            guard let error = error as? RealtimeDecodeError, case .notAFeedMessage(let size, _) = error.reason else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(size, 1_000)
            XCTAssertTrue(error.description.hasPrefix("ct-trip-updates.pb (first 1000 bytes): not a GTFS-Realtime FeedMessage"), error.description)
        }
    }

    func testJSONGivenAsProtobufIsAnErrorThatSaysJSON() throws {
        let bytes = try Fixtures.caltrainBytes("ct-trip-updates.pb.json")
        XCTAssertThrowsError(try RealtimeDecoder.decode(bytes, source: "ct-trip-updates.pb.json")) { error in
            XCTAssertEqual(error as? RealtimeDecodeError,
                           RealtimeDecodeError(source: "ct-trip-updates.pb.json",
                                               reason: .notAFeedMessage(size: bytes.count, hint: .json("{"))))
            XCTAssertTrue("\(error)".hasSuffix("; the body starts with \"{\": it looks like JSON, not protobuf"), "\(error)")
        }
    }

    func testBodyOverTheCapIsRejectedUnread() throws {
        let bytes = try Fixtures.caltrainBytes("ct-trip-updates.pb")
        XCTAssertThrowsError(try RealtimeDecoder.decode(bytes, source: "big.pb", sizeLimit: 4_096)) { error in
            XCTAssertEqual(error as? RealtimeDecodeError, RealtimeDecodeError(source: "big.pb", reason: .tooLarge(size: 7_813, limit: 4_096)))
            XCTAssertEqual("\(error)", "big.pb: 7813 bytes is more than the 4096-byte cap for a GTFS-Realtime feed")
        }
        XCTAssertEqual(RealtimeDecoder.defaultSizeLimit, 16 * 1024 * 1024)
        XCTAssertNoThrow(try RealtimeDecoder.decode(bytes, source: "exactly.pb", sizeLimit: bytes.count))
    }

    /// Every single-byte corruption of the capture (each byte XOR 0xFF, and each byte set to 0x80):
    /// a feed or a RealtimeDecodeError naming the source, never a crash.
    func testCorruptedCapturesDecodeOrFailCleanly() throws {
        let original = try Fixtures.caltrainBytes("ct-trip-updates.pb")
        var failures = 0, decoded = 0
        for index in original.indices {
            for mutate in [{ (b: UInt8) in b ^ 0xFF }, { _ in 0x80 }] {
                var bytes = original
                bytes[index] = mutate(bytes[index])
                do {
                    _ = try RealtimeDecoder.decode(bytes, source: "flipped")
                    decoded += 1
                } catch {
                    XCTAssertTrue(error.description.hasPrefix("flipped: "), error.description)
                    failures += 1
                }
            }
        }
        XCTAssertEqual(failures + decoded, original.count * 2)
        XCTAssertGreaterThan(failures, 0, "some corruptions must be detected")
        // The first byte is the header's tag (field 1, length-delimited): flipping it cannot decode.
        var bytes = original
        bytes[0] ^= 0xFF
        XCTAssertThrowsError(try RealtimeDecoder.decode(bytes, source: "flipped tag"))
    }

    // MARK: Enum values the spec does not define

    /// Re-encodes the capture with protobuf-c after patching enums to undefined numbers, then decodes.
    func testUnknownEnumValuesAreKeptAndCounted() throws {
        let original = try Fixtures.caltrainBytes("ct-trip-updates.pb")
        let patched: [UInt8] = try original.withUnsafeBufferPointer { buffer in
            let message = try XCTUnwrap(transit_realtime__feed_message__unpack(nil, buffer.count, buffer.baseAddress))
            defer { transit_realtime__feed_message__free_unpacked(message, nil) }
            let first = try XCTUnwrap(message.pointee.entity[0]?.pointee.trip_update)
            first.pointee.trip.pointee.schedule_relationship = TransitRealtime__TripDescriptor__ScheduleRelationship(rawValue: 42)
            let stu = try XCTUnwrap(first.pointee.stop_time_update[1])
            stu.pointee.has_schedule_relationship = 1
            stu.pointee.schedule_relationship = TransitRealtime__TripUpdate__StopTimeUpdate__ScheduleRelationship(rawValue: 9)
            let header = try XCTUnwrap(message.pointee.header)
            header.pointee.has_incrementality = 1
            header.pointee.incrementality = TransitRealtime__FeedHeader__Incrementality(rawValue: 7)
            var out = [UInt8](repeating: 0, count: transit_realtime__feed_message__get_packed_size(message))
            let written = out.withUnsafeMutableBufferPointer { transit_realtime__feed_message__pack(message, $0.baseAddress) }
            XCTAssertEqual(written, out.count)
            return out
        }
        let feed = try RealtimeDecoder.decode(patched, source: "patched")
        XCTAssertEqual(feed.header.incrementality, .unknown(7))
        XCTAssertEqual(feed.tripUpdates[0].trip.scheduleRelationship, .unknown(42))
        XCTAssertEqual(feed.tripUpdates[0].trip.scheduleRelationship.description, "unknown(42)")
        XCTAssertEqual(feed.tripUpdates[0].stopTimeUpdates[1].scheduleRelationship, .unknown(9))
        XCTAssertEqual(feed.warnings.count, 3)
        XCTAssertEqual(feed.warnings.map(\.description), [
            "header: header.incrementality has the unknown value 7 (kept as unknown(7))",
            "entity \"124\": trip_update.trip.schedule_relationship has the unknown value 42 (kept as unknown(42))",
            "entity \"124\": trip_update.stop_time_update.schedule_relationship has the unknown value 9 (kept as unknown(9))",
        ])
        // Everything else is as before.
        XCTAssertEqual(feed.tripUpdates.count, 19)
        XCTAssertEqual(feed.tripUpdates.reduce(0) { $0 + $1.stopTimeUpdates.count }, 220)
    }

    // MARK: Alerts (built with protobuf-c: the Caltrain alerts feed is empty)

    func testAlertWithJapaneseTextsDecodes() throws {
        let bytes = try AlertBuilder.packed()
        let feed = try RealtimeDecoder.decode(bytes, source: "alert")
        XCTAssertEqual(feed.header, FeedHeader(version: "2.0", incrementality: .fullDataset, timestamp: 1_734_829_200))
        let alert = try XCTUnwrap(feed.alerts.first)
        XCTAssertEqual(alert.cause, .weather)
        XCTAssertEqual(alert.effect, .significantDelays)
        XCTAssertEqual(alert.activePeriods, [TimeRange(start: 1_734_829_200, end: 1_734_843_600)])
        XCTAssertEqual(alert.informedEntities, [EntitySelector(agencyId: "keio", routeId: "鷹56", stopId: "12")])
        XCTAssertEqual(alert.headerText?.text(for: "ja"), "強風の影響で遅れています")
        XCTAssertEqual(alert.headerText?.text(for: "ja-JP"), "強風の影響で遅れています")
        XCTAssertEqual(alert.headerText?.text(for: "en"), "Delays due to strong wind")
        XCTAssertEqual(alert.headerText?.text(for: "fr"), "Delays due to strong wind", "no French: the first translation")
        XCTAssertEqual(alert.descriptionText?.translations, [.init(text: "調布駅北口〜三鷹駅間で最大15分の遅れ", language: "ja")])
        XCTAssertNil(alert.url)
        XCTAssertEqual(feed.warnings, [])
    }

    // MARK: The generated code is current

    func testGeneratedCodeMatchesTheProto() throws {
        guard Fixtures.onPath("protoc-c") != nil else {
            throw XCTSkip("protoc-c is not installed (apt install protobuf-c-compiler): cannot check that Sources/CGTFSRealtime is current")
        }
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-regen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temp) }
        let script = Fixtures.root.appendingPathComponent("scripts/regenerate-gtfs-realtime.sh").path
        let result = try Fixtures.run("/bin/sh", [script, temp.path])
        XCTAssertEqual(result.status, 0, result.error)
        let target = Fixtures.root.appendingPathComponent("Sources/CGTFSRealtime")
        for (generated, committed) in [("gtfs-realtime.pb-c.c", "gtfs-realtime.pb-c.c"), ("gtfs-realtime.pb-c.h", "include/gtfs-realtime.pb-c.h")] {
            let fresh = try Data(contentsOf: temp.appendingPathComponent(generated))
            let current = try Data(contentsOf: target.appendingPathComponent(committed))
            XCTAssertEqual(fresh, current, "Sources/CGTFSRealtime/\(committed) is not what scripts/regenerate-gtfs-realtime.sh generates from gtfs-realtime.proto: run the script and commit the result")
        }
    }

    // MARK: Fuzzing findings

    /// Every input the `realtime` fuzz target ever crashed on decodes or fails with a RealtimeDecodeError.
    func testFuzzRegressionsNeverTrap() throws {
        let dir = Fixtures.root.appendingPathComponent("Fuzz/regressions/realtime")
        let files = (try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)) ?? []
        for file in files where !file.lastPathComponent.hasPrefix(".") && file.lastPathComponent != "README.md" {
            let bytes = try Fixtures.bytes(file)
            do { _ = try RealtimeDecoder.decode(bytes, source: file.lastPathComponent) } catch {
                XCTAssertTrue(error.description.hasPrefix(file.lastPathComponent), error.description)
            }
        }
    }
}

/// Builds a one-alert FeedMessage with the protobuf-c API and packs it (all memory owned and freed here).
enum AlertBuilder {
    /// Allocations to release once the message is packed.
    final class Arena {
        var releases: [() -> Void] = []
        func string(_ s: String) -> UnsafeMutablePointer<CChar> {
            let p = strdup(s)!
            releases.append { free(p) }
            return p
        }
        func object<T>(_ value: T) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
            p.initialize(to: value)
            releases.append { p.deinitialize(count: 1); p.deallocate() }
            return p
        }
        func array<T>(_ values: [UnsafeMutablePointer<T>?]) -> UnsafeMutablePointer<UnsafeMutablePointer<T>?> {
            let p = UnsafeMutablePointer<UnsafeMutablePointer<T>?>.allocate(capacity: values.count)
            p.initialize(from: values, count: values.count)
            releases.append { p.deinitialize(count: values.count); p.deallocate() }
            return p
        }
        deinit { releases.forEach { $0() } }
    }

    static func translation(_ arena: Arena, _ text: String, _ language: String) -> UnsafeMutablePointer<TransitRealtime__TranslatedString__Translation> {
        var t = TransitRealtime__TranslatedString__Translation()
        transit_realtime__translated_string__translation__init(&t)
        t.text = arena.string(text)
        t.language = arena.string(language)
        return arena.object(t)
    }

    static func translated(_ arena: Arena, _ translations: [UnsafeMutablePointer<TransitRealtime__TranslatedString__Translation>?]) -> UnsafeMutablePointer<TransitRealtime__TranslatedString> {
        var s = TransitRealtime__TranslatedString()
        transit_realtime__translated_string__init(&s)
        s.n_translation = translations.count
        s.translation = arena.array(translations)
        return arena.object(s)
    }

    static func packed() throws -> [UInt8] {
        let arena = Arena()
        var header = TransitRealtime__FeedHeader()
        transit_realtime__feed_header__init(&header)
        header.gtfs_realtime_version = arena.string("2.0")
        header.has_timestamp = 1
        header.timestamp = 1_734_829_200

        var period = TransitRealtime__TimeRange()
        transit_realtime__time_range__init(&period)
        period.has_start = 1; period.start = 1_734_829_200
        period.has_end = 1; period.end = 1_734_843_600
        var selector = TransitRealtime__EntitySelector()
        transit_realtime__entity_selector__init(&selector)
        selector.agency_id = arena.string("keio")
        selector.route_id = arena.string("鷹56")
        selector.stop_id = arena.string("12")

        var alert = TransitRealtime__Alert()
        transit_realtime__alert__init(&alert)
        alert.n_active_period = 1
        alert.active_period = arena.array([arena.object(period)])
        alert.n_informed_entity = 1
        alert.informed_entity = arena.array([arena.object(selector)])
        alert.has_cause = 1
        alert.cause = TRANSIT_REALTIME__ALERT__CAUSE__WEATHER
        alert.has_effect = 1
        alert.effect = TRANSIT_REALTIME__ALERT__EFFECT__SIGNIFICANT_DELAYS
        alert.header_text = translated(arena, [translation(arena, "Delays due to strong wind", "en"),
                                               translation(arena, "強風の影響で遅れています", "ja")])
        alert.description_text = translated(arena, [translation(arena, "調布駅北口〜三鷹駅間で最大15分の遅れ", "ja")])

        var entity = TransitRealtime__FeedEntity()
        transit_realtime__feed_entity__init(&entity)
        entity.id = arena.string("alert-1")
        entity.alert = arena.object(alert)

        var message = TransitRealtime__FeedMessage()
        transit_realtime__feed_message__init(&message)
        message.header = arena.object(header)
        message.n_entity = 1
        message.entity = arena.array([arena.object(entity)])
        var out = [UInt8](repeating: 0, count: transit_realtime__feed_message__get_packed_size(&message))
        let written = out.withUnsafeMutableBufferPointer { transit_realtime__feed_message__pack(&message, $0.baseAddress) }
        XCTAssertEqual(written, out.count)
        return out
    }
}
