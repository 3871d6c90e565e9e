import Foundation
import XCTest
@testable import Weather

final class ThresholdDetectorTests: XCTestCase {
    private let t0 = SyntheticForecast.start

    // MARK: Pressure

    /// The largest drop within 6 hours oscillates around 5 hPa from poll to poll: one event.
    func testPressureOscillatingAroundThresholdFiresOnce() {
        let detector = PressureDropDetector(dropHectopascals: 5, horizon: 6 * 3600, hysteresis: 1)
        let drops: [Double] = [5.2, 4.8, 5.1, 4.5, 5.3, 4.9]
        let polls = drops.enumerated().map { index, drop -> (Forecast, Date) in
            let now = t0.addingTimeInterval(Double(index) * 600)
            return (SyntheticForecast.pressures(from: now, [1015, 1014.5, 1014, 1013, 1012, 1011, 1015 - drop]), now)
        }
        let result = evaluatePolls(detector, from: .init(), polls: polls)
        XCTAssertEqual(result.events.map(\.count), [1, 0, 0, 0, 0, 0])
        XCTAssertEqual(result.events[0], [.pressureDrop(fromHectopascals: 1015, toHectopascals: 1009.8, from: t0, to: t0.addingTimeInterval(6 * 3600))])

        // Receding below 4 hPa re-arms; a new 6 hPa drop fires again.
        let later = t0.addingTimeInterval(7200)
        let rearmed = evaluatePolls(detector, from: result.state, polls: [
            (SyntheticForecast.pressures(from: later, [1015, 1013, 1011.5]), later),
            (SyntheticForecast.pressures(from: later, [1015, 1012, 1009]), later.addingTimeInterval(600)),
        ])
        XCTAssertEqual(rearmed.events.map(\.count), [0, 1])
    }

    func testPressureRiseIsNotADrop() {
        let detector = PressureDropDetector(dropHectopascals: 3)
        let rising = SyntheticForecast.pressures(from: t0, [1000, 1002, 1004, 1006, 1008])
        XCTAssertEqual(detector.evaluate(rising, previous: .init(), now: t0).events, [])
    }

