import Foundation
import XCTest
@testable import Weather

final class JMADecoderTests: XCTestCase {
    private let fixture = "jma-bosai-forecast-130000_2026-01-05.json"

    func testTokyoRegionByCode() throws {
        let forecast = try JMADecoder.forecast(WeatherFixtures.bytes(fixture), source: fixture, area: "130010")
        XCTAssertEqual(forecast.provider, .jma)
        XCTAssertEqual(forecast.location, ForecastLocation(areaCode: "130010", areaName: "東京地方"))
        XCTAssertEqual(forecast.issuedAt, date(1_767_600_000)) // 2026-01-05T17:00+09:00
        XCTAssertEqual(forecast.timeZoneIdentifier, "Asia/Tokyo")
        // Five 6-hour pop windows from 2026-01-05T18:00+09:00, spread over hours.
        XCTAssertEqual(forecast.hourly.count, 30)
        XCTAssertEqual(forecast.hourly[0].time, date(1_767_603_600))
        XCTAssertEqual(forecast.hourly[0].precipitationProbability, 0.1)
        XCTAssertEqual(forecast.hourly[5].precipitationProbability, 0.1)
        XCTAssertEqual(forecast.hourly[6].precipitationProbability, 0)
        XCTAssertEqual(forecast.hourly[0].condition, .clear) // 111 晴れ 夜遅く くもり
        XCTAssertNil(forecast.hourly[0].temperatureCelsius)

        XCTAssertEqual(forecast.daily.map(\.day), ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08",
                                                   "2026-01-09", "2026-01-10", "2026-01-11", "2026-01-12"])
        let today = forecast.daily[0]
        XCTAssertEqual(today.summary, "晴れ 夜遅く くもり")
        XCTAssertEqual(today.precipitationProbability, 0.1)
        let tomorrow = forecast.daily[1]
        XCTAssertEqual(tomorrow.minimumTemperatureCelsius, 2) // 東京 44132 at 00:00
        XCTAssertEqual(tomorrow.maximumTemperatureCelsius, 11) // at 09:00
        XCTAssertEqual(tomorrow.precipitationProbability, 0)
        let dayAfter = forecast.daily[2]
        XCTAssertEqual(dayAfter.condition, .clouds) // 211 くもり 後 晴れ
        XCTAssertEqual(dayAfter.summary, "くもり 後 晴れ")
        XCTAssertEqual(dayAfter.minimumTemperatureCelsius, 1) // weekly
        XCTAssertEqual(dayAfter.maximumTemperatureCelsius, 10)
        XCTAssertEqual(dayAfter.precipitationProbability, 0.2)
        XCTAssertEqual(forecast.daily[7].maximumTemperatureCelsius, 11)
        XCTAssertEqual(forecast.daily[7].precipitationProbability, 0.2)
    }

    func testAreaByNameAndItsStation() throws {
        let byName = try JMADecoder.forecast(WeatherFixtures.bytes(fixture), source: fixture, area: "東京地方")
        XCTAssertEqual(byName.location.areaCode, "130010")
        let izu = try JMADecoder.forecast(WeatherFixtures.bytes(fixture), source: fixture, area: "伊豆諸島北部")
        XCTAssertEqual(izu.daily[1].minimumTemperatureCelsius, 5) // 大島 44172
        XCTAssertEqual(izu.hourly[6].precipitationProbability, 0.1)
        let chosen = try JMADecoder.forecast(WeatherFixtures.bytes(fixture), source: fixture, area: "130010", temperatureStation: "44263")
        XCTAssertEqual(chosen.daily[1].minimumTemperatureCelsius, 8) // 八丈島
    }

    func testUnknownAreaListsTheKnownOnes() throws {
        let error = assertDecodeError { try JMADecoder.forecast(WeatherFixtures.bytes(self.fixture), source: self.fixture, area: "大阪府") }
        XCTAssertEqual(error?.kind, .invalidValue)
        XCTAssertEqual(error?.path, "[0].timeSeries[0].areas")
        XCTAssertTrue(error?.message.contains("東京地方 130010") ?? false, "\(String(describing: error))")
    }

    func testAreaMasterKnowsChofu() throws {
        let master = try XCTUnwrap(WeatherFixtures.jsonObject("jma-bosai-area.json") as? [String: Any])
        let class20s = try XCTUnwrap(master["class20s"] as? [String: [String: Any]])
        XCTAssertEqual(class20s["1320800"]?["name"] as? String, "調布市")
    }
}
