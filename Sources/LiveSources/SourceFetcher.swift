import Facts
import Foundation
import HTTP
import Secrets

/// Fetches sources concurrently through ``HTTPMultiClient`` and keeps the last good response of
/// each in a ``SourceCache``:
///
/// - each request is a conditional GET with the cached `ETag` / `Last-Modified`; a 304 keeps the
///   cached body and counts the bytes saved;
/// - a 2xx body replaces the cache only after it decodes with the source's decoder (an HTML error
///   page or a truncated JSON keeps the last good data); the decoded fact comes with the result;
/// - 401 / 403 say which key to check, a missing Qiita calendar says so; a timeout, a body over the
///   size cap, a redirect loop or a cut body name the limit that stopped it; every message is
///   redacted with the request's secrets;
/// - a 429 / 503 carries its `Retry-After` in the error, for ``SourceRefreshPolicy``;
/// - a source read from a file (a `realtime:` feed given as a path) is read, not fetched, and
///   cached the same way (see ``read(_:file:cached:warnings:)``).
///
/// Not `Sendable` (it owns the multi client): confine it to one task.
public final class SourceFetcher {
    /// Where URLs come from.
    public let endpoint: SourceEndpoint
    /// Where secrets come from.
    public let secrets: SecretSource
    /// Where the last good responses are kept.
    public let cache: SourceCache
    /// The most transfers at once. 32 by default: against 50 ms of latency, 200 sources take about
    /// 0.4 s with 32 connections (26× one after another) and 0.26 s with 64, but end to end the
    /// decoding and fsync'd cache writes that follow take about 1 s for 200 bodies either way, so
    /// more connections buy little while costing sockets and looking like a burst to a provider
    /// (`leavenow-bench sources`).
    public var maxConnections: Int
    /// Whether requests carry the cached `ETag` / `Last-Modified` (true; false only to measure what
    /// conditional GET saves, or for a server whose validators are broken).
    public var conditionalRequests = true
    /// Decodes (validates) every new body; the decoded fact travels in ``SourceFetchResult/fact``.
    public var decoders: SourceDecoders
    private let client: HTTPMultiClient
    let now: @Sendable () -> Date

    /// A fetcher; `now` stamps the cache entries (inject a fixed clock in tests).
    public init(endpoint: SourceEndpoint, secrets: SecretSource, cache: SourceCache,
                client: HTTPMultiClient = HTTPMultiClient(), maxConnections: Int = 32, decoders: SourceDecoders = .standard,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.endpoint = endpoint
        self.secrets = secrets
        self.cache = cache
        self.client = client
        self.maxConnections = maxConnections
        self.decoders = decoders
        self.now = now
    }

    /// Fetches `sources` concurrently and returns one result per source, in the order given.
    public func fetch(_ sources: [LiveSource]) -> [SourceFetchResult] {
        let attemptedAt = now()
        var results = [SourceFetchResult?](repeating: nil, count: sources.count)
        var cached = [CachedResponse?](repeating: nil, count: sources.count)
        var warnings = [[String]](repeating: [], count: sources.count)
        var requests: [HTTPRequest] = []
        var requestIndex: [Int] = []
        for (index, source) in sources.enumerated() {
            do {
                cached[index] = try cache.load(source)
            } catch {
                warnings[index].append("\(error) (fetching it again)")
            }
            if let file = source.file {
                var result = read(source, file: file, cached: cached[index], warnings: warnings[index])
                result.attemptedAt = attemptedAt
                results[index] = result
                continue
            }
            do {
                var request = try endpoint.request(for: source, secrets: secrets)
                if conditionalRequests, let validators = cached[index]?.metadata.validators, !validators.isEmpty {
                    request.conditional = validators
                }
                requests.append(request)
                requestIndex.append(index)
            } catch {
                let failure = SourceFetchError(source: source.description, reason: .missingSecret, message: error.reasons.isEmpty
                                               ? "an API key is needed: set key_env or key_file" : error.reasons.joined(separator: "; "))
                results[index] = SourceFetchResult(source: source, outcome: .failed(failure), cached: cached[index]?.metadata,
                                                   warnings: warnings[index], attemptedAt: attemptedAt)
            }
        }
        let responses = client.perform(requests, maxConnections: maxConnections)
        for (position, response) in responses.enumerated() {
            let index = requestIndex[position]
            var result = settle(sources[index], request: requests[position], response: response, cached: cached[index],
                                warnings: warnings[index])
            result.attemptedAt = attemptedAt
            results[index] = result
        }
        return results.enumerated().map { index, result in
            result ?? SourceFetchResult(source: sources[index], outcome: .failed(SourceFetchError(
                source: sources[index].description, reason: .transfer, message: "not fetched")), cached: nil,
                attemptedAt: attemptedAt)
        }
    }

    /// Fetches one source.
    public func fetch(_ source: LiveSource) -> SourceFetchResult {
        fetch([source])[0]
    }

