import Config
import Facts
import Foundation
import Store
@testable import Timetable
import Worker
import XCTest

/// The health check's limits, case by case (the worker's watchdog and `status` run this same check).
final class HealthCheckTests: XCTestCase {
    let now: Int64 = 1_734_830_000
    let limits = HealthSpec(sourceStaleAfterSeconds: 3_600, channelFailures: 3)

    func ids(_ inputs: HealthInputs, open: [String: Int64] = [:]) -> [String] {
        HealthCheck.problems(inputs, limits: limits, now: now, openSince: { open[$0] }).filter { !$0.isPending }.map(\.id)
    }

    func testASourceIsAProblemOnlyWhenFailingOrOverdueLongerThanTheLimit() {
        func row(_ name: String, checked: Int64?, error: String?, next: Int64?) -> SourceStateRow {
            SourceStateRow(name: name, fetchedAt: checked, checkedAt: checked, lastError: error, bytesSaved: 0, nextRefreshAt: next)
        }
        let inputs = HealthInputs(sources: [
            row("failing-long", checked: now - 7_200, error: "HTTP 503", next: now + 60),
            row("failing-briefly", checked: now - 7_200, error: "HTTP 503", next: now + 60),
            row("overdue", checked: now - 7_200, error: nil, next: now - 3_700),
            row("a-little-late", checked: now - 7_200, error: nil, next: now - 20 * 60),
            row("idle-but-fine", checked: now - 86_000, error: nil, next: now + 3_600),
            row("never-fetched", checked: nil, error: "no key", next: now + 60),
        ])
        // A failure counts from when the worker first saw it (its open episode), not from the last good fetch.
        let open = ["source:failing-long": now - 3_601, "source:failing-briefly": now - 1_800, "source:never-fetched": now - 3_700]
        XCTAssertEqual(ids(inputs, open: open), ["source:failing-long", "source:never-fetched", "source:overdue"])
        // Without the worker's episodes a failure has no known start: not a problem yet (its episode opens now).
        XCTAssertEqual(ids(inputs), ["source:overdue"])
        XCTAssertEqual(HealthCheck.problems(inputs, limits: limits, now: now).filter(\.isPending).map(\.id),
                       ["source:a-little-late", "source:failing-briefly", "source:failing-long", "source:never-fetched"])
        let problems = HealthCheck.problems(inputs, limits: limits, now: now, openSince: { open[$0] }).filter { !$0.isPending }
        XCTAssertEqual(problems.first?.detail.english, "no good fetch for 2 h; last error: HTTP 503")
        XCTAssertEqual(problems.first?.since, now - 3_601)
        XCTAssertEqual(problems[1].detail.english, "never fetched successfully; last error: no key")
        XCTAssertEqual(problems[2].detail.english, "not refreshed for 2 h (its refresh was due at 2024-12-22T09:11:40+09:00)")
    }

    func testABoardWaitingForItsFirstFetchHasTheSourceLimitToGetIt() {
        let location = ConfigLocation(file: "boards.yaml", line: 3, column: 9)
        let pending = TimetableFailure(board: "ginza", source: "TokyoMetro.Ginza.Ginza", location: location, message: "no cached timetable yet",
                                    isPending: true)
        let broken = TimetableFailure(board: "bus", source: "鷹56", location: location, message: "minute \"2O\" is not a number")
        let inputs = HealthInputs(impairedBoards: [("ginza", .unloadable([pending])), ("bus", .unloadable([broken])),
                                                   ("half", .incomplete([broken]))])
        XCTAssertEqual(ids(inputs), ["board:bus"], "an incomplete board is not a health problem; a pending one not yet")
        XCTAssertEqual(ids(inputs, open: ["board:ginza": now - 3_600]), ["board:bus", "board:ginza"])
        XCTAssertEqual(HealthCheck.problems(inputs, limits: limits, now: now).first { !$0.isPending }?.detail.english,
                       "no source could be loaded (鷹56: minute \"2O\" is not a number); its rules cannot fire")
    }

