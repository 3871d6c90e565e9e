import XCTest
final class CLITestsPlaceholder: XCTestCase { func testPlaceholder() { XCTAssertTrue(true) } }
