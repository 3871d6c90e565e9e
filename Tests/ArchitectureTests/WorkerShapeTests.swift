import Foundation
import XCTest

/// The worker is a small supervisor over services, and the stores are split by capability (issue
/// 24): these read the sources, so a worker type that grows every job back, a store protocol that
/// gathers every concern again, or a downcast that reaches around them fails here.
final class WorkerShapeTests: XCTestCase {
    static let sources = ModuleGraphTests.root.appendingPathComponent("Sources")

    /// The Swift files below `folder` of Sources, by path relative to Sources, with their text.
    static func files(in folder: String = "") throws -> [(path: String, text: String)] {
        let directory = sources.appendingPathComponent(folder)
        guard let names = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return try names.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let path = folder.isEmpty ? name : folder + "/" + name
            return (path, try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    /// The lines of `text` that are code: comments and string literals left out.
    static func codeLines(_ text: String) -> [(number: Int, code: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            var code = String(line)
            if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
            code = code.replacingOccurrences(of: #""([^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
            return code.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (index + 1, code)
        }
    }

    func testTheSupervisorFitsInTwoHundredLines() throws {
        let text = try String(contentsOf: Self.sources.appendingPathComponent("Worker/Worker.swift"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        XCTAssertLessThanOrEqual(lines, 200, "Worker.swift is the supervisor only: clock, signals, reload, shutdown order")
        XCTAssertFalse(text.contains("pendingCountsByChannel") || text.contains("purge(") || text.contains("HealthMonitor("),
                       "status, purging and health are services of their own")
    }

    /// Each job of the worker is a service in a file of its own, conforming to the one protocol.
    func testEachJobOfTheWorkerIsAServiceOfItsOwn() throws {
        let services = ["Decider", "Sender", "LeaseKeeper", "HealthWatch", "Heartbeat", "StatusPublisher", "Purger", "Checkpointer"]
        var missing: [String] = []
        for service in services {
            let url = Self.sources.appendingPathComponent("Worker/Services/\(service).swift")
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                missing.append("Worker/Services/\(service).swift")
                continue
            }
            if !text.contains("final class \(service): WorkerService") { missing.append("\(service): WorkerService") }
        }
        XCTAssertEqual(missing, [])
    }

    /// No downcast to a concrete store or fact supply (nor any forced cast) remains: what only a
    /// shared state offers is asked for as a capability (`sharedFleet`), not found by a cast.
    func testNothingDowncastsToAConcreteStoreOrFactSupply() throws {
        let pattern = try NSRegularExpression(pattern: #"(as\?|is)\s+(PostgresStore|SQLiteStore|LiveFacts|RecordedFacts)\b|as!\s"#)
        var found: [String] = []
        for file in try Self.files() {
            for (number, code) in Self.codeLines(file.text) where pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                found.append("\(file.path):\(number): \(code.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(found, [])
    }

    /// Time comes from the worker's clock: no `Date()` in the worker outside the clock types.
    func testTheWorkerReadsTimeOnlyThroughItsClock() throws {
        var found: [String] = []
        for file in try Self.files(in: "Worker") where file.path != "Worker/WorkerClock.swift" {
            for (number, code) in Self.codeLines(file.text) where code.contains("Date()") {
                found.append("\(file.path):\(number): \(code.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(found, [])
    }

    /// The store protocols follow the seams of the files (outbox, rule state, history, source index,
    /// meta, the shared fleet): the state's protocol gathers them and adds only what every store is.
    func testTheStoreProtocolsAreSplitByCapability() throws {
        let expected = ["OutboxReader", "OutboxStore", "RuleStateStore", "HistoryStore", "SourceIndexStore", "MetaStore",
                        "SharedFleetStore", "NotificationStore"]
        var requirements: [String: Int] = [:]
        for file in try Self.files(in: "Store") {
            let lines = Self.codeLines(file.text).map(\.code)
            var current: String?
            var depth = 0
            for line in lines {
                if current == nil, let range = line.range(of: #"public protocol (\w+)"#, options: .regularExpression) {
                    current = String(line[range].split(separator: " ")[2].prefix { $0.isLetter })
                    requirements[current!] = 0
                    depth = 0
                }
                guard let name = current else { continue }
                if depth == 1, line.range(of: #"^\s*(func |var )"#, options: .regularExpression) != nil { requirements[name, default: 0] += 1 }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                if depth == 0, line.contains("}") { current = nil }
            }
        }
        XCTAssertEqual(Set(requirements.keys).intersection(expected), Set(expected), "the capability protocols of Store")
        for name in expected {
            XCTAssertLessThanOrEqual(requirements[name] ?? .max, 10, "\(name) has \(requirements[name] ?? 0) requirements")
        }
        XCTAssertLessThanOrEqual(requirements["NotificationStore"] ?? .max, 2, "NotificationStore only gathers the capabilities")
    }

    /// `Workspace`, the loaded rule set the live worker runs, is not a dry-run type.
    func testTheLoadedRuleSetLivesOutsideTheDryRun() throws {
        let declarations = try Self.files(in: "Rules").filter { $0.text.contains("public struct Workspace") }.map(\.path)
        XCTAssertEqual(declarations, ["Rules/Workspace/Workspace.swift"])
    }
}
