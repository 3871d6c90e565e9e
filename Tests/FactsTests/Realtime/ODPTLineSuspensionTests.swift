import Facts
import Foundation
import Timetable
import XCTest

/// The line-suspension fact from the real JR East `odpt:TrainInformation` captures (遅延, 一部運休,
/// 遅れと運休) and one SYNTHETIC 運転見合わせ record (`Fixtures/odpt-realtime/SOURCES.md`).
final class ODPTLineSuspensionTests: XCTestCase {
    let clock = ZoneClock(identifier: "Asia/Tokyo")!
    let uchibo = "odpt.Railway:JR-East.Uchibo"

    func records(_ name: String) throws -> [TrainInformation] {
        let bytes = [UInt8](try Data(contentsOf: ODPTTrainJoinTests.fixtures.appendingPathComponent(name)))
        return try ODPTTimetableDecoder.trainInformation(bytes, file: name)
    }

    func at(_ text: String) -> Int64 { clock.parseTimestamp(text)! }

    func testUchiboHistory() throws {
        let history = try records("TrainInformation_JR-East_Uchibo.json")
        XCTAssertEqual(history.count, 96)
        // 遅延 only: not a suspension.
        XCTAssertNil(ODPTLineSuspension.current(railway: uchibo, in: history, at: at("2017-12-11T17:00:00+09:00")))
        XCTAssertNil(ODPTLineSuspension.current(railway: uchibo, in: history, at: at("2017-12-11T14:00:00+09:00")))

        // Status 遅延, text 「…一部列車に遅れと運休がでています。」: partial since the first such record (18:22:59).
        let evening = try XCTUnwrap(ODPTLineSuspension.current(railway: uchibo, in: history, at: at("2017-12-11T19:30:00+09:00")))
        XCTAssertEqual(evening.extent, .partial)
        XCTAssertEqual(evening.since, at("2017-12-11T18:22:59+09:00"))
        XCTAssertEqual(evening.statusText, "遅延")
        XCTAssertEqual(evening.text, "内房線は、強風の影響で、千葉〜館山駅間の上下線の一部列車に遅れと運休がでています。")

        // The last records: status 一部運休.
        let last = try XCTUnwrap(ODPTLineSuspension.current(railway: "JR-East.Uchibo", in: history))
        XCTAssertEqual(last.extent, .partial)
        XCTAssertEqual(last.statusText, "一部運休")
        XCTAssertEqual(last.since, at("2017-12-11T18:22:59+09:00"))
        XCTAssertEqual(last.summary(clock: clock).english,
                       "内房線 一部運休 since 18:22: 内房線は、強風の影響で、館山〜千倉駅間の下り線で一部列車が運休となっています。")
        XCTAssertNil(ODPTLineSuspension.current(railway: "odpt.Railway:JR-East.ChuoRapid", in: history))
    }

    func testFromAServiceStatusReport() throws {
        let name = "TrainInformation_JR-East_Uchibo.json"
        let bytes = [UInt8](try Data(contentsOf: ODPTTrainJoinTests.fixtures.appendingPathComponent(name)))
        let report = try ServiceStatusReport.decode(bytes, file: name)
        let suspension = try XCTUnwrap(ODPTLineSuspension.current(railway: uchibo, in: report, at: at("2017-12-11T23:30:00+09:00")))
        XCTAssertEqual(suspension.extent, .partial)
        XCTAssertEqual(suspension.statusText, "一部運休")
    }

    func testDelayIsNotASuspensionAndWholeSuspension() throws {
        let delayed = try records("TrainInformation_JR-East.json")
        XCTAssertNil(ODPTLineSuspension.current(railway: "odpt.Railway:JR-East.Uetsu", in: delayed))
        XCTAssertNil(ODPTLineSuspension.extent(of: delayed[0]))

        let suspended = try records("SYNTHETIC_TrainInformation_JR-East_Uetsu_Suspended.json")
        let history = delayed + suspended
        XCTAssertNil(ODPTLineSuspension.current(railway: "odpt.Railway:JR-East.Uetsu", in: history, at: at("2017-12-11T12:00:00+09:00")))
        let now = try XCTUnwrap(ODPTLineSuspension.current(railway: "odpt.Railway:JR-East.Uetsu", in: history,
                                                           at: at("2017-12-11T12:45:00+09:00")))
        XCTAssertEqual(now.extent, .whole)
        XCTAssertEqual(now.since, at("2017-12-11T12:38:00+09:00"))
        XCTAssertEqual(now.summary(clock: clock).english,
                       "羽越本線 運転見合わせ since 12:38: 羽越本線は、強風の影響で、酒田〜秋田駅間の上下線で運転を見合わせています。")
    }

    func testExtentWords() {
        func info(_ status: String?, _ text: String) -> TrainInformation {
            TrainInformation(railway: "odpt.Railway:X.Y", railwayTitle: "Y", operator: "odpt.Operator:X",
                             status: .other(text), statusText: status, text: text)
        }
        XCTAssertEqual(ODPTLineSuspension.extent(of: info("運転見合わせ", "…")), .whole)
        XCTAssertEqual(ODPTLineSuspension.extent(of: info("運休", "…")), .whole)
        XCTAssertEqual(ODPTLineSuspension.extent(of: info(nil, "全線で運転を見合わせています。")), .whole)
        XCTAssertEqual(ODPTLineSuspension.extent(of: info("一部運休", "…")), .partial)
        XCTAssertEqual(ODPTLineSuspension.extent(of: info("遅延", "一部列車が運休となっています。")), .partial)
        XCTAssertEqual(ODPTLineSuspension.extent(of: info("Service suspended", "…")), .whole)
        XCTAssertEqual(ODPTLineSuspension.extent(of: info("Some trains suspended", "…")), .partial)
        XCTAssertNil(ODPTLineSuspension.extent(of: info("遅延", "一部列車に遅れがでています。")))
        XCTAssertNil(ODPTLineSuspension.extent(of: info(nil, "現在、平常どおり運転しています。")))
    }
}