    func testSeattlePressureDrop() throws {
        let name = "owm-onecall-2.5_seattle_2020-12_alerts_devights.json"
        let forecast = try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(name), source: name)
        let now = forecast.hourly[0].time
        let detector = PressureDropDetector(dropHectopascals: 6, horizon: 24 * 3600)
        let result = detector.evaluate(forecast, previous: .init(), now: now)
        // 1021 hPa at hour 0 → 1014 hPa at hour 22.
        XCTAssertEqual(result.events, [.pressureDrop(fromHectopascals: 1021, toHectopascals: 1014, from: now, to: forecast.hourly[22].time)])
        XCTAssertEqual(PressureDropDetector(dropHectopascals: 6, horizon: 6 * 3600).evaluate(forecast, previous: .init(), now: now).events, [])
    }

    // MARK: Probability of precipitation

    func testProbabilityWithHysteresis() {
        let detector = PrecipitationProbabilityDetector(threshold: 0.5, window: .ahead(from: 0, to: 3 * 3600), hysteresis: 0.1)
        let maxima: [Double] = [0.3, 0.5, 0.45, 0.55, 0.41, 0.35, 0.6]
        let polls = maxima.enumerated().map { index, pop -> (Forecast, Date) in
            let now = t0.addingTimeInterval(Double(index) * 600)
            return (SyntheticForecast.probabilities(from: now, [0.1, pop, 0.2, 0.9]), now) // 0.9 is outside the window
        }
        let result = evaluatePolls(detector, from: .init(), polls: polls)
        XCTAssertEqual(result.events.map(\.count), [0, 1, 0, 0, 0, 0, 1])
        XCTAssertEqual(result.events[1], [.precipitationLikely(probability: 0.5, at: t0.addingTimeInterval(600 + 3600),
                                                               windowStart: t0.addingTimeInterval(600), windowEnd: t0.addingTimeInterval(600 + 3 * 3600))])
    }

    func testFixedWindowChangeReArms() {
        let morning = ForecastWindow.fixed(start: t0, end: t0.addingTimeInterval(3600))
        let forecast = SyntheticForecast.probabilities(from: t0, Array(repeating: 0.8, count: 30))
        let first = PrecipitationProbabilityDetector(window: morning).evaluate(forecast, previous: .init(), now: t0.addingTimeInterval(-7200))
        XCTAssertEqual(first.events.count, 1)
        XCTAssertEqual(PrecipitationProbabilityDetector(window: morning).evaluate(forecast, previous: first.state, now: t0).events, [])
        let nextDay = ForecastWindow.fixed(start: t0.addingTimeInterval(86_400), end: t0.addingTimeInterval(86_400 + 3600))
        XCTAssertEqual(PrecipitationProbabilityDetector(window: nextDay).evaluate(forecast, previous: first.state, now: t0).events.count, 1)
    }

    func testJMASixHourPops() throws {
        let name = "jma-bosai-forecast-130000_2026-01-05.json"
        let forecast = try JMADecoder.forecast(WeatherFixtures.bytes(name), source: name, area: "小笠原諸島")
        // 小笠原諸島: 50 % for 2026-01-06 18:00–24:00.
        let detector = PrecipitationProbabilityDetector(threshold: 0.5, window: .ahead(from: 0, to: 12 * 3600))
        let noon = Date(timeIntervalSince1970: 1_767_668_400) // 2026-01-06T12:00+09:00
        XCTAssertEqual(detector.evaluate(forecast, previous: .init(), now: noon.addingTimeInterval(-12 * 3600)).events, [])
        guard case .precipitationLikely(let probability, let at, _, _)? = detector.evaluate(forecast, previous: .init(), now: noon).events.first
        else { return XCTFail("expected an event") }
        XCTAssertEqual(probability, 0.5)
        XCTAssertEqual(at, noon.addingTimeInterval(6 * 3600))
    }

    // MARK: Temperature

    func testTemperatureDropNeedsYesterdayAndFiresOnce() {
        let detector = TemperatureDropDetector(dropCelsius: 5, horizon: 12 * 3600, hysteresis: 1)
        let yesterday = SyntheticForecast.hourly(from: t0) { HourlyPoint(time: self.t0.addingTimeInterval(Double($0) * 3600), temperatureCelsius: 15) }
        let first = detector.evaluate(yesterday, previous: .init(), now: t0)
        XCTAssertEqual(first.events, [])
        XCTAssertFalse(first.state.history.isEmpty)

        let today = t0.addingTimeInterval(86_400)
        let colder = Forecast(provider: .openMeteo, source: "synthetic", location: ForecastLocation(), hourly: (0..<24).map {
            HourlyPoint(time: today.addingTimeInterval(Double($0) * 3600), temperatureCelsius: $0 == 3 ? 8 : 14)
        })
        let second = detector.evaluate(colder, previous: first.state, now: today)
        XCTAssertEqual(second.events, [.temperatureDrop(at: today.addingTimeInterval(3 * 3600), yesterdayCelsius: 15, forecastCelsius: 8)])
        let third = detector.evaluate(colder, previous: second.state, now: today.addingTimeInterval(600))
        XCTAssertEqual(third.events, [])
        XCTAssertTrue(third.state.isActive)
        XCTAssertLessThanOrEqual(third.state.history.count, 53)
    }

    func testDetectorStateIsCodable() throws {
        let detector = TemperatureDropDetector()
        let forecast = SyntheticForecast.hourly(from: t0) { HourlyPoint(time: self.t0.addingTimeInterval(Double($0) * 3600), temperatureCelsius: 10) }
        let state = detector.evaluate(forecast, previous: .init(), now: t0).state
        let decoded = try JSONDecoder().decode(TemperatureDropDetector.State.self, from: JSONEncoder().encode(state))
        XCTAssertEqual(decoded, state)
    }
}
