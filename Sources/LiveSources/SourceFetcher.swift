import Facts
import Foundation
import HTTP
import Messages
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
        var warnings = [[Message]](repeating: [], count: sources.count)
        var requests: [HTTPRequest] = []
        var requestIndex: [Int] = []
        for (index, source) in sources.enumerated() {
            do {
                cached[index] = try cache.load(source)
            } catch {
                warnings[index].append(Message(.liveRefetching, ["error": .message(error.placedText)]))
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
                let failure = SourceFetchError(source: source.description, reason: .missingSecret, text: error.reasonMessages.isEmpty
                                               ? Message(.liveKeyNeeded) : .joined(error.reasonMessages, separator: .verbatim("; ")))
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
                source: sources[index].description, reason: .transfer, text: Message(.liveNotFetched))), cached: nil,
                attemptedAt: attemptedAt)
        }
    }

    /// Fetches one source.
    public func fetch(_ source: LiveSource) -> SourceFetchResult {
        fetch([source])[0]
    }

    /// Turns one answer into a result, updating the cache only with a good body.
    private func settle(_ source: LiveSource, request: HTTPRequest, response: Result<HTTPResponse, HTTPError>,
                        cached: CachedResponse?, warnings: [Message]) -> SourceFetchResult {
        // URLs in messages are already redacted by the standard keys; only the literal secrets are
        // replaced again (a second pass over `…appid=REDACTED:` would eat the colon).
        let redaction = URLRedaction(secretKeys: [], knownSecrets: request.redaction.knownSecrets)
        let url = request.redactedURL
        func failed(_ reason: SourceFetchError.Reason, _ message: Message, status: Int? = nil,
                    retryAfter: Duration? = nil) -> SourceFetchResult {
            let error = SourceFetchError(source: source.description, reason: reason, text: redaction.redact(message),
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
                return failed(.notModifiedWithoutCache, Message(.liveNotModifiedWithoutCache), status: 304)
            }
            do {
                let metadata = try cache.recordNotModified(for: source, at: date, etag: answer.headers["ETag"],
                                                           lastModified: answer.headers["Last-Modified"], previous: cached?.metadata)
                return SourceFetchResult(source: source, outcome: .notModified(bytesSaved: cached?.body.count ?? 0),
                                         cached: metadata ?? cached?.metadata, warnings: warnings)
            } catch {
                return failed(.cache, Message(.liveNotModifiedCacheFailed, ["error": .message(error.placedText)]), status: 304)
            }
        }
        guard answer.isSuccess else {
            let status = answer.status
            if status == 401 || status == 403 {
                let hint = source.key.map { Message(.liveCheckHint, ["what": .message($0.hintMessage)]) } ?? .empty
                return failed(.keyRefused, Message(.liveKeyRefused, ["status": .number(status), "hint": .message(hint)]), status: status)
            }
            if status == 404, let calendar = source.adventCalendar {
                return failed(.calendarNotFound, Message(.liveCalendarNotFound, ["calendar": .text(calendar)]), status: status)
            }
            let details = answer.contentType.map { Message(.liveHTTPDetails, ["type": .text($0), "bytes": .number(answer.body.count)]) } ?? .empty
            let retryAfter = answer.retryAfterDelay
            let retry = retryAfter.map { Message(.liveRetryAfter, ["seconds": .text("\($0.components.seconds)")]) } ?? .empty
            return failed(.unexpectedStatus, Message(.liveHTTPStatus, ["status": .number(status), "details": .message(details), "retry": .message(retry)]),
                          status: status, retryAfter: retryAfter)
        }
        let fact: SourceFact
        do {
            fact = try SourceBodyValidator.validate(answer.body, contentType: answer.contentType, source: source, label: url,
                                                    decoders: decoders)
        } catch {
            return failed(.invalidBody, Message(.liveInvalidResponse, ["error": .message(Message(error: error))]), status: answer.status)
        }
        let metadata = SourceCacheMetadata(fetchedAt: date, etag: answer.headers["ETag"], lastModified: answer.headers["Last-Modified"],
                                           url: url, bytes: answer.body.count, status: answer.status, checksum: "")
        do {
            let stored = try cache.store(answer.body, metadata: metadata, for: source, previous: cached?.metadata)
            return SourceFetchResult(source: source, outcome: .updated(bytes: answer.body.count), cached: stored, warnings: warnings,
                                     fact: fact)
        } catch {
            return failed(.cache, Message(.liveCacheWriteFailed, ["error": .message(error.placedText)]), status: answer.status)
        }
    }
}

extension SourceFetcher {
    /// The transfer error with, for the failures a limit stopped, which limit it was:
    /// `…: timed out: … (curl error 28); no complete answer within the 1.5 s limit`.
    static func explain(_ error: HTTPError, request: HTTPRequest) -> Message {
        let hint: Message?
        switch error.code {
        case .timeout:
            hint = Message(.liveTimeoutHint, ["limit": .text(seconds(request.timeout))])
        case .tooLarge:
            hint = Message(.liveTooLargeHint, ["limit": .text(byteSize(request.maxResponseBytes))])
        case .tooManyRedirects:
            if case .follow(let limit) = request.redirects {
                hint = Message(.liveRedirectsHint, ["count": .number(limit)])
            } else {
                hint = nil
            }
        case .truncatedBody:
            hint = Message(.liveClosedHint)
        default:
            hint = nil
        }
        return hint.map { error.descriptionMessage + .verbatim("; ") + $0 } ?? error.descriptionMessage
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
