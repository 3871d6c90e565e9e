import Foundation
@testable import Weather

/// Builds small synthetic forecasts for detector tests.
enum SyntheticForecast {
    static let start = Date(timeIntervalSince1970: 1_767_600_000) // 2026-01-05T17:00+09:00

    static func minutely(from time: Date, rates: [Double]) -> Forecast {
        Forecast(provider: .openWeather, source: "synthetic", location: ForecastLocation(),
                 minutely: rates.enumerated().map { MinutelyPoint(time: time.addingTimeInterval(Double($0.offset) * 60), precipitationMillimetresPerHour: $0.element) })
    }

    static func hourly(from time: Date, _ build: (Int) -> HourlyPoint) -> Forecast {
        Forecast(provider: .openMeteo, source: "synthetic", location: ForecastLocation(), hourly: (0..<48).map(build))
    }

    static func pressures(from time: Date, _ values: [Double]) -> Forecast {
        Forecast(provider: .openMeteo, source: "synthetic", location: ForecastLocation(),
                 hourly: values.enumerated().map { HourlyPoint(time: time.addingTimeInterval(Double($0.offset) * 3600), pressureHectopascals: $0.element) })
    }

    static func probabilities(from time: Date, _ values: [Double], condition: WeatherCondition = .clouds) -> Forecast {
        Forecast(provider: .openMeteo, source: "synthetic", location: ForecastLocation(),
                 hourly: values.enumerated().map {
                     HourlyPoint(time: time.addingTimeInterval(Double($0.offset) * 3600), precipitationProbability: $0.element, condition: condition)
                 })
    }
}

/// Runs a detector over a sequence of (forecast, now) polls and collects the events of each poll.
func evaluatePolls<D: WeatherChangeDetector>(_ detector: D, from state: D.State, polls: [(Forecast, Date)]) -> (events: [[WeatherEvent]], state: D.State) {
    var state = state
    var all: [[WeatherEvent]] = []
    for (forecast, now) in polls {
        let result = detector.evaluate(forecast, previous: state, now: now)
        all.append(result.events)
        state = result.state
    }
    return (all, state)
}
