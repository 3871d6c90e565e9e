import Foundation
import XCTest
@testable import Weather

final class OpenWeatherDecoderTests: XCTestCase {
    private let seattle = "owm-onecall-2.5_seattle_2020-12_alerts_devights.json"
    private let pohang = "owm-onecall-2.5_pohang-kr_2021-12_metric_Turbstructor.json"
    private let nairobi = "owm-onecall-3.0_nairobi_2025-07.json"

    func testSeattle25KelvinWithAlerts() throws {
        let forecast = try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(seattle), source: seattle)
        XCTAssertEqual(forecast.provider, .openWeather)
        XCTAssertEqual(forecast.location.latitude, 47.61)
        XCTAssertEqual(forecast.timeZoneIdentifier, "America/Los_Angeles")
        XCTAssertEqual(forecast.utcOffsetSeconds, -28800)
        XCTAssertEqual(forecast.issuedAt, date(1_607_813_684))
        XCTAssertEqual(forecast.minutely.count, 61)
        XCTAssertEqual(forecast.hourly.count, 48)
        XCTAssertEqual(forecast.daily.count, 8)
        let first = forecast.hourly[0]
        XCTAssertEqual(first.time, date(1_607_810_400))
        XCTAssertEqual(try XCTUnwrap(first.temperatureCelsius), 5.37, accuracy: 0.001) // 278.52 K
        XCTAssertEqual(first.pressureHectopascals, 1021)
        XCTAssertEqual(first.precipitationProbability, 0)
        XCTAssertEqual(first.precipitationMillimetres, 0)
        XCTAssertEqual(first.condition, .clear)
        XCTAssertEqual(forecast.hourly[13].precipitationMillimetres, 0.43)
        XCTAssertEqual(forecast.hourly[13].precipitationProbability, 0.4)
        XCTAssertEqual(forecast.hourly[13].condition, .rain)
        XCTAssertEqual(forecast.daily[0].day, "2020-12-12")
        XCTAssertEqual(try XCTUnwrap(forecast.daily[0].minimumTemperatureCelsius), 1.26, accuracy: 0.001)
        XCTAssertEqual(forecast.daily[0].condition, .clouds)
        XCTAssertEqual(forecast.alerts.count, 1)
        let alert = forecast.alerts[0]
        XCTAssertEqual(alert.sender, "NWS Seattle (Northwest Washington)")
        XCTAssertEqual(alert.event, "Small Craft Advisory")
        XCTAssertEqual(alert.start, date(1_607_839_200))
        XCTAssertEqual(alert.end, date(1_607_871_600))
        XCTAssertTrue(alert.description.hasPrefix("...SMALL CRAFT ADVISORY"))
        XCTAssertEqual(alert.tags, [])
    }

    func testPohang25Metric() throws {
        let forecast = try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(pohang), source: pohang, units: .metric)
        XCTAssertEqual(forecast.timeZoneIdentifier, "Asia/Seoul")
        XCTAssertEqual(forecast.minutely.count, 61)
        XCTAssertEqual(forecast.hourly[0].temperatureCelsius, 4.98)
        XCTAssertEqual(forecast.hourly[0].pressureHectopascals, 1018)
        XCTAssertEqual(forecast.hourly[0].precipitationProbability, 0)
        XCTAssertEqual(forecast.daily[0].minimumTemperatureCelsius, -0.76)
        XCTAssertEqual(forecast.daily[0].maximumTemperatureCelsius, 5.57)
        XCTAssertEqual(forecast.daily[0].day, "2021-12-02")
        XCTAssertEqual(forecast.alerts, [])
    }

    func testNairobi30() throws {
        let forecast = try OpenWeatherDecoder.oneCall(Data(WeatherFixtures.bytes(nairobi)), source: nairobi)
        XCTAssertEqual(forecast.minutely.count, 60)
        XCTAssertEqual(try XCTUnwrap(forecast.hourly[0].temperatureCelsius), 16.69, accuracy: 0.001) // 289.84 K
        XCTAssertEqual(forecast.hourly[0].pressureHectopascals, 1019)
        XCTAssertEqual(forecast.hourly[0].precipitationProbability, 0.08)
        XCTAssertEqual(forecast.hourly[0].condition, .clouds)
        XCTAssertEqual(forecast.hourly[7].precipitationMillimetres, 0.1)
        XCTAssertEqual(forecast.daily[0].summary, "Expect a day of partly cloudy with rain")
        XCTAssertEqual(forecast.daily[0].precipitationMillimetres, 0.25)
        XCTAssertEqual(forecast.daily[0].condition, .rain)
        XCTAssertEqual(try XCTUnwrap(forecast.daily[0].maximumTemperatureCelsius), 20.0, accuracy: 0.001) // 293.15 K
    }

    func testWrongUnitsAreDetected() throws {
        let metricAsKelvin = assertDecodeError { try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(self.pohang), source: self.pohang) }
        XCTAssertEqual(metricAsKelvin?.kind, .invalidValue)
        XCTAssertEqual(metricAsKelvin?.path, "hourly[0].temp")
        XCTAssertTrue(metricAsKelvin?.description.contains("units=metric") ?? false, "\(String(describing: metricAsKelvin))")

        let kelvinAsMetric = assertDecodeError {
            try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(self.nairobi), source: self.nairobi, units: .metric)
        }
        XCTAssertTrue(kelvinAsMetric?.description.contains("units=standard") ?? false, "\(String(describing: kelvinAsMetric))")
    }

    func testImperialIsConverted() throws {
        let body = #"{"hourly":[{"dt":1700000000,"temp":50,"pressure":1000,"pop":0.5,"weather":[{"id":500}]}]}"#
        let forecast = try OpenWeatherDecoder.oneCall(Array(body.utf8), source: "imperial.json", units: .imperial)
        XCTAssertEqual(try XCTUnwrap(forecast.hourly[0].temperatureCelsius), 10, accuracy: 0.0001)
    }

    /// The same data in 2.5 and 3.0 shape gives the same facts: the Seattle 2.5 response turned into a
    /// 3.0 one (60 minutely entries, daily `summary`, no `current`) decodes to the same hours, days and alerts.
    func testVersion25And30GiveTheSameFacts() throws {
        var document = try XCTUnwrap(WeatherFixtures.jsonObject(seattle) as? [String: Any])
        let old = try OpenWeatherDecoder.oneCall(WeatherFixtures.bytes(seattle), source: seattle)
        document["minutely"] = Array(try XCTUnwrap(document["minutely"] as? [Any]).dropFirst())
        document["current"] = nil
        document["daily"] = try XCTUnwrap(document["daily"] as? [[String: Any]]).map { day in
            var day = day
            day["summary"] = "There will be clear sky today"
            return day
        }
        let converted = try JSONSerialization.data(withJSONObject: document)
        let new = try OpenWeatherDecoder.oneCall(converted, source: "seattle-3.0.json")
        XCTAssertEqual(new.minutely.count, 60)
        XCTAssertEqual(new.minutely, Array(old.minutely.dropFirst()))
        XCTAssertEqual(new.hourly, old.hourly)
        XCTAssertEqual(new.alerts, old.alerts)
        XCTAssertEqual(new.daily.map(\.summary), Array(repeating: "There will be clear sky today", count: 8))
        XCTAssertEqual(new.daily.map(\.maximumTemperatureCelsius), old.daily.map(\.maximumTemperatureCelsius))
        XCTAssertNil(new.issuedAt)
    }
}
