import XCTest
final class RulesTestsPlaceholder: XCTestCase { func testPlaceholder() { XCTAssertTrue(true) } }
