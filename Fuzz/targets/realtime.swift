// fuzz-modules: CZlib Messages JSONText Timetable CProtobufC CGTFSRealtime Realtime
// fuzz-seeds: Tests/Fixtures/realtime/transitland-caltrain Tests/Fixtures/realtime/onebusaway-soundtransit
//
// The GTFS-Realtime decoder (protobuf-c + the Swift model): any bytes either decode or throw a
// RealtimeDecodeError that names the source. A trap, a crash, a hang or another error type is a
// finding. Decoded feeds also go through the delay propagation (every trip against a made-up
// schedule of its own updates) so that arbitrary delays, times and sequences are exercised.
import Realtime
import Timetable

let clock = ZoneClock(identifier: "America/Los_Angeles")!
let date = LocalDate(year: 2023, month: 11, day: 7)!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRealtimeDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let feed = try RealtimeDecoder.decode(bytes, source: "fuzz")
        for warning in feed.warnings { precondition(!warning.description.isEmpty) }
        for update in feed.tripUpdates {
            let scheduled = update.stopTimeUpdates.enumerated().map { index, stu in
                ScheduledStopTime(stopSequence: stu.stopSequence ?? UInt32(index), stopId: stu.stopId ?? "",
                                  arrival: index * 60, departure: index * 60 + 30)
            }
            let result = DelayPropagation.predict(scheduled: scheduled, updates: update.stopTimeUpdates, serviceDate: date, clock: clock)
            precondition(result.stops.count == scheduled.count, "propagation lost stops")
        }
    } catch {
        precondition(error.description.hasPrefix("fuzz: "), "an error that does not name its source: \(error)")
    }
    return 0
}
