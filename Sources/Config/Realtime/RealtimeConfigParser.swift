import Foundation
import Messages

/// Reads `realtime:` of a `gtfs:` board source (see ``RealtimeSpec``), reporting every problem with
/// its place; nil when anything is wrong.
///
/// Refused: a missing or empty `gtfs_rt`, a URL whose scheme is not http(s) or that has no host, a
/// `refresh` under 10 s, a `max_age` shorter than `refresh`, a key without `key_parameter` (or the
/// reverse), a key on a file feed, and unknown keys (with the expected ones).
struct RealtimeConfigParser {
    let context: ConfigFileContext
    private var diagnostics: DiagnosticCollector { context.diagnostics }

    init(context: ConfigFileContext) { self.context = context }

    /// Reads the value of `realtime:`.
    func parse(_ node: YAMLNode) -> RealtimeSpec? {
        let before = diagnostics.diagnostics.count
        guard var reader = MappingReader(node, what: Message(.nounKeyValue, ["key": .text("realtime")]), keys: RealtimeSpec.keys,
                                             diagnostics: diagnostics) else { return nil }
        var feed: RealtimeSpec.Feed?
        if let feedNode = reader.require("gtfs_rt"), let text = diagnostics.decode(feedNode, YAMLValue.string) {
            feed = self.feed(text, at: feedNode)
        }
        var refresh = RealtimeSpec.defaultRefresh
        if let refreshNode = reader.optional("refresh"), let seconds = diagnostics.decode(refreshNode, YAMLValue.duration) {
            if seconds < RealtimeSpec.minimumRefresh {
                diagnostics.report(.configRealtimeRefresh, ["found": .quoted(refreshNode.scalarText ?? "")], at: refreshNode.mark)
            }
            refresh = seconds
        }
        var maxAge: Int?
        if let maxAgeNode = reader.optional("max_age"), let seconds = diagnostics.decode(maxAgeNode, YAMLValue.duration) {
            if seconds < refresh {
                diagnostics.report(.configMaxAgeAtLeastRefresh, ["refresh": .number(refresh), "found": .quoted(maxAgeNode.scalarText ?? "")],
                                   at: maxAgeNode.mark)
            }
            maxAge = seconds
        }
        let key = reader.optionalSecret("key", resolve: context.resolve(path:))
        let parameterNode = reader.optional("key_parameter")
        var parameter: String?
        if let parameterNode, let text = diagnostics.decode(parameterNode, YAMLValue.string) {
            if text.isEmpty || text.contains(where: { "&=?# ".contains($0) }) {
                diagnostics.report(.configKeyParameterName, ["found": .quoted(text)], at: parameterNode.mark)
            }
            parameter = text
        }
        if key != nil, case .file = feed {
            diagnostics.report(.configRealtimeFileNoKey, at: node.mark)
        } else if key != nil, parameterNode == nil {
            diagnostics.report(.configRealtimeKeyNeedsParameter, at: node.mark)
        } else if key == nil, let parameterNode {
            diagnostics.report(.configKeyParameterNeedsKey, at: parameterNode.mark)
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before, let feed else { return nil }
        return RealtimeSpec(feed: feed, refreshSeconds: refresh, maxAgeSeconds: maxAge, key: key, keyParameter: parameter,
                            location: context.location(of: node))
    }

    /// An http(s) URL with a host, or a file path resolved against the YAML file's directory.
    private func feed(_ text: String, at node: YAMLNode) -> RealtimeSpec.Feed? {
        guard !text.isEmpty else {
            diagnostics.report(.configGTFSRTEmpty, at: node.mark)
            return nil
        }
        guard let schemeEnd = text.range(of: "://") else { return .file(context.resolve(path: text)) }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            diagnostics.report(.configGTFSRTScheme, ["scheme": .quoted(scheme), "found": .quoted(text)], at: node.mark)
            return nil
        }
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            diagnostics.report(.configGTFSRTNoHost, ["found": .quoted(text)], at: node.mark)
            return nil
        }
        return .url(text)
    }
}
