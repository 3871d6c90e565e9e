// fuzz-modules: CZlib Messages JSONText Timetable
// fuzz-seeds: Tests/Fixtures/odpt-realtime Tests/Fixtures/odpt-broken
// fuzz-options: -max_len=16384
// fuzz-dict: Fuzz/dicts/odpt.dict
//
// The ODPT train location decoder (`ODPTTimetableDecoder.trains`, odpt:Train JSON): any bytes either
// decode or throw a DecodeError naming the file. A trap, a crash, a hang or another error type is a finding.
import Timetable

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrains(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        for train in try ODPTTimetableDecoder.trains(bytes, file: "fuzz") { _ = train.delaySeconds }
    } catch let error as DecodeError {
        precondition(error.file == "fuzz", "an error that does not name its file: \(error)")
        if let line = error.line { precondition(line >= 1, "line \(line) in \(error)") }
    } catch {
        preconditionFailure("not a DecodeError: \(error)")
    }
    return 0
}
