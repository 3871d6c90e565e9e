import XCTest
@testable import HTTP
final class HTTPPlaceholderTests: XCTestCase { func testModuleLinks() { XCTAssertEqual("\(HTTPModule.self)", "HTTPModule") } }
