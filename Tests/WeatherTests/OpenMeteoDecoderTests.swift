import Foundation
import XCTest
@testable import Weather

final class OpenMeteoDecoderTests: XCTestCase {
    func testTokyo() throws {
        let name = "open-meteo_forecast_tokyo_SegaraRai.json"
        let forecast = try OpenMeteoDecoder.forecast(WeatherFixtures.bytes(name), source: name)
        XCTAssertEqual(forecast.provider, .openMeteo)
        XCTAssertEqual(forecast.timeZoneIdentifier, "Asia/Tokyo")
        XCTAssertEqual(forecast.utcOffsetSeconds, 32400)
        XCTAssertEqual(forecast.location.latitude, 35.7)
        // 2024-05-20T01:00 in Tokyo = 2024-05-19T16:00Z.
        XCTAssertEqual(forecast.issuedAt, date(1_716_134_400))
        XCTAssertEqual(forecast.hourly.count, 168)
        let first = forecast.hourly[0]
        XCTAssertEqual(first.time, date(1_716_130_800)) // 2024-05-20T00:00+09:00
        XCTAssertEqual(first.temperatureCelsius, 16.9)
        XCTAssertEqual(first.pressureHectopascals, 1016.8)
        XCTAssertEqual(first.precipitationProbability, 0.71)
        XCTAssertEqual(first.precipitationMillimetres, 1.2)
        XCTAssertEqual(first.condition, .drizzle) // WMO 55
        XCTAssertEqual(forecast.hourly[1].time.timeIntervalSince(first.time), 3600)
        XCTAssertEqual(forecast.daily.count, 7)
        XCTAssertEqual(forecast.daily[0].day, "2024-05-20")
        XCTAssertEqual(forecast.daily[0].maximumTemperatureCelsius, 21.2)
        XCTAssertEqual(forecast.daily[0].minimumTemperatureCelsius, 14.1)
        XCTAssertEqual(forecast.daily[0].precipitationProbability, 1.0)
        XCTAssertEqual(forecast.daily[0].precipitationMillimetres, 24.2)
        XCTAssertEqual(forecast.daily[0].condition, .rain) // WMO 63
        XCTAssertEqual(forecast.minutely, [])
        XCTAssertEqual(forecast.alerts, [])
    }

    func testNightRainyVietnam() throws {
        let name = "open-meteo_forecast_night-rainy-vn_SegaraRai.json"
        let forecast = try OpenMeteoDecoder.forecast(WeatherFixtures.bytes(name), source: name)
        XCTAssertEqual(forecast.utcOffsetSeconds, 25200)
        XCTAssertEqual(forecast.timeZoneIdentifier, "Asia/Bangkok")
        XCTAssertEqual(forecast.hourly[0].time, date(1_718_038_800)) // 2024-06-11T00:00+07:00
        XCTAssertEqual(forecast.hourly[0].temperatureCelsius, 27.1)
        XCTAssertEqual(forecast.hourly[0].precipitationProbability, 0.96)
        XCTAssertEqual(forecast.hourly[0].pressureHectopascals, 1006.0)
        XCTAssertEqual(forecast.hourly[0].condition, .thunderstorm)
        XCTAssertEqual(forecast.daily[0].precipitationMillimetres, 38.1)
    }

    func testNightCloudyJapan() throws {
        let name = "open-meteo_forecast_night-cloudy-jp_SegaraRai.json"
        let forecast = try OpenMeteoDecoder.forecast(WeatherFixtures.bytes(name), source: name)
        XCTAssertEqual(forecast.hourly[0].temperatureCelsius, 20.1)
        XCTAssertEqual(forecast.hourly[0].precipitationProbability, 0)
        XCTAssertEqual(forecast.hourly[0].pressureHectopascals, 1010.0)
        XCTAssertEqual(forecast.hourly[0].condition, .clear) // WMO 1
        XCTAssertEqual(forecast.daily[2].precipitationProbability, 0.06)
    }

    func testUnixTimesFahrenheitInchesAndQuarterHours() throws {
        let body = """
        {"utc_offset_seconds":0,
         "hourly_units":{"temperature_2m":"°F","precipitation":"inch"},
         "hourly":{"time":[1700000000,1700003600],"temperature_2m":[50,null],"precipitation":[0.1,0]},
         "minutely_15":{"time":[1700000000,1700000900],"precipitation":[0.0,0.5]}}
        """
        let forecast = try OpenMeteoDecoder.forecast(Array(body.utf8), source: "unixtime.json")
        XCTAssertEqual(forecast.hourly[0].time, date(1_700_000_000))
        XCTAssertEqual(try XCTUnwrap(forecast.hourly[0].temperatureCelsius), 10, accuracy: 0.0001)
        XCTAssertNil(forecast.hourly[1].temperatureCelsius)
        XCTAssertEqual(try XCTUnwrap(forecast.hourly[0].precipitationMillimetres), 2.54, accuracy: 0.0001)
        XCTAssertEqual(forecast.minutely.map(\.precipitationMillimetresPerHour), [0, 2])
    }
}
