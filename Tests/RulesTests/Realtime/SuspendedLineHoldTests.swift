import Facts
import Foundation
import Rules
import Timetable
import XCTest

/// `when_suspended: hold`: while `odpt:TrainInformation` says the departure's line is suspended
/// (運転見合わせ), a leave-now waits; when service resumes before the departure, it is sent then.
/// A partial suspension (一部運休) and the default `notify` only mention it. On the SYNTHETIC
/// Shinjuku Chuo Rapid timetable (15:52 inbound, 3 min walk) with TrainInformation records made
/// from the SYNTHETIC partly-suspended one.
final class SuspendedLineHoldTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/odpt-realtime")
    let tokyo = ZoneClock(identifier: "Asia/Tokyo")!
    func at(_ time: String) -> Int64 { tokyo.parseTimestamp("2017-12-27T" + time)! }

    func workspace() throws -> Workspace {
        return try temporaryWorkspace("""
        boards:
          - id: shinjuku
            title: 新宿 中央線快速
            status: jr-east
            sources:
              - odpt: \(Self.fixtures.path)/SYNTHETIC_StationTimetable_JR-East_ChuoRapid_Shinjuku_Weekday.json
                station: odpt.Station:JR-East.ChuoRapid.Shinjuku
                walk: 3m
        odpt:
          key_env: ODPT_CONSUMER_KEY
          service_status:
            - {id: jr-east, operator: odpt.Operator:JR-East}
        channels:
          - {id: phone, type: desktop}
        rules:
          - {id: held, kind: leave_now, board: shinjuku, between: "15:50-15:53", when_suspended: hold, channels: [phone]}
          - {id: told, kind: leave_now, board: shinjuku, between: "15:50-15:53", channels: [phone]}
        """)
    }

    /// The SYNTHETIC Chuo Rapid record with its status and text replaced.
    func report(status: String, text: String) throws -> ServiceStatusReport {
        let name = "SYNTHETIC_TrainInformation_JR-East_ChuoRapid_PartlySuspended.json"
        var json = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
        json = json.replacingOccurrences(of: "\"一部運休\"", with: "\"\(status)\"")
            .replacingOccurrences(of: "中央線快速電車は、車両点検の影響で、一部列車が運休となっています。", with: text)
        return try ServiceStatusReport.decode(Array(json.utf8), file: name)
    }

    func run(_ workspace: Workspace) -> [(at: String, rule: String, text: String)] {
        workspace.simulation.run(from: at("15:30"), to: at("16:10")).deliveries.map {
            (tokyo.clockText($0.at), $0.notification.rule, $0.notification.text)
        }
    }

    func testAWholeSuspensionHoldsTheLeaveNowUntilServiceResumes() throws {
        var workspace = try workspace()
        workspace.timeline.add(serviceStatus: try report(status: "運転見合わせ", text: "中央線快速電車は、人身事故の影響で、運転を見合わせています。"),
                               source: "jr-east", fetchedAt: at("15:40"))
        workspace.timeline.add(serviceStatus: try report(status: "平常運転", text: "平常運転"), source: "jr-east", fetchedAt: at("15:50"))
        let sent = run(workspace)
        XCTAssertEqual(sent.map(\.at), ["15:49", "15:50"], "\(sent)")
        XCTAssertEqual(sent.map(\.rule), ["told", "held"])
        XCTAssertTrue(sent[0].text.contains("運転見合わせ") || sent[0].text.contains("suspended"), sent[0].text)
        let explanation = try XCTUnwrap(workspace.explain(rule: "held", at: at("15:49"))).explanation
        XCTAssertTrue(explanation.contains { $0.contains("held, the line is suspended") && $0.contains("when_suspended: hold") },
                      explanation.joined(separator: "\n"))
    }

    func testAWholeSuspensionPastTheDepartureSendsNothingAndAPartialOneHoldsNothing() throws {
        var workspace = try workspace()
        workspace.timeline.add(serviceStatus: try report(status: "運転見合わせ", text: "運転を見合わせています。"), source: "jr-east",
                               fetchedAt: at("15:40"))
        workspace.timeline.add(serviceStatus: try report(status: "平常運転", text: "平常運転"), source: "jr-east", fetchedAt: at("15:53"))
        XCTAssertEqual(run(workspace).map(\.rule), ["told"], "resumed after the 15:52 left: the held leave-now is never sent")

        var partial = try self.workspace()
        partial.timeline.add(serviceStatus: try report(status: "一部運休", text: "一部列車が運休となっています。"), source: "jr-east",
                             fetchedAt: at("15:40"))
        XCTAssertEqual(run(partial).map(\.at), ["15:49", "15:49"], "a partial suspension is said, not held")
    }
}
