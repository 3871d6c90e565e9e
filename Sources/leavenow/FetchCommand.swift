import Config
import Foundation
import HTTP
import JSONText
import LiveSources
import Secrets

/// `leavenow fetch [SOURCE…] [--rules DIR] [--state DIR] [--json]`: fetches the weather sources and
/// feeds now (all, or the ids given) into the last-good-data cache and says what happened to each.
/// Exit 1 when any fetch failed.
struct FetchCommand {

    /// The variable that points every provider at a test server.
    static let baseURLVariable = "LEAVENOW_SOURCE_BASE_URL"

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try fetch(arguments, context: context) }
    }

    private func fetch(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .fetch)
        let (configuration, directory) = try context.loadConfiguration(rulesOption: parsed.value("--rules"))
        let state = try context.stateDirectory(parsed.value("--state"), cacheDirectory: parsed.value("--cache-dir"))
        let location = try context.stateLocation(parsed.value("--state"), rulesOption: parsed.value("--rules"))
        let sources = try Self.select(parsed.positionals, from: LiveSource.all(in: configuration))
        let baseURL = context.environment[Self.baseURLVariable].flatMap { $0.isEmpty ? nil : $0 }
        let fetcher = SourceFetcher(
            endpoint: SourceEndpoint(baseURL: baseURL), secrets: SecretSource(environment: context.environment),
            cache: SourceCache(stateDirectory: state),
            client: HTTPMultiClient(configuration: HTTPClientConfiguration(proxy: baseURL == nil ? .environment : .direct)))
        let results = sources.isEmpty ? [] : fetcher.fetch(sources)
        SourceIndex.record(results, state: location, now: context.now(), needs: SourceNeeds(configuration: configuration), context: context)
        for result in results {
            for warning in result.warningMessages { context.warn(result.source.name + .verbatim(": ") + warning) }
        }
        let output = parsed.has("--json") ? context.english { Self.json(results) } : Self.text(results, directory: directory)
        if results.contains(where: { $0.error != nil }) { throw CommandFailure.failedReport(output) }
        return output
    }

    /// The sources named by `ids` (all when none), or a usage error listing the known ids.
    static func select(_ ids: [String], from all: [LiveSource]) throws -> [LiveSource] {
        guard !ids.isEmpty else { return all }
        let known = Set(all.map(\.id))
        let unknown = ids.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            let list = all.map(\.id)
            // One unknown id: the closest known one ("did you mean"), as for boards, rules and channels.
            let suggestion = unknown.count == 1 ? NameSuggestion.prefixMessage(for: unknown[0], among: list) : .empty
            let hint = list.isEmpty ? Message(.fetchNoSourcesConfigured)
                : Message(.fetchKnownSources, ["suggestion": .message(suggestion), "list": .message(.list(list))])
            throw CommandFailure.usage(Message(.fetchUnknownSources, ["count": .number(unknown.count),
                                                                     "names": .message(.list(unknown.map { "\"\($0)\"" })),
                                                                     "hint": .message(hint)]).text)
        }
        let wanted = Set(ids)
        return all.filter { wanted.contains($0.id) }
    }

    private static func text(_ results: [SourceFetchResult], directory: String) -> String {
        guard !results.isEmpty else { return Message(.sourcesNone, ["directory": .text(directory)]).text }
        let width = results.map(\.source.id.count).max() ?? 0
        return results.map { result in
            let id = result.source.id.padding(toLength: width, withPad: " ", startingAt: 0)
            switch result.outcome {
            case .updated(let bytes): return Message(.fetchUpdated, ["id": .text(id), "size": .text(ByteSize.text(bytes))]).text
            case .notModified(let saved): return Message(.fetchNotModified, ["id": .text(id), "size": .text(ByteSize.text(saved))]).text
            case .failed(let error):
                let kept = result.cached.map { Message(.fetchKeeping, ["time": .text(SourceTime.iso8601($0.checkedAt))]) } ?? .empty
                return Message(.fetchFailed, ["id": .text(id), "error": .message(error.text), "kept": .message(kept)]).text
            }
        }.joined(separator: "\n")
    }

    private static func json(_ results: [SourceFetchResult]) -> String {
        JSONOutput.object([("sources", .array(results.map { result in
            var members: [(String, JSONOutput)] = [("id", .string(result.source.id)), ("kind", .string(result.source.kind.rawValue))]
            switch result.outcome {
            case .updated(let bytes):
                members += [("outcome", .string("updated")), ("bytes", .int(Int64(bytes)))]
            case .notModified(let saved):
                members += [("outcome", .string("not_modified")), ("bytes_saved", .int(Int64(saved)))]
            case .failed(let error):
                members += [("outcome", .string("failed")), ("reason", .string(snakeCase(error.reason.rawValue))),
                            ("error", .string(error.message)), ("status", error.status.map { .int(Int64($0)) } ?? .null)]
            }
            return .object(members)
        }))]).text
    }

    /// `missingSecret` → `missing_secret`.
    private static func snakeCase(_ name: String) -> String {
        var text = ""
        for character in name {
            if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
        }
        return text
    }
}