    /// Turns one answer into a result, updating the cache only with a good body.
    private func settle(_ source: LiveSource, request: HTTPRequest, response: Result<HTTPResponse, HTTPError>,
                        cached: CachedResponse?, warnings: [String]) -> SourceFetchResult {
        // URLs in messages are already redacted by the standard keys; only the literal secrets are
        // replaced again (a second pass over `…appid=REDACTED:` would eat the colon).
        let redaction = URLRedaction(secretKeys: [], knownSecrets: request.redaction.knownSecrets)
        let url = request.redactedURL
        func failed(_ reason: SourceFetchError.Reason, _ message: String, status: Int? = nil,
                    retryAfter: Duration? = nil) -> SourceFetchResult {
            let error = SourceFetchError(source: source.description, reason: reason, message: redaction.redact(text: message),
                                         redactedURL: url, status: status, retryAfter: retryAfter)
            return SourceFetchResult(source: source, outcome: .failed(error), cached: cached?.metadata, warnings: warnings)
        }
        let answer: HTTPResponse
        switch response {
        case .failure(let error): return failed(.transfer, Self.explain(error, request: request))
        case .success(let value): answer = value
        }
        let date = now()
        if answer.notModified {
            guard cached != nil else {
                return failed(.notModifiedWithoutCache, "the server answered 304 Not Modified but nothing is cached", status: 304)
            }
            do {
                let metadata = try cache.recordNotModified(for: source, at: date, etag: answer.headers["ETag"],
                                                           lastModified: answer.headers["Last-Modified"], previous: cached?.metadata)
                return SourceFetchResult(source: source, outcome: .notModified(bytesSaved: cached?.body.count ?? 0),
                                         cached: metadata ?? cached?.metadata, warnings: warnings)
            } catch {
                return failed(.cache, "not modified, but the cache could not be updated: \(error)", status: 304)
            }
        }
        guard answer.isSuccess else {
            let status = answer.status
            if status == 401 || status == 403 {
                let hint = source.key.map { "; check \($0.hint)" } ?? ""
                return failed(.keyRefused, "the API key was refused (HTTP \(status))\(hint)", status: status)
            }
            if status == 404, let calendar = source.adventCalendar {
                return failed(.calendarNotFound, "the calendar \(calendar) does not exist (404)", status: status)
            }
            var message = "HTTP \(status)"
            if let type = answer.contentType { message += " (\(type), \(answer.body.count) bytes)" }
            let retryAfter = answer.retryAfterDelay
            if let retryAfter { message += "; retry after \(retryAfter.components.seconds) s" }
            return failed(.unexpectedStatus, message, status: status, retryAfter: retryAfter)
        }
        let fact: SourceFact
        do {
            fact = try SourceBodyValidator.validate(answer.body, contentType: answer.contentType, source: source, label: url,
                                                    decoders: decoders)
        } catch {
            return failed(.invalidBody, "the response is not valid: \(error)", status: answer.status)
        }
        let metadata = SourceCacheMetadata(fetchedAt: date, etag: answer.headers["ETag"], lastModified: answer.headers["Last-Modified"],
                                           url: url, bytes: answer.body.count, status: answer.status, checksum: "")
        do {
            let stored = try cache.store(answer.body, metadata: metadata, for: source, previous: cached?.metadata)
            return SourceFetchResult(source: source, outcome: .updated(bytes: answer.body.count), cached: stored, warnings: warnings,
                                     fact: fact)
        } catch {
            return failed(.cache, "fetched, but the cache could not be written: \(error)", status: answer.status)
        }
    }
}

extension SourceFetcher {
    /// The transfer error with, for the failures a limit stopped, which limit it was:
    /// `…: timed out: … (curl error 28); no complete answer within the 1.5 s limit`.
    static func explain(_ error: HTTPError, request: HTTPRequest) -> String {
        let hint: String?
        switch error.code {
        case .timeout:
            hint = "no complete answer within the \(seconds(request.timeout)) limit"
        case .tooLarge:
            hint = "the transfer was stopped at the \(byteSize(request.maxResponseBytes)) limit"
        case .tooManyRedirects:
            if case .follow(let limit) = request.redirects {
                hint = "stopped after \(limit) redirects (a redirect loop?)"
            } else {
                hint = nil
            }
        case .truncatedBody:
            hint = "the connection closed before the whole body arrived"
        default:
            hint = nil
        }
        return hint.map { "\(error.description); \($0)" } ?? error.description
    }

    /// `1.5 s`, `30 s`.
    static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        let tenths = fraction / 100_000_000_000_000_000
        return tenths == 0 ? "\(whole) s" : "\(whole).\(tenths) s"
    }

    /// `10 MiB`, `512 KiB`, `100 bytes`.
    static func byteSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

@available(*, unavailable, message: "SourceFetcher owns a libcurl multi handle: confine it to one task")
extension SourceFetcher: Sendable {}
