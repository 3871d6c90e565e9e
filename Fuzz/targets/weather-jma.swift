// fuzz-modules: Messages JSONText Weather
// fuzz-seeds: Fuzz/seeds/weather
// fuzz-options: -max_len=16384
// fuzz-dict: Fuzz/dicts/weather.dict
//
// The JMA bosai forecast decoder (`JMADecoder.forecast`):
// any bytes either decode or throw a WeatherDecodeError naming the source and a JSON place. A trap, a
// crash, a hang or another error type is a finding.
import Weather

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJMA(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let forecast = try JMADecoder.forecast(bytes, source: "fuzz")
        _ = forecast.hourly.count
    } catch let error as WeatherDecodeError {
        precondition(error.description.hasPrefix("fuzz"), "an error that does not name its source: \(error)")
    } catch {
        preconditionFailure("not a WeatherDecodeError: \(error)")
    }
    return 0
}
