// fuzz-modules: Messages JSONText Weather
// fuzz-seeds: Fuzz/seeds/weather
// fuzz-options: -max_len=16384
// fuzz-dict: Fuzz/dicts/weather.dict
//
// The OpenWeather One Call decoder (3.0 and 2.5, `OpenWeatherDecoder.oneCall`):
// any bytes either decode or throw a WeatherDecodeError naming the source and a JSON place. A trap, a
// crash, a hang or another error type is a finding.
import Weather

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenWeather(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let forecast = try OpenWeatherDecoder.oneCall(bytes, source: "fuzz", units: .metric)
        _ = forecast.hourly.count
    } catch let error as WeatherDecodeError {
        precondition(error.description.hasPrefix("fuzz"), "an error that does not name its source: \(error)")
    } catch {
        preconditionFailure("not a WeatherDecodeError: \(error)")
    }
    return 0
}
