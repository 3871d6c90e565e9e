/// Weather forecasts: one model for OpenWeather, Open-Meteo and JMA; decoders and change detectors. Pure.
public enum WeatherModule {}