    /// What the example rules depend on (``HealthDependencies``): a problem of anything else is
    /// information — for `status` and for the watchdog alike.
    func testWhatNoRuleDependsOnIsInformationNotAProblem() throws {
        let configuration = try Configuration.load(directory: WorkerScratch.packageRoot.appendingPathComponent("rules").path)
        let used = HealthDependencies(configuration: configuration)
        XCTAssertEqual(used.boards, ["chofu-to-mitaka", "ginza"], "the boards the example rules name")
        // chofu (a leave-now's rain: and the weather rules), the Advent Calendar, and the service
        // status the ginza board links: not tokyo-jma (no rule), nor ginza-live's API timetable.
        XCTAssertEqual(used.sources, ["weather-chofu", "feed-qiita-ios-2024", "odpt-traininfo-tokyo-metro"])
        XCTAssertEqual(used.channels, ["phone", "desktop"], "team is no rule's channel")

        let location = ConfigLocation(file: "boards.yaml", line: 3, column: 9)
        let broken = TimetableFailure(board: "x", source: "s", location: location, message: "minute \"2O\" is not a number")
        func row(_ name: String) -> SourceStateRow {
            SourceStateRow(name: name, fetchedAt: now - 7_200, checkedAt: now - 7_200, lastError: "HTTP 503", bytesSaved: 0, nextRefreshAt: now + 60)
        }
        var inputs = HealthInputs(impairedBoards: [("ginza", .unloadable([broken])), ("ginza-live", .unloadable([broken]))],
                                  sources: [row("weather-chofu"), row("weather-tokyo-jma")],
                                  channelStreaks: ["phone": .init(count: 3, since: now - 100, lastError: "HTTP 500"),
                                                   "team": .init(count: 9, since: now - 100, lastError: "HTTP 500")],
                                  missingSecrets: [("team", "SLACK_URL")])
        let open = ["source:weather-chofu": now - 3_700, "source:weather-tokyo-jma": now - 3_700]
        XCTAssertEqual(ids(inputs, open: open), ["board:ginza", "board:ginza-live", "source:weather-chofu", "source:weather-tokyo-jma",
                                                 "channel:phone", "channel:team", "secret:team"], "without dependencies, everything counts")
        inputs.dependencies = used
        let found = HealthCheck.problems(inputs, limits: limits, now: now, openSince: { open[$0] }).filter { !$0.isPending }
        XCTAssertEqual(found.filter { !$0.isInformation }.map(\.id), ["board:ginza", "source:weather-chofu", "channel:phone"])
        XCTAssertEqual(found.filter(\.isInformation).map(\.id), ["board:ginza-live", "source:weather-tokyo-jma", "channel:team", "secret:team"])
    }

    /// A rule stopped at an unknown date is a problem of its board (one per board, naming its
    /// rules); not for a board with no loadable source (its own problem), nor for a date unknown
    /// only because a source's validity ended (the feed's problem); pending while only an API
    /// timetable is awaited.
    func testARuleStoppedAtAnUnknownDateIsAProblemOfItsBoard() {
        func date(_ text: String, _ reason: UnknownServiceDate.Cause.Reason, pending: Bool = false) -> UnknownServiceDate {
            UnknownServiceDate(date: LocalDate(text)!, dayType: .weekday, causes: [
                UnknownServiceDate.Cause(sourceText: .verbatim("X1 (platform 1), weekday"), origin: "boards.yaml:5:9", reason: reason, isPending: pending,
                                         from: now, until: now + 30 * 3600),
            ])
        }
        let broken = date("2024-12-23", .notLoaded(.verbatim("bad.csv:1:3: minute \"O5\" is not a number")))
        let ended = ServicePeriodNotice(sourceIndex: 0, source: "old", sourceText: .verbatim("old"), kind: .ended(LocalDate("2024-12-20")!),
                                        limit: .validity("valid_until"))
        let location = ConfigLocation(file: "boards.yaml", line: 3, column: 9)
        let inputs = HealthInputs(impairedBoards: [("gone", .unloadable([TimetableFailure(board: "gone", source: "y", location: location, message: "no such file")]))])
        var withDates = inputs
        withDates.unknownDates = [("a", "x1", broken), ("b", "x1", broken), ("c", "gone", broken), ("d", "old", date("2024-12-21", .outOfValidity(ended))),
                                  ("e", "live", date("2024-12-23", .notLoaded(.verbatim("no cached timetable yet")), pending: true))]
        XCTAssertEqual(ids(withDates), ["board:gone", "timetable:x1"])
        XCTAssertEqual(ids(withDates, open: ["timetable:live": now - 3_600]), ["board:gone", "timetable:live", "timetable:x1"])
        let problem = HealthCheck.problems(withDates, limits: limits, now: now).first { $0.id == "timetable:x1" }
        XCTAssertEqual(problem?.detail.english,
                       "departures from 2024-12-23 on are unknown (X1 (platform 1), weekday could not be loaded: bad.csv:1:3: minute \"O5\" is not a number); rules a, b cannot notify them")
        XCTAssertEqual(problem?.detail.rendered(in: .japanese),
                       "2024-12-23 以降の発車が分かりません（X1 (platform 1), weekday を読み込めませんでした: bad.csv:1:3: minute \"O5\" is not a number）。2 件のルール（a、b）はそれらを通知できません")
    }

    func testAChannelFailingAsOftenAsTheLimitAndAMissingSecret() {
        let inputs = HealthInputs(channelStreaks: ["hook": .init(count: 3, since: now - 100, lastError: "HTTP 500"),
                                                   "phone": .init(count: 2, since: now - 10, lastError: "HTTP 500")],
                                  missingSecrets: [("team", "SLACK_URL")], commitFailure: (now - 90, "disk full"))
        XCTAssertEqual(ids(inputs), ["channel:hook", "secret:team", "commit:state"])
    }

    func testTheEpisodesAndStreaksRoundTripThroughTheirJSON() throws {
        var episodes = HealthEpisodes(open: ["board:x": .init(since: 5, notified: true, summary: "board x: \"quoted\"\nline")])
        episodes.channels = ChannelStreaks(cursor: 42, streaks: ["hook": .init(count: 2, since: 7, lastError: nil)])
        XCTAssertEqual(HealthEpisodes(json: episodes.json), episodes)
        XCTAssertNil(HealthEpisodes(json: "[1]"))
    }
}
