import Foundation
import XCTest
@testable import Weather

final class RainStartDetectorTests: XCTestCase {
    private let detector = RainStartDetector(thresholdMillimetresPerHour: 0.5, lookahead: 30 * 60, rearmAfterDry: 60 * 60)
    private let t0 = SyntheticForecast.start

    /// Rain expected at minute 20; polls every 5 minutes with the rate hovering at the threshold.
    func testFiresOncePerEpisodeWhileRateHovers() {
        var polls: [(Forecast, Date)] = []
        for poll in 0..<12 {
            let now = t0.addingTimeInterval(Double(poll) * 300)
            let rainStart = t0.addingTimeInterval(20 * 60)
            let rates = (0..<60).map { minute -> Double in
                let time = now.addingTimeInterval(Double(minute) * 60)
                guard time >= rainStart else { return 0 }
                return (poll + minute).isMultiple(of: 2) ? 0.6 : 0.45 // hovering around 0.5
            }
            polls.append((SyntheticForecast.minutely(from: now, rates: rates), now))
        }
        let result = evaluatePolls(detector, from: .init(), polls: polls)
        XCTAssertEqual(result.events.flatMap { $0 }.count, 1)
        guard case .rainStarting(let at, let rate)? = result.events[0].first else { return XCTFail("\(result.events)") }
        XCTAssertEqual(at, t0.addingTimeInterval(20 * 60))
        XCTAssertGreaterThanOrEqual(rate, 0.5)
        XCTAssertTrue(result.state.inEpisode)
    }

    func testReArmsOnlyAfterADrySpell() {
        let wet = { (now: Date) in SyntheticForecast.minutely(from: now, rates: Array(repeating: 2.0, count: 60)) }
        let dry = { (now: Date) in SyntheticForecast.minutely(from: now, rates: Array(repeating: 0.0, count: 60)) }
        let minute = { (m: Double) in self.t0.addingTimeInterval(m * 60) }
        let short = evaluatePolls(detector, from: .init(), polls: [
            (wet(minute(0)), minute(0)),
            (dry(minute(70)), minute(70)), // last wet moment seen was minute 30 (end of the window): 40 min dry
            (wet(minute(80)), minute(80)), // same episode: no new event
        ])
        XCTAssertEqual(short.events.map(\.count), [1, 0, 0])

        let long = evaluatePolls(detector, from: .init(), polls: [
            (wet(minute(0)), minute(0)),
            (dry(minute(60)), minute(60)),
            (dry(minute(95)), minute(95)), // 65 minutes after the last wet moment: re-armed
            (wet(minute(100)), minute(100)),
        ])
        XCTAssertEqual(long.events.map(\.count), [1, 0, 0, 1])
        XCTAssertEqual(long.events[3], [.rainStarting(at: minute(100), millimetresPerHour: 2)])
    }

    func testFallsBackToHourlyPrecipitation() throws {
        let forecast = SyntheticForecast.hourly(from: t0) { hour in
            HourlyPoint(time: self.t0.addingTimeInterval(Double(hour) * 3600), precipitationMillimetres: hour == 1 ? 1.2 : 0)
        }
        let now = t0.addingTimeInterval(40 * 60) // rain hour starts in 20 minutes
        let result = detector.evaluate(forecast, previous: .init(), now: now)
        XCTAssertEqual(result.events, [.rainStarting(at: t0.addingTimeInterval(3600), millimetresPerHour: 1.2)])
        XCTAssertEqual(detector.evaluate(forecast, previous: .init(), now: t0).events, []) // 60 minutes away
    }

    func testSeattleFixtureRainHour() throws {
        let name = "owm-onecall-2.5_seattle_2020-12_alerts_devights.json"
        let forecast = try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(name), source: name)
        let rainHour = forecast.hourly[14].time // 0.82 mm
        let result = RainStartDetector(thresholdMillimetresPerHour: 0.5, lookahead: 30 * 60)
            .evaluate(forecast, previous: .init(), now: rainHour.addingTimeInterval(-15 * 60))
        XCTAssertEqual(result.events, [.rainStarting(at: rainHour, millimetresPerHour: 0.82)])
        // The 2.5 minute series is dry: nothing at issue time.
        XCTAssertEqual(RainStartDetector().evaluate(forecast, previous: .init(), now: try XCTUnwrap(forecast.issuedAt)).events, [])
    }
}

extension RainStartDetectorTests {
    /// Where the minute series covers the window it wins over the hourly amount; beyond it, hours count.
    func testMinuteSeriesWinsWhereItExists() {
        let t0 = SyntheticForecast.start
        var forecast = SyntheticForecast.minutely(from: t0, rates: Array(repeating: 0, count: 60))
        forecast.hourly = [
            HourlyPoint(time: t0, precipitationMillimetres: 1.0),
            HourlyPoint(time: t0.addingTimeInterval(3600), precipitationMillimetres: 2.0),
        ]
        let short = RainStartDetector(lookahead: 30 * 60).evaluate(forecast, previous: .init(), now: t0)
        XCTAssertEqual(short.events, [])
        let long = RainStartDetector(lookahead: 90 * 60).evaluate(forecast, previous: .init(), now: t0)
        XCTAssertEqual(long.events, [.rainStarting(at: t0.addingTimeInterval(3600), millimetresPerHour: 2.0)])
    }
}
