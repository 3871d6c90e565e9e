import Foundation

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
        guard var reader = MappingReader(node, what: "realtime", diagnostics: diagnostics) else { return nil }
        var feed: RealtimeSpec.Feed?
        if let feedNode = reader.require("gtfs_rt"), let text = diagnostics.decode(feedNode, YAMLValue.string) {
            feed = self.feed(text, at: feedNode)
        }
        var refresh = RealtimeSpec.defaultRefresh
        if let refreshNode = reader.optional("refresh"), let seconds = diagnostics.decode(refreshNode, YAMLValue.duration) {
            if seconds < RealtimeSpec.minimumRefresh {
                diagnostics.report("refresh must be at least 10s (a GTFS-Realtime feed changes every 10–30 s), found \(quoted(refreshNode.scalarText ?? ""))",
                                   at: refreshNode.mark)
            }
            refresh = seconds
        }
        var maxAge: Int?
        if let maxAgeNode = reader.optional("max_age"), let seconds = diagnostics.decode(maxAgeNode, YAMLValue.duration) {
            if seconds < refresh {
                diagnostics.report("max_age must be at least refresh (\(refresh) s), found \(quoted(maxAgeNode.scalarText ?? ""))",
                                   at: maxAgeNode.mark)
            }
            maxAge = seconds
        }
        let key = reader.optionalSecret("key", resolve: context.resolve(path:))
        let parameterNode = reader.optional("key_parameter")
        var parameter: String?
        if let parameterNode, let text = diagnostics.decode(parameterNode, YAMLValue.string) {
            if text.isEmpty || text.contains(where: { "&=?# ".contains($0) }) {
                diagnostics.report("key_parameter must be a query parameter name like api_key, found \(quoted(text))", at: parameterNode.mark)
            }
            parameter = text
        }
        if key != nil, case .file = feed {
            diagnostics.report("a realtime file needs no key: key_env / key_file are for a URL", at: node.mark)
        } else if key != nil, parameterNode == nil {
            diagnostics.report("realtime key_env / key_file need key_parameter: the query parameter the key goes in (e.g. api_key)", at: node.mark)
        } else if key == nil, let parameterNode {
            diagnostics.report("key_parameter needs key_env or key_file: where the key comes from (never the key itself)", at: parameterNode.mark)
        }
        reader.finish()
        guard diagnostics.diagnostics.count == before, let feed else { return nil }
        return RealtimeSpec(feed: feed, refreshSeconds: refresh, maxAgeSeconds: maxAge, key: key, keyParameter: parameter,
                            location: context.location(of: node))
    }

    /// An http(s) URL with a host, or a file path resolved against the YAML file's directory.
    private func feed(_ text: String, at node: YAMLNode) -> RealtimeSpec.Feed? {
        guard !text.isEmpty else {
            diagnostics.report("gtfs_rt needs a URL or a file path, found an empty string", at: node.mark)
            return nil
        }
        guard let schemeEnd = text.range(of: "://") else { return .file(context.resolve(path: text)) }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            diagnostics.report("gtfs_rt must be an http(s) URL or a file path, found the scheme \(quoted(scheme)) in \(quoted(text))", at: node.mark)
            return nil
        }
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            diagnostics.report("gtfs_rt is not a valid URL (no host): \(quoted(text))", at: node.mark)
            return nil
        }
        return .url(text)
    }
}
