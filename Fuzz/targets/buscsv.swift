// fuzz-modules: CZlib Messages JSONText Timetable
// fuzz-seeds: Tests/Fixtures/buscsv
// fuzz-dict: Fuzz/dicts/buscsv.dict
//
// The bus CSV format (`BusCSV.parse`: UTF-8 or Shift_JIS, an hour then minutes per line): any bytes
// either parse into sorted times or throw a DecodeError with the file and, for a cell, a 1-based
// line:column. A trap, a crash, a hang or another error type is a finding.
import Timetable

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBusCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let times = try BusCSV.parse(bytes, file: "fuzz")
        precondition(times == times.sorted(), "unsorted times")
        precondition(times.allSatisfy { (0..<30 * 3600).contains($0) }, "a time out of 0–29:59")
    } catch let error as DecodeError {
        precondition(error.file == "fuzz", "an error that does not name its file: \(error)")
        if let line = error.line { precondition(line >= 1, "line \(line) in \(error)") }
        if let column = error.column { precondition(column >= 1 && error.line != nil, "column without a line in \(error)") }
    } catch {
        preconditionFailure("not a DecodeError: \(error)")
    }
    return 0
}
