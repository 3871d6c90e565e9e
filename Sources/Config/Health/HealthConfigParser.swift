import Channels
import Foundation
import Messages
import Notifications
import Secrets

/// Reads the `health:` and `history:` sections (see ``HealthSpec``, ``HistorySpec``), reporting
/// every problem at its place; a section with any problem is left out (nil). The channels named are
/// checked across files (`Configuration.load`), like a rule's.
public struct HealthConfigParser {
    public let context: ConfigFileContext
    var diagnostics: DiagnosticCollector { context.diagnostics }

    public init(context: ConfigFileContext) { self.context = context }

    /// Reads the value of `health:`.
    public func parseHealth(_ node: YAMLNode) -> HealthSpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: .verbatim("health"), diagnostics: diagnostics) else { return nil }
        var spec = HealthSpec(location: context.location(of: node))
        if let items = reader.optionalList("channels") {
            for item in items {
                guard let name = diagnostics.decode(item, YAMLValue.string) else { continue }
                spec.channels.append(name)
                spec.channelLocations.append(context.location(of: item))
            }
        }
        if let node = reader.optional("language"), let text = diagnostics.decode(node, YAMLValue.string) {
            if let language = MessageLanguage(rawValue: text) { spec.language = language } else {
                diagnostics.report(.configLanguage, ["found": .quoted(text)], at: node.mark)
            }
        }
        if let node = reader.optional("timezone"), let name = diagnostics.decode(node, YAMLValue.string) {
            if TimeZone(identifier: name) != nil { spec.timeZone = name } else {
                diagnostics.report(.configUnknownTimezone, ["name": .quoted(name), "hint": .message(NameSuggestion.timeZoneHint(for: name))], at: node.mark)
            }
        }
        if let node = reader.optional("urgency"), let text = diagnostics.decode(node, YAMLValue.string) {
            if let urgency = Urgency(rawValue: text) { spec.urgency = urgency } else {
                diagnostics.report(.configUrgency, ["found": .quoted(text)], at: node.mark)
            }
        }
        if let node = reader.optional("source_stale_after"), let seconds = diagnostics.decode(node, YAMLValue.duration) {
            if seconds < 60 || seconds > 7 * 86_400 {
                diagnostics.report(.configHealthStaleRange, ["found": .quoted(node.scalarText ?? "")], at: node.mark)
            } else {
                spec.sourceStaleAfterSeconds = seconds
            }
        }
        if let node = reader.optional("feed_ends_within"), let seconds = diagnostics.decode(node, YAMLValue.duration) {
            if seconds % 86_400 != 0 || seconds > 365 * 86_400 {
                diagnostics.report(.configHealthFeedDays, ["found": .quoted(node.scalarText ?? "")], at: node.mark)
            } else {
                spec.feedEndsWithinDays = seconds / 86_400
            }
        }
        if let node = reader.optional("channel_failures"), let count = diagnostics.decode(node, YAMLValue.integer) {
            if count < 1 || count > 1_000 {
                diagnostics.report(.configHealthFailures, ["found": .number(count)], at: node.mark)
            } else {
                spec.channelFailures = count
            }
        }
        if let node = reader.optional("heartbeat") { spec.heartbeat = parseHeartbeat(node) }
        reader.finish()
        if spec.channels.isEmpty, !reader.contains("heartbeat") {
            diagnostics.report(.configHealthNeedsTarget, at: node.mark)
        }
        guard diagnostics.diagnostics.count == before else { return nil }
        return spec
    }

    /// Reads `heartbeat:`: `url_env` / `url_file` and `every`.
    private func parseHeartbeat(_ node: YAMLNode) -> HeartbeatSpec? {
        guard var reader = MappingReader(node, what: .verbatim("heartbeat"), diagnostics: diagnostics) else { return nil }
        let url = reader.optionalSecret("url", resolve: context.resolve(path:))
        if reader.contains("url"), let literal = reader.optional("url") {
            // Refused without quoting its line: the URL is the monitor's credential.
            var diagnostic = diagnostics.source.diagnostic(at: literal.mark, Message(.configHeartbeatLiteralURL))
            let redaction = URLRedaction.standard.adding(secrets: [literal.scalarText ?? ""].filter { !$0.isEmpty })
            diagnostic.sourceLine = diagnostic.sourceLine.map { redaction.redact(text: $0) }
            diagnostics.report(diagnostic)
        } else if url == nil {
            diagnostics.report(.configHeartbeatNeedsURL, at: node.mark)
        }
        var interval = HeartbeatSpec.defaultIntervalSeconds
        if let every = reader.optional("every"), let seconds = diagnostics.decode(every, YAMLValue.duration) {
            if HeartbeatSpec.intervalRange.contains(seconds) { interval = seconds } else {
                diagnostics.report(.configHeartbeatEvery, ["found": .quoted(every.scalarText ?? "")], at: every.mark)
            }
        }
        reader.finish()
        guard let url else { return nil }
        return HeartbeatSpec(url: url, intervalSeconds: interval, location: context.location(of: node))
    }

    /// Reads the value of `history:`.
    public func parseHistory(_ node: YAMLNode) -> HistorySpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: .verbatim("history"), diagnostics: diagnostics) else { return nil }
        var spec = HistorySpec(location: context.location(of: node))
        if let keep = reader.optional("keep"), let count = diagnostics.decode(keep, YAMLValue.integer) {
            if HistorySpec.keepRange.contains(count) { spec.keep = count } else {
                diagnostics.report(.configHistoryKeep, ["found": .number(count)], at: keep.mark)
            }
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before else { return nil }
        return spec
    }
}

@available(*, unavailable)
extension HealthConfigParser: Sendable {}
