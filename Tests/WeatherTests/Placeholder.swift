import XCTest
@testable import Weather
final class WeatherPlaceholderTests: XCTestCase { func testModuleLinks() { XCTAssertEqual("\(WeatherModule.self)", "WeatherModule") } }
