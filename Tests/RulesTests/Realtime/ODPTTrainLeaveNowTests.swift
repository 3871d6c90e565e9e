import Facts
import Foundation
import Rules
import Timetable
import XCTest

/// A leave-now on `odpt:Train` delays: the real JR East Chuo Rapid capture (2017-12-27 15:53:33,
/// train 1506H 300 s late) joined by train number to the SYNTHETIC Shinjuku station timetable (1506H
/// inbound at 16:13, 3 min walk), through the `odpt: trains:` entry of the railway.
final class ODPTTrainLeaveNowTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/odpt-realtime")
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
    func at(_ time: String) -> Int64 { tokyo.parseTimestamp("2017-12-27T" + time)! }

    func workspace(trains: Bool) throws -> Workspace {
        var workspace = try temporaryWorkspace("""
        boards:
          - id: shinjuku
            title: 新宿 中央線快速
            sources:
              - odpt: \(Self.fixtures.path)/SYNTHETIC_StationTimetable_JR-East_ChuoRapid_Shinjuku_Weekday.json
                station: odpt.Station:JR-East.ChuoRapid.Shinjuku
                walk: 3m
        odpt:
          key_env: ODPT_CONSUMER_KEY
          trains:
            - {id: chuo-trains, operator: odpt.Operator:JR-East, railway: odpt.Railway:JR-East.ChuoRapid, refresh: 10m}
        channels:
          - {id: phone, type: desktop}
        rules:
          - {id: rapid, kind: leave_now, board: shinjuku, between: "16:10-16:15", heads_up: [15m, 0m], language: ja, channels: [phone]}
        """)
        if trains {
            let name = "Train_JR-East_ChuoRapid_20171227_155333.json"
            let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            workspace.timeline.add(trains: try ODPTTrainResponse(checking: bytes, label: name), source: "chuo-trains",
                                   fetchedAt: at("15:53:38"))
        }
        return workspace
    }

    func run(_ workspace: Workspace) -> [(at: String, text: String)] {
        workspace.simulation.run(from: at("15:50"), to: at("16:30")).deliveries.map { (tokyo.clockText($0.at), $0.notification.text) }
    }

    func testTrain1506HFiveMinutesLateMovesTheLeaveNowFiveMinutesLater() throws {
        let timetable = run(try workspace(trains: false))
        XCTAssertEqual(timetable.map(\.at), ["15:55", "16:10"], "\(timetable)")
        XCTAssertTrue(timetable[0].text.hasSuffix("（時刻表どおり: リアルタイムなし）"), timetable[0].text)

        let live = run(try workspace(trains: true))
        XCTAssertEqual(live.map(\.at), ["16:00", "16:15"], "\(live)")
        XCTAssertTrue(live[0].text.hasPrefix("あと15分で出発: 16:13発"), live[0].text)
        XCTAssertTrue(live[0].text.hasSuffix("（リアルタイム: 5分遅れ、16:18発）"), live[0].text)
        XCTAssertTrue(live[1].text.hasPrefix("今すぐ出発: 16:13発"), live[1].text)
    }
}
