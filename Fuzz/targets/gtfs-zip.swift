// fuzz-modules: CZlib Messages JSONText Timetable
// fuzz-seeds: Fuzz/seeds/gtfs-zip
// fuzz-dict: Fuzz/dicts/gtfs.dict
//
// A GTFS feed as a .zip archive (`ZipArchive`: central directory, stored and deflated members, CRC-32,
// then the tables): any bytes either load or throw a DecodeError naming the archive. A trap, a crash, a
// hang or another error type is a finding. Seeds: Fuzz/seeds/gtfs-zip (made by Fuzz/seeds/make-seeds.sh).
@testable import Timetable

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGTFSZip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let archive = try ZipArchive(bytes: bytes, path: "fuzz")
        for entry in archive.entries.prefix(16) { _ = try? archive.contents(of: entry) }
        let feed = try GTFSFeed.load(GTFSFeedFiles(zip: bytes, path: "fuzz"))
        _ = feed.stopTimeCount
        if let date = LocalDate("2024-12-23") { _ = feed.serviceIDs(on: date) }
    } catch let error as DecodeError {
        precondition(error.file.hasPrefix("fuzz"), "an error that does not name the archive: \(error)")
    } catch {
        preconditionFailure("not a DecodeError: \(error)")
    }
    return 0
}
