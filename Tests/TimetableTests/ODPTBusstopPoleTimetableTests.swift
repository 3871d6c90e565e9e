import Foundation
import XCTest
@testable import Timetable

final class ODPTBusstopPoleTimetableTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/odpt/BusStopPoleTimetable_Toei_Chokkou01.json")

    private func bytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: Self.fixture)) }

    func testOnePoleLabels() throws {
        let timetable = try ODPTTimetableDecoder.busstopPoleTimetable(
            try bytes(), file: "chokkou01.json", pole: "odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.2")
        XCTAssertEqual(Array(timetable.days.keys), [.weekday])
        let weekday = try XCTUnwrap(timetable.days[.weekday])
        XCTAssertEqual(weekday.map(\.clockText), ["07:17", "07:28", "07:39", "07:49", "08:00", "08:11",
                                                  "08:21", "08:32", "08:44", "08:54", "09:05"])
        XCTAssertEqual(weekday[0].line, "直行０１")
        XCTAssertEqual(weekday[0].stop, "品川総合福祉センター前")
        XCTAssertEqual(weekday[0].destination, "八潮パークタウン", "sign \"(直行０１)八潮パークタウン行\" without route and 行")
        XCTAssertEqual(weekday.filter(\.isLast).map(\.clockText), ["09:05"])
    }

    func testEnglishUsesTheRouteId() throws {
        let timetable = try ODPTTimetableDecoder.busstopPoleTimetable(
            try bytes(), file: "chokkou01.json", pole: "Toei.Ooimachiekihigashiguchi.223.1", language: "en")
        XCTAssertEqual(timetable.days[.weekday]?.first?.line, "Chokkou01")
        XCTAssertEqual(timetable.days[.weekday]?.first?.stop, "大井町駅東口")
    }

    func testSeveralPolesWithoutAFilterIsAnError() throws {
        XCTAssertThrowsError(try ODPTTimetableDecoder.busstopPoleTimetable(try bytes(), file: "chokkou01.json")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("chokkou01.json: the file holds timetables of 14 poles (odpt.BusstopPole:Toei.Shinagawasougoufukushisenta-mae.2011.1 (品川総合福祉センター前), "), text)
            XCTAssertTrue(text.hasSuffix("); choose one pole"), text)
        }
        XCTAssertThrowsError(try ODPTTimetableDecoder.busstopPoleTimetable(try bytes(), file: "chokkou01.json", pole: "nope")) { error in
            XCTAssertTrue("\(error)".hasPrefix("chokkou01.json: no odpt:BusstopPoleTimetable record for pole \"nope\"; the file has: "), "\(error)")
        }
    }

    func testMidnightFlagMovesPast24() throws {
        let json = #"""
        [{"@type":"odpt:BusstopPoleTimetable","owl:sameAs":"odpt.BusstopPoleTimetable:T.1","dc:title":"深夜01:渋谷駅前:新橋駅前行:平日",
          "odpt:busroute":"odpt.Busroute:Toei.Shinya01","odpt:calendar":"odpt.Calendar:Weekday","odpt:busstopPole":"odpt.BusstopPole:Toei.Shibuyaekimae.1.1",
          "odpt:busstopPoleTimetableObject":[
            {"odpt:isMidnight":false,"odpt:departureTime":"23:40","odpt:destinationSign":"新橋駅前行"},
            {"odpt:isMidnight":true,"odpt:departureTime":"00:10","odpt:destinationSign":"新橋駅前行"},
            {"odpt:isMidnight":true,"odpt:departureTime":"00:40"}]}]
        """#
        let timetable = try ODPTTimetableDecoder.busstopPoleTimetable(Array(json.utf8), file: "midnight.json")
        let weekday = try XCTUnwrap(timetable.days[.weekday])
        XCTAssertEqual(weekday.map(\.time), [85_200, 87_000, 88_800])
        XCTAssertEqual(weekday.map(\.destination), ["新橋駅前", "新橋駅前", "新橋駅前"])
        XCTAssertEqual(weekday.map(\.line), ["深夜01", "深夜01", "深夜01"])
        XCTAssertEqual(weekday.map(\.isLast), [false, false, true])
    }

    func testDestinationLabel() {
        XCTAssertEqual(ODPTTimetableDecoder.destinationLabel("(直行０１)八潮パークタウン行"), "八潮パークタウン")
        XCTAssertEqual(ODPTTimetableDecoder.destinationLabel("（急行）大井町駅東口行"), "大井町駅東口")
        XCTAssertEqual(ODPTTimetableDecoder.destinationLabel("大井町駅東口"), "大井町駅東口")
    }
}
