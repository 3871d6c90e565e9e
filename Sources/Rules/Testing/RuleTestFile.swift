import Messages
import Config
import Foundation
import Timetable

/// A rule unit-test file, in the manner of `promtool test rules`:
///
/// ```yaml
/// rules: ..                  # the rules directory, relative to this file (default: ..)
/// fixtures: ../fixtures      # recorded responses (default: the rules directory's fixtures/)
/// timezone: Asia/Tokyo       # for wall times below (default Asia/Tokyo)
/// tests:
///   - name: Chofu Sunday 10:33 bus
///     from: 2024-12-22T10:00     # or at: T
///     to: 2024-12-22T10:40
///     rules: [chofu-leave-now]   # only these rules' notifications are compared (default: all)
///     expect:
///       - rule: chofu-leave-now
///         at: 2024-12-22T10:19
///         channel: phone         # optional
///         text_contains: "10:33" # optional
/// ```
///
/// Every notification of the compared rules in the range must be expected, and every expected
/// one must happen. Every rule and channel the file names must be defined in the rules directory
/// (`referenceProblems(in:)`): a misspelt id is an error, not a test that passes vacuously.
public struct RuleTestFile: Sendable {
    /// The file, as given.
    public var path: String
    /// The rules directory the tests run against.
    public var rulesDirectory: String
    /// The recorded responses, when the file names a directory.
    public var fixtures: String?
    /// The tests, in file order.
    public var tests: [RuleTestCase]
    /// Every id the file names (rules, channels), with its place, in file order.
    public var references: [RuleTestReference] = []
    /// The file's text, for diagnostics that quote a line.
    var source: YAMLSource?

    /// Reads a test file; every problem is reported at once.
    public static func load(path: String) throws(ConfigError) -> RuleTestFile {
        let source: YAMLSource
        do {
            source = try YAMLSource.load(path: path)
        } catch {
            throw ConfigError(diagnostics: [error])
        }
        let collector = DiagnosticCollector(source: source)
        let base = ConfigFileContext.directory(of: path)
        let context = ConfigFileContext(diagnostics: collector, baseDirectory: base)
        var file = RuleTestFile(path: path, rulesDirectory: context.resolve(path: ".."), fixtures: nil, tests: [], source: source)
        let root: YAMLNode?
        do {
            root = try YAMLDocumentReader().read(source)
        } catch {
            throw ConfigError(diagnostics: [error])
        }
        guard let root, var reader = MappingReader(root, what: Message(.testFileWhat), diagnostics: collector) else {
            throw ConfigError(diagnostics: collector.sortedDiagnostics.isEmpty
                ? [Diagnostic(file: path, text: Message(.testFileEmpty))] : collector.sortedDiagnostics)
        }
        if let rules = reader.optionalString("rules") { file.rulesDirectory = context.resolve(path: rules) }
        file.fixtures = reader.optionalString("fixtures").map(context.resolve(path:))
        var clock = ZoneClock(identifier: "Asia/Tokyo")!
        if let node = reader.optional("timezone"), let name = collector.decode(node, YAMLValue.string) {
            if let zone = ZoneClock(identifier: name) { clock = zone } else { collector.report(.configUnknownTimezone, ["name": .text(quoted(name)), "hint": .message(NameSuggestion.timeZoneHint(for: name))], at: node.mark) }
        }
        if let items = reader.require("tests").flatMap({ collector.decode($0, YAMLValue.list) }) {
            file.tests = items.enumerated().compactMap { RuleTestCase.parse($1, index: $0, clock: clock, diagnostics: collector) }
        }
        reader.finish()
        guard collector.isEmpty else { throw ConfigError(diagnostics: collector.sortedDiagnostics) }
        file.references = file.tests.flatMap(\.references)
        return file
    }

    /// Every id the file names that `configuration` does not define, at its `file:line:col`, with
    /// the closest defined id (`tests/x.yaml:7:13: unknown rule "sunday-mitak" (did you mean
    /// "sunday-mitaka"?)`). Empty when every reference resolves.
    public func referenceProblems(in configuration: Configuration) -> [Diagnostic] {
        var defined: [RuleTestReference.Kind: [String]] = [
            .rule: configuration.rules.map(\.id), .channel: configuration.channels.map(\.id),
            .board: configuration.boards.map(\.id),
            .source: configuration.weather.map(\.id) + configuration.feeds.map(\.id) + configuration.serviceStatus.map(\.id),
        ]
        for (kind, ids) in defined { defined[kind] = Array(Set(ids)) }
        return references.compactMap { reference in
            let ids = defined[reference.kind] ?? []
            guard !ids.contains(reference.id) else { return nil }
            let message = Message(.testUnknownReference, [
                "kind": .key(reference.kind.noun), "name": .text(quoted(reference.id)),
                "hint": .message(NameSuggestion.hintMessage(for: reference.id, among: ids, plural: Message(reference.kind.plural))),
            ])
            return source?.diagnostic(at: reference.mark, message)
                ?? Diagnostic(file: path, line: reference.mark.line, column: reference.mark.column, text: message)
        }
    }

