// fuzz-modules: CZlib Messages JSONText Timetable
// fuzz-seeds: Fuzz/seeds/gtfs-csv
// fuzz-dict: Fuzz/dicts/gtfs.dict
//
// The GTFS tables (`CSVTable` and the readers of agency, stops, routes, calendar, calendar_dates, trips,
// frequencies and stop_times): the first byte of an input picks a member (byte % 8, in the order of
// `members`), the rest replaces that member in a small consistent feed, which is then loaded and asked
// for a stop's timetable. Any bytes either load or throw a DecodeError naming the feed; a trap, a crash,
// a hang or another error type is a finding. Seeds: Fuzz/seeds/gtfs-csv (made by Fuzz/seeds/make-seeds.sh).
@testable import Timetable

let members = ["agency.txt", "stops.txt", "routes.txt", "calendar.txt", "calendar_dates.txt", "trips.txt",
               "frequencies.txt", "stop_times.txt"]
let base: [String: [UInt8]] = [
    "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Agency,http://example.com,Asia/Tokyo\n",
    "stops.txt": "stop_id,stop_name,platform_code\nS1,一の橋,3\nS2,二の橋,\nS3,,\n",
    "routes.txt": "route_id,route_short_name,route_long_name\nR1,鷹56,\nR2,,Long Name\n",
    "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20241201,20241231\n",
    "calendar_dates.txt": "service_id,date,exception_type\nWK,20241221,1\nSA,20241223,1\n",
    "trips.txt": "route_id,service_id,trip_id,trip_headsign\nR1,WK,T1,三鷹駅\nR2,SA,T2,\n",
    "frequencies.txt": "trip_id,start_time,end_time,headway_secs\nT2,6:00:00,7:00:00,600\n",
    "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence,stop_headsign\nT1,6:00:00,6:00:00,S1,1,\nT1,6:10:00,6:10:00,S2,2,経由\nT2,25:00:00,25:00:00,S1,1,\n",
].mapValues { Array($0.utf8) }
let dates = ["2024-12-20", "2024-12-21", "2024-12-23"].compactMap { LocalDate($0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGTFSTables(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    var files = base
    files[members[Int(data[0]) % members.count]] = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    do {
        let feed = try GTFSFeed.load(GTFSFeedFiles(members: files, path: "fuzz"))
        _ = feed.stopTimeCount
        for date in dates { _ = feed.serviceIDs(on: date) }
        for (stop, route) in [("S1", nil), ("S2", "R1"), ("S3", "鷹56")] as [(String, String?)] {
            guard let timetable = try? feed.timetable(stopID: stop, stopName: nil, route: route) else { continue }
            for date in dates {
                _ = timetable.departures(on: date, dayType: date.weekday == .saturday ? .saturday : .weekday)
            }
        }
    } catch let error as DecodeError {
        precondition(error.file.hasPrefix("fuzz"), "an error that does not name the feed: \(error)")
    } catch {
        preconditionFailure("not a DecodeError: \(error)")
    }
    return 0
}
