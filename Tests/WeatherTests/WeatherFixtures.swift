import Foundation
import XCTest
@testable import Weather

/// Reads files from `Tests/Fixtures/weather/`, located relative to this source file.
enum WeatherFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("weather")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func jsonObject(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// Asserts that `body` throws a ``WeatherDecodeError`` and returns it.
func assertDecodeError(_ body: () throws -> Forecast, file: StaticString = #filePath, line: UInt = #line) -> WeatherDecodeError? {
    do {
        _ = try body()
        XCTFail("expected a WeatherDecodeError", file: file, line: line)
    } catch let error as WeatherDecodeError {
        return error
    } catch {
        XCTFail("expected a WeatherDecodeError, got \(error)", file: file, line: line)
    }
    return nil
}

func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }
