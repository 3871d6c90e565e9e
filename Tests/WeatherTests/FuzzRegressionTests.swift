import Foundation
import XCTest
@testable import Weather

/// Every input the weather fuzz targets ever found (`Fuzz/regressions/weather-*/`): it decodes or
/// throws a `WeatherDecodeError` that names its source, and nothing traps.
final class FuzzRegressionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func check(_ target: String, _ decode: ([UInt8], String) throws -> Forecast) throws {
        let directory = Self.root.appendingPathComponent("Fuzz/regressions/\(target)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            do {
                _ = try decode(bytes, name)
            } catch let error as WeatherDecodeError {
                XCTAssertTrue(error.description.hasPrefix(name + ": "), error.description)
            } catch {
                XCTFail("\(target)/\(name): not a WeatherDecodeError: \(error)")
            }
        }
    }

    func testOpenWeatherRegressions() throws {
        try check("weather-openweather") { try OpenWeatherDecoder.oneCall($0, source: $1, units: .metric) }
    }

    func testOpenMeteoRegressions() throws {
        try check("weather-openmeteo") { try OpenMeteoDecoder.forecast($0, source: $1) }
    }

    func testJMARegressions() throws {
        try check("weather-jma") { try JMADecoder.forecast($0, source: $1) }
    }
}
