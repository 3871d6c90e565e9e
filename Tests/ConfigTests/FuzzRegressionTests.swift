@testable import Config
import Foundation
import XCTest

/// Every input the rules-yaml fuzz target ever found (`Fuzz/regressions/rules-yaml/`): the
/// configuration parser reads it into a file and diagnostics, each pointing inside the file, and
/// nothing traps.
final class FuzzRegressionTests: XCTestCase {
    func testRulesYAMLRegressions() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/regressions/rules-yaml")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            let source = YAMLSource(name: name, bytes: bytes)
            let (_, diagnostics) = ConfigFileParser().parse(source, baseDirectory: "/nonexistent/leavenow-fuzz")
            for diagnostic in diagnostics {
                XCTAssertTrue(diagnostic.description.hasPrefix(name), "\(name): \(diagnostic)")
            }
        }
    }
}
