/// Weather forecasts: one model for OpenWeather, Open-Meteo and JMA; decoders and change detectors. Pure.
///
/// Decoders take bytes and return a ``Forecast`` with normalised units (°C, hPa, probability 0…1, mm).
/// Detectors take a forecast, the state the caller stored last time and the current time, and return
/// events plus the new state. Nothing in this module reads the clock or does I/O.
public enum WeatherModule {}
