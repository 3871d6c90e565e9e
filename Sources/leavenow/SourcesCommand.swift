import Facts
import JSONText
import LiveSources
import Store

/// `leavenow sources [--rules DIR] [--state DIR] [--json]`: every configured weather source and feed
/// with what the cache holds for it: last fetch and age, next refresh, bytes, bytes saved by 304s.
/// Reads the cache only; no network.
struct SourcesCommand {

    /// One source and its cache entry.
    struct Row {
        var source: LiveSource
        var refreshSeconds: Int?
        var cached: SourceCacheMetadata?
        /// Why the cache entry cannot be read (rendered when shown).
        var unreadable: SourceCacheError?
        /// The state database's index: last error, planned refresh.
        var index: SourceStateRow?
    }

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try sources(arguments, context: context) }
    }

    private func sources(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .sources)
        _ = try parsed.requirePositionals([])
        let (configuration, directory) = try context.loadConfiguration(rulesOption: parsed.value("--rules"))
        let stateDirectory = try context.stateDirectory(parsed.value("--state"), cacheDirectory: parsed.value("--cache-dir"))
        let cache = SourceCache(stateDirectory: stateDirectory)
        let index = SourceIndex.rows(state: try context.stateLocation(parsed.value("--state"), rulesOption: parsed.value("--rules")), context: context)
        let rows = LiveSource.all(in: configuration).map { source in
            var row = Row(source: source, refreshSeconds: Self.refreshSeconds(of: source), index: index[source.cacheName])
            do throws(SourceCacheError) {
                row.cached = try cache.load(source)?.metadata
            } catch {
                row.unreadable = error
                context.warn(source.name + .verbatim(": ") + error.placedText)
            }
            return row
        }
        let now = context.now()
        let needs = SourceNeeds(configuration: configuration)
        // Fetched timetables whose cached data is past its dct:valid (or not valid yet, or ends soon).
        let json = parsed.has("--json")
        func dated() -> [String: String] {
            var loader = CachedFacts.boardLoader(cache: cache)
            return loader.datedFetchedTimetables(configuration.boards, now: now)
        }
        let dated = json ? context.english { dated() } : dated()
        let notes = Dictionary(rows.compactMap { row in dated[cache.bodyPath(for: row.source)].map { (row.source.cacheName, $0) } },
                               uniquingKeysWith: { first, _ in first })
        if json { return context.english { Self.json(rows, now: now, needs: needs, notes: notes) } }
        guard !rows.isEmpty else { return Message(.sourcesNone, ["directory": .text(directory)]).text }
        return Self.table(rows, now: now, needs: needs)
            + rows.compactMap { row in notes[row.source.cacheName].map { "\n\(row.source.id): \($0)" } }.joined()
    }

    /// The configured refresh interval of a weather source or feed.
    /// The configured refresh interval of a source.
    static func refreshSeconds(of source: LiveSource) -> Int? { source.refreshSeconds }

    /// The refresh the worker or the last `fetch` planned, else the policy's plan from the cache.
    private static func nextRefresh(_ row: Row, now: Int64, needs: SourceNeeds) -> Int64? {
        if let planned = row.index?.nextRefreshAt { return planned }
        guard let cached = row.cached else { return nil }
        return SourceRefreshPolicy().nextRefresh(for: row.source, state: SourceRefreshState(cached: cached, source: row.source), now: now,
                                                 needWindows: needs.windows(for: row.source, now: now))
    }

    private static func table(_ rows: [Row], now: Int64, needs: SourceNeeds) -> String {
        let headers: [MessageKey] = [.sourcesHeaderKind, .sourcesHeaderLastFetch, .sourcesHeaderAge, .sourcesHeaderNextRefresh,
                                     .sourcesHeaderBytes, .sourcesHeaderSaved, .headerLastError]
        var lines = [["ID"] + headers.map { Message($0).text }]
        for row in rows {
            var line = [row.source.id, row.source.kind.rawValue]
            if let cached = row.cached {
                let checked = SourceTime.seconds(cached.checkedAt)
                let next = nextRefresh(row, now: now, needs: needs)
                line += [SourceTime.iso8601(checked), SourceTime.age(now - checked),
                         next.map { $0 <= now ? Message(.sourcesDue).text : SourceTime.iso8601($0) } ?? "-",
                         ByteSize.text(cached.bytes), ByteSize.text(cached.bytesSaved)]
            } else {
                line += [Message(row.unreadable == nil ? .sourcesNeverFetched : .sourcesUnreadableCache).text, "-", Message(.sourcesDue).text, "-", "-"]
            }
            line.append(row.index?.lastError ?? "-")
            lines.append(line)
        }
        return TextTable.render(lines)
    }

    private static func json(_ rows: [Row], now: Int64, needs: SourceNeeds, notes: [String: String]) -> String {
        JSONOutput.object([("sources", .array(rows.map { row in
            var members: [(String, JSONOutput)] = [
                ("id", .string(row.source.id)), ("kind", .string(row.source.kind.rawValue)),
                ("refresh_seconds", row.refreshSeconds.map { .int(Int64($0)) } ?? .null),
            ]
            if let note = notes[row.source.cacheName] { members.append(("dates", .string(note))) }
            members.append(("last_error", row.index?.lastError.map { JSONOutput.string($0) } ?? JSONOutput.null))
            guard let cached = row.cached else {
                members += [("fetched", .bool(false)), ("due", .bool(true))]
                if let unreadable = row.unreadable { members.append(("error", .string("\(unreadable)"))) }
                return .object(members)
            }
            let checked = SourceTime.seconds(cached.checkedAt)
            let next = nextRefresh(row, now: now, needs: needs)
            members += [
                ("fetched", .bool(true)),
                ("last_fetch", .string(SourceTime.iso8601(checked))),
                ("body_fetched_at", .string(SourceTime.iso8601(cached.fetchedAt))),
                ("age_seconds", .int(max(0, now - checked))),
                ("next_refresh", next.map { .string(SourceTime.iso8601($0)) } ?? .null),
                ("due", .bool(next.map { $0 <= now } ?? true)),
                ("bytes", .int(Int64(cached.bytes))),
                ("bytes_saved", .int(Int64(cached.bytesSaved))),
                ("url", .string(cached.url)),
            ]
            return .object(members)
        }))]).text
    }
}