    /// Throws every `referenceProblems(in:)` at once.
    public func checkReferences(in configuration: Configuration) throws(ConfigError) {
        let problems = referenceProblems(in: configuration)
        if !problems.isEmpty { throw ConfigError(diagnostics: problems) }
    }
}

/// An id a rule test file names: a rule (`rules:`, `expect: - rule:`) or a channel (`channel:`).
public struct RuleTestReference: Sendable, Hashable {
    /// What the id names.
    public enum Kind: String, Sendable, Hashable {
        case rule, channel, board, source

        /// The word, for "unknown rule …".
        var noun: MessageKey {
            switch self {
            case .rule: .nounRule
            case .channel: .nounChannel
            case .board: .nounBoard
            case .source: .nounSource
            }
        }

        /// The plural, for "no rules are defined".
        var plural: MessageKey {
            switch self {
            case .rule: .pluralRules
            case .channel: .pluralChannels
            case .board: .pluralBoards
            case .source: .pluralSources
            }
        }
    }

    /// What the id names.
    public var kind: Kind
    /// The id as written.
    public var id: String
    /// Where it is written (`tests[0].rules`, `tests[1].expect[0].channel`).
    public var field: String
    /// Its place in the file.
    public var mark: YAMLMark
}

/// One test: a time range and the notifications expected in it.
public struct RuleTestCase: Sendable {
    public var name: String
    public var from: Int64
    public var to: Int64
    public var rules: Set<String>?
    public var expected: [ExpectedNotification]
    public var location: YAMLMark
    /// The ids this test names, with their places.
    public var references: [RuleTestReference] = []

    static func parse(_ node: YAMLNode, index: Int, clock: ZoneClock, diagnostics: DiagnosticCollector) -> RuleTestCase? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: Message(.testCaseWhat), diagnostics: diagnostics) else { return nil }
        let name = reader.requiredString("name")
        func time(_ key: String) -> Int64? {
            guard let node = reader.optional(key), let text = diagnostics.decode(node, YAMLValue.string) else { return nil }
            guard let instant = clock.parseTimestamp(text) else {
                diagnostics.report(.testTimeFormat, ["key": .text(key), "value": .text(quoted(text))], at: node.mark)
                return nil
            }
            return instant
        }
        let at = time("at"), from = time("from"), to = time("to")
        if at == nil, from == nil || to == nil, diagnostics.diagnostics.count == before {
            diagnostics.report(.testNeedsTimes, at: node.mark)
        }
        var references: [RuleTestReference] = []
        func reference(_ kind: RuleTestReference.Kind, _ node: YAMLNode?, _ field: String) -> String? {
            guard let node, let id = diagnostics.decode(node, YAMLValue.string) else { return nil }
            references.append(RuleTestReference(kind: kind, id: id, field: field, mark: node.mark))
            return id
        }
        let rules = reader.optionalList("rules").map { Set($0.compactMap { reference(.rule, $0, "tests[\(index)].rules") }) }
        var expected: [ExpectedNotification] = []
        if let items = reader.optionalList("expect") {
            for (position, item) in items.enumerated() {
                guard var expectation = MappingReader(item, what: Message(.testExpectationWhat), diagnostics: diagnostics) else { continue }
                let field = "tests[\(index)].expect[\(position)]"
                let rule = reference(.rule, expectation.require("rule"), field + ".rule")
                var when: Int64?
                if let node = expectation.require("at"), let text = diagnostics.decode(node, YAMLValue.string) {
                    when = clock.parseTimestamp(text)
                    if when == nil { diagnostics.report(.testAtFormat, ["value": .text(quoted(text))], at: node.mark) }
                }
                let channel = reference(.channel, expectation.optional("channel"), field + ".channel")
                let contains = expectation.optionalString("text_contains")
                expectation.finish()
                if let rule, let when {
                    expected.append(ExpectedNotification(rule: rule, at: when, channel: channel, textContains: contains, location: item.mark))
                }
            }
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before, let name else { return nil }
        let start = at ?? from!, end = at ?? to!
        if end < start {
            diagnostics.report(.testToBeforeFrom, at: node.mark)
            return nil
        }
        return RuleTestCase(name: name, from: start, to: end, rules: rules, expected: expected, location: node.mark,
                            references: references)
    }
}

/// A notification a test expects.
public struct ExpectedNotification: Sendable, Equatable {
    public var rule: String
    public var at: Int64
    public var channel: String?
    public var textContains: String?
    public var location: YAMLMark

    func matches(_ delivery: SimulatedDelivery) -> Bool {
        delivery.notification.rule == rule && delivery.at == at
            && (channel.map { delivery.notification.channels.contains($0) } ?? true)
            && (textContains.map { delivery.notification.text.contains($0) || delivery.notification.title.contains($0) } ?? true)
    }
}
