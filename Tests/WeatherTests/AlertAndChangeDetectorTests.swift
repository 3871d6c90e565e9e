import Foundation
import XCTest
@testable import Weather

final class AlertAndChangeDetectorTests: XCTestCase {
    private let t0 = SyntheticForecast.start

    func testNewAlertsFireOnce() throws {
        let name = "owm-onecall-2.5_seattle_2020-12_alerts_devights.json"
        var forecast = try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(name), source: name)
        let now = try XCTUnwrap(forecast.issuedAt)
        let detector = NewAlertDetector()
        let first = detector.evaluate(forecast, previous: .init(), now: now)
        XCTAssertEqual(first.events, [.newAlert(forecast.alerts[0])])
        XCTAssertEqual(detector.evaluate(forecast, previous: first.state, now: now.addingTimeInterval(600)).events, [])

        // A revised text is the same alert; a new event is a new alert.
        forecast.alerts[0].description += " UPDATED"
        let gale = WeatherAlert(sender: forecast.alerts[0].sender, event: "Gale Warning", start: forecast.alerts[0].start,
                                end: forecast.alerts[0].end, description: "Gale", tags: ["Wind"])
        forecast.alerts.append(gale)
        XCTAssertEqual(detector.evaluate(forecast, previous: first.state, now: now.addingTimeInterval(1200)).events, [.newAlert(gale)])

        // Forgotten one day after the end.
        let muchLater = forecast.alerts[0].end.addingTimeInterval(2 * 86_400)
        XCTAssertEqual(detector.evaluate(Forecast(provider: .openWeather, source: "x", location: ForecastLocation()),
                                         previous: first.state, now: muchLater).state.seen, [:])
    }

    func testAlertsPresentAtFirstRunCanBeSuppressed() throws {
        let name = "owm-onecall-2.5_seattle_2020-12_alerts_devights.json"
        let forecast = try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(name), source: name)
        let quiet = NewAlertDetector(announceExistingOnFirstRun: false)
        let first = quiet.evaluate(forecast, previous: .init(), now: try XCTUnwrap(forecast.issuedAt))
        XCTAssertEqual(first.events, [])
        XCTAssertEqual(first.state.seen.count, 1)
        // An expired alert is never announced.
        XCTAssertEqual(NewAlertDetector().evaluate(forecast, previous: .init(), now: forecast.alerts[0].end).events, [])
    }

    func testForecastChangeProbabilityWithHysteresis() {
        let detector = ForecastChangeDetector(window: .ahead(from: 0, to: 3 * 3600), probabilityThreshold: 0.5, hysteresis: 0.1)
        let maxima: [Double] = [0.4, 0.6, 0.55, 0.45, 0.35, 0.38]
        let polls = maxima.map { (SyntheticForecast.probabilities(from: t0, [0.1, $0, 0.2]), t0) }
        let result = evaluatePolls(detector, from: .init(), polls: polls)
        let window = (t0, t0.addingTimeInterval(3 * 3600))
        XCTAssertEqual(result.events, [
            [], // baseline
            [.forecastChanged(windowStart: window.0, windowEnd: window.1, change: .probabilityRose(from: 0.4, to: 0.6))],
            [], [],
            [.forecastChanged(windowStart: window.0, windowEnd: window.1, change: .probabilityFell(from: 0.45, to: 0.35))],
            [],
        ])
    }

    func testForecastChangeRainAppearsAndGoes() {
        let detector = ForecastChangeDetector(window: .ahead(from: 0, to: 6 * 3600))
        let dry = SyntheticForecast.probabilities(from: t0, [0.1, 0.1, 0.1], condition: .clouds)
        let rainy = SyntheticForecast.probabilities(from: t0, [0.1, 0.1, 0.1], condition: .rain)
        let result = evaluatePolls(detector, from: .init(), polls: [(dry, t0), (dry, t0), (rainy, t0), (rainy, t0), (dry, t0)])
        let change = result.events.map { $0.compactMap { event -> ForecastChange? in
            if case .forecastChanged(_, _, let change) = event { return change }
            return nil
        } }
        XCTAssertEqual(change, [[], [], [.rainNowExpected], [], [.rainNoLongerExpected]])
    }

    func testOpenMeteoSnapshotsChange() throws {
        // Two real snapshots of Tokyo (May, rainy → June, clear) for a window at the start of each.
        let rainy = try OpenMeteoDecoder.forecast(WeatherFixtures.bytes("open-meteo_forecast_tokyo_SegaraRai.json"), source: "tokyo")
        let clear = try OpenMeteoDecoder.forecast(WeatherFixtures.bytes("open-meteo_forecast_night-cloudy-jp_SegaraRai.json"), source: "jp")
        let detector = ForecastChangeDetector(window: .ahead(from: 0, to: 3 * 3600))
        let first = detector.evaluate(rainy, previous: .init(), now: rainy.hourly[0].time)
        XCTAssertEqual(first.state.baseline, .init(rainExpected: true, probabilityHigh: true, highestProbability: 0.86))
        let second = detector.evaluate(clear, previous: first.state, now: clear.hourly[0].time)
        XCTAssertEqual(second.events.count, 2, "\(second.events)")
    }
}
