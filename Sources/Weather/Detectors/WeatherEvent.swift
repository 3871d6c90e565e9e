import Foundation

/// Something about the weather worth telling the user, produced by a ``WeatherChangeDetector``.
public enum WeatherEvent: Sendable, Equatable {
    /// Rain of at least the threshold rate is expected at `at` (or is falling now).
    case rainStarting(at: Date, millimetresPerHour: Double)
    /// The probability of precipitation reaches the threshold during the window; `at` is the hour of the maximum.
    case precipitationLikely(probability: Double, at: Date, windowStart: Date, windowEnd: Date)
    /// Pressure falls from `fromHectopascals` at `from` to `toHectopascals` at `to`.
    case pressureDrop(fromHectopascals: Double, toHectopascals: Double, from: Date, to: Date)
    /// The temperature forecast for `at` is lower than at the same hour the day before.
    case temperatureDrop(at: Date, yesterdayCelsius: Double, forecastCelsius: Double)
    /// An official alert not seen before.
    case newAlert(WeatherAlert)
    /// The forecast for a window changed since the previous snapshot.
    case forecastChanged(windowStart: Date, windowEnd: Date, change: ForecastChange)
}

/// How the forecast for a window changed (``ForecastChangeDetector``).
public enum ForecastChange: Sendable, Equatable {
    /// Rain is now expected where the previous forecast had none.
    case rainNowExpected
    /// The previous forecast had rain; this one has none.
    case rainNoLongerExpected
    /// The highest probability of precipitation rose across the threshold.
    case probabilityRose(from: Double, to: Double)
    /// The highest probability of precipitation fell back below the threshold (minus hysteresis).
    case probabilityFell(from: Double, to: Double)
}
