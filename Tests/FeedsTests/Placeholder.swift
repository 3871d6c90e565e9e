import XCTest
@testable import Feeds
final class FeedsPlaceholderTests: XCTestCase { func testModuleLinks() { XCTAssertEqual("\(FeedsModule.self)", "FeedsModule") } }
