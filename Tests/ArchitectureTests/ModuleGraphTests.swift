import Foundation
import XCTest

/// The module graph points down the data flow: sources are decoded into facts, rules decide, the
/// outbox and the channels deliver, the worker composes them. These tests read `Package.swift` and
/// every `import` so a backwards edge fails here, not in a reviewer's head.
final class ModuleGraphTests: XCTestCase {
    /// The layers, first to last. A module may depend only on modules of an earlier layer (never on
    /// a sibling): `Store`, `Delivery` and `LiveSources` know nothing of each other or of `Rules`.
    static let layers: [[String]] = [
        ["Messages"],
        ["JSONText", "Notifications", "Secrets"],
        ["Timetable", "Weather", "Feeds", "HTTP"],
        ["Realtime", "Channels"],
        ["Config"],
        ["Facts"],
        ["Rules"],
        ["LiveSources", "Store", "Delivery", "Daemon"],
        ["Worker"],
        ["leavenow", "leavenow-bench", "leavenow-realtime-bench"],
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift target of the manifest with its dependencies (C targets and test targets left out).
    static func targets() throws -> [String: [String]] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(target|executableTarget)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var result: [String: [String]] = [:]
        for match in pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let name = String(manifest[Range(match.range(at: 2), in: manifest)!])
            let list = Range(match.range(at: 3), in: manifest).map { String(manifest[$0]) } ?? ""
            result[name] = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }.filter { !$0.isEmpty }
        }
        return result
    }

    static func layer(of module: String) -> Int? { layers.firstIndex { $0.contains(module) } }

    func testEveryEdgePointsToAnEarlierLayer() throws {
        let targets = try Self.targets()
        XCTAssertGreaterThan(targets.count, 15, "the manifest was not read")
        var backwards: [String] = []
        for (module, dependencies) in targets.sorted(by: { $0.key < $1.key }) {
            guard let layer = Self.layer(of: module) else { continue }  // C wrappers, test support
            for dependency in dependencies {
                guard let other = Self.layer(of: dependency) else { continue }
                if other >= layer { backwards.append("\(module) → \(dependency)") }
            }
        }
        XCTAssertEqual(backwards, [], "edges that do not point down the data flow")
    }

    func testEveryModuleOfTheManifestHasALayer() throws {
        let unplaced = try Self.targets().keys.filter { name in
            Self.layer(of: name) == nil && !name.hasPrefix("C") && !["TestServers", "RuleTestSupport"].contains(name)
        }
        XCTAssertEqual(unplaced.sorted(), [], "place each new module in ModuleGraphTests.layers")
    }

    /// The manifest does not lie: a module imports only what it declares (SwiftPM would otherwise
    /// let a transitive module through).
    func testImportsAreDeclaredDependencies() throws {
        let targets = try Self.targets()
        let known = Set(targets.keys)
        var undeclared: [String] = []
        for (module, dependencies) in targets {
            let directory = Self.root.appendingPathComponent("Sources/\(module)")
            guard let files = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                          words[..<index].allSatisfy({ ["@testable", "internal", "public", "package", "@_exported"].contains($0) })
                    else { continue }
                    let imported = String(words[index + 1])
                    if known.contains(imported), !dependencies.contains(imported) {
                        undeclared.append("\(module)/\(file) imports \(imported)")
                    }
                }
            }
        }
        XCTAssertEqual(undeclared.sorted(), [])
    }

    /// No type is spelled `Module.Type` to dodge a name collision (`Rules.Notification` was written
    /// 27 times before the notification became `Notice`).
    func testNoTypeIsQualifiedByItsModule() throws {
        let modules = try Self.targets().keys.filter { !$0.contains("-") } + ["Foundation", "Glibc"]
        let pattern = try NSRegularExpression(pattern: #"\b(\#(modules.joined(separator: "|")))\.[A-Z]\w*"#)
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let directory = Self.root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // Code only: not comments, not string literals.
                    var code = String(line)
                    if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
                    code = code.replacingOccurrences(of: #""([^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
                    if pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                        found.append("\(folder)/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        XCTAssertEqual(found, [])
    }
}

/// The fuzz targets are built outside SwiftPM (`Fuzz/fuzz.sh` compiles the modules a target lists in
/// its `// fuzz-modules:` header, in that order): the list must follow the manifest, or `make fuzz`
/// breaks when a module gains a dependency.
final class FuzzModuleListTests: XCTestCase {
    func testEveryFuzzTargetListsItsModulesDependenciesFirst() throws {
        let targets = try ModuleGraphTests.targets()
        let directory = ModuleGraphTests.root.appendingPathComponent("Fuzz/targets")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertFalse(files.isEmpty, "no fuzz targets found")
        let systemLibraries = try Self.systemLibraries()
        var problems: [String] = []
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            guard let header = text.split(separator: "\n").first(where: { $0.hasPrefix("// fuzz-modules:") }) else {
                problems.append("\(file): no // fuzz-modules: line")
                continue
            }
            let listed = header.dropFirst("// fuzz-modules:".count).split(separator: " ").map(String.init)
            for (index, module) in listed.enumerated() {
                guard let dependencies = targets[module] else {
                    if !systemLibraries.contains(module) { problems.append("\(file): \(module) is not a module of Package.swift") }
                    continue
                }
                for dependency in dependencies where !listed[..<index].contains(dependency) {
                    problems.append("\(file): \(module) needs \(dependency) listed before it")
                }
            }
            // What the target imports is listed too.
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                let imported = String(line.split(separator: " ").last ?? "")
                if (targets[imported] != nil || systemLibraries.contains(imported)) && !listed.contains(imported) {
                    problems.append("\(file): imports \(imported) without listing it")
                }
            }
        }
        XCTAssertEqual(problems, [])
    }

    /// `CYAML`, `CZlib`, …: the system-library and C targets of the manifest.
    static func systemLibraries() throws -> Set<String> {
        let manifest = try String(contentsOf: ModuleGraphTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(systemLibrary|target)\(name: "(C[A-Za-z0-9]+)""#)
        return Set(pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).compactMap {
            Range($0.range(at: 2), in: manifest).map { String(manifest[$0]) }
        })
    }
}
