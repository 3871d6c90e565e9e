import Config
@testable import Channels
@testable import Delivery
import Foundation
import Secrets
import XCTest

final class DispatcherTests: XCTestCase {
    private var sink: WebhookSink!

    override func setUpWithError() throws {
        sink = try WebhookSink()
    }

    override func tearDown() {
        sink?.stop()
    }

    private func dispatcher(
        _ channels: [ChannelSpec], environment: [String: String] = [:], configuration: DispatcherConfiguration? = nil,
        now: @escaping @Sendable () -> Date = Sample.clock()
    ) -> Dispatcher {
        var settings = configuration ?? DispatcherConfiguration()
        settings.proxy = .direct
        return Dispatcher(channels: channels, secrets: SecretSource(environment: environment), configuration: settings,
                          now: now, random: { 0.5 })
    }

    /// The wait after a failure is bounded by the channel's `max_retry_delay` (5 minutes without it)
    /// and by the notification's remaining lifetime, whatever the attempt and the server's Retry-After.
    func testAFailureWaitsAtMostTheChannelsCapAndNeverPastTheExpiry() throws {
        try sink.script(Array(repeating: ["status": 429, "retry_after": "3600"], count: 4))
        let dispatcher = dispatcher([
            Sample.channel("hook", .webhook, ["url_env": "HOOK_URL", "max_retry_delay": "90s"]),
            Sample.channel("plain", .webhook, ["url_env": "HOOK_URL"]),
        ], environment: ["HOOK_URL": sink.url("/hook")])
        XCTAssertEqual(dispatcher.endpoints["hook"]?.maxRetryDelay, .seconds(90))
        XCTAssertNil(dispatcher.endpoints["plain"]?.maxRetryDelay)
        let lasting = Sample.notification(expiresAt: nil), leaving = Sample.notification(key: "soon", expiresAt: Sample.fireAt + 40)
        let results = dispatcher.send([
            DeliveryJob(id: 1, notification: lasting, channel: "hook", attempt: 9),
            DeliveryJob(id: 2, notification: lasting, channel: "plain", attempt: 9),
            DeliveryJob(id: 3, notification: leaving, channel: "plain", attempt: 1),
            DeliveryJob(id: 4, notification: leaving, channel: "hook", attempt: 1),
        ])
        XCTAssertEqual(results.map(\.nextAttemptAt), [Sample.fireAt + 90, Sample.fireAt + 300, Sample.fireAt + 39, Sample.fireAt + 39])
    }

    func testEveryChannelDeliversItsShapeInOneBatch() throws {
        let environment = ["HOOK_URL": sink.url("/hook/s3cret"), "HOOK_SECRET": "whsec_test", "SLACK_URL": sink.url("/slack/T0/B0/XYZ"),
                           "DISCORD_URL": sink.url("/api/webhooks/1/tok"), "NTFY_TOPIC": "leavenow-abc", "NTFY_TOKEN": "tk_1"]
        let dispatcher = dispatcher([
            Sample.channel("hook", .webhook, ["url_env": "HOOK_URL", "secret_env": "HOOK_SECRET"]),
            Sample.channel("team", .slack, ["url_env": "SLACK_URL"]),
            Sample.channel("chat", .discord, ["url_env": "DISCORD_URL"]),
            Sample.channel("phone", .ntfy, ["server": sink.url(""), "topic_env": "NTFY_TOPIC", "token_env": "NTFY_TOKEN",
                                            "tags": "train"]),
        ], environment: environment)
        XCTAssertTrue(dispatcher.problems.isEmpty, "\(dispatcher.problems)")
        let notification = Sample.notification(urgency: .critical, link: "https://example.com/ginza")
        let jobs = ["hook", "team", "chat", "phone"].enumerated().map {
            DeliveryJob(id: Int64($0.offset), notification: notification, channel: $0.element)
        }
        let results = dispatcher.send(jobs)
        XCTAssertEqual(results.map(\.outcome), Array(repeating: .delivered(status: 204), count: 4))
        XCTAssertEqual(results.map(\.job.id), [0, 1, 2, 3])
        XCTAssertTrue(results.allSatisfy { $0.nextAttemptAt == nil })

        let received = try sink.received().requests
        let byPath = Dictionary(uniqueKeysWithValues: received.map { ($0.path, $0) })
        XCTAssertEqual(Set(byPath.keys), ["/hook/s3cret", "/slack/T0/B0/XYZ", "/api/webhooks/1/tok", "/leavenow-abc"])
        for request in received {
            XCTAssertEqual(request.method, "POST")
            XCTAssertEqual(request.header("Idempotency-Key"), notification.key)
            XCTAssertTrue(request.header("User-Agent")?.hasPrefix("leavenow/") == true)
            XCTAssertEqual(request.headers.filter { $0.0.lowercased() == "user-agent" }.count, 1, "\(request.headers)")
            // A channel's answer is a few bytes: no Accept-Encoding (libcurl would format it per request).
            XCTAssertNil(request.header("Accept-Encoding"), "\(request.headers)")
        }

        let hook = try XCTUnwrap(byPath["/hook/s3cret"])
        let document = try hook.json()
        XCTAssertEqual(document["schema"] as? String, "leavenow.notification/1")
        XCTAssertEqual(document["urgency"] as? String, "critical")
        XCTAssertEqual(document["channel"] as? String, "hook")
        let signature = try XCTUnwrap(hook.header("X-Leavenow-Signature"))
        XCTAssertTrue(WebhookSigner(secret: "whsec_test").verify(headerValue: signature, body: Data(hook.body.utf8), now: Sample.fireAt))
        XCTAssertEqual(signature, "t=\(Sample.fireAt),v1=" + Self.pythonSignature(secret: "whsec_test", timestamp: Sample.fireAt, body: hook.body))

        let slack = try XCTUnwrap(byPath["/slack/T0/B0/XYZ"]).json()
        XCTAssertEqual(Set(slack.keys), ["text"])
        let discord = try XCTUnwrap(byPath["/api/webhooks/1/tok"]).json()
        XCTAssertEqual(Set(discord.keys), ["content", "allowed_mentions"])

        let ntfy = try XCTUnwrap(byPath["/leavenow-abc"])
        XCTAssertEqual(ntfy.body, notification.text)
        XCTAssertEqual(ntfy.header("Priority"), "5")
        XCTAssertEqual(ntfy.header("Tags"), "train")
        XCTAssertEqual(ntfy.header("Click"), "https://example.com/ginza")
        XCTAssertEqual(ntfy.header("Authorization"), "Bearer tk_1")
        XCTAssertEqual(Self.decodeEncodedWords(try XCTUnwrap(ntfy.header("Title"))), notification.title)
    }

    func testRetriesKeepTheIdempotencyKeyAndASinkThatHonoursItSeesOneDelivery() throws {
        // libcurl itself resends once when a reused connection closes without an answer, so two
        // closes in a row are needed for the dispatcher to see a broken connection.
        try sink.script([["status": 500], ["status": 429, "retry_after": "1"], ["close": true], ["close": true], ["status": 408]],
                        dedupe: true)
        let dispatcher = dispatcher([Sample.channel("hook", .webhook, ["url_env": "U"])], environment: ["U": sink.url("/hook")])
        var job = DeliveryJob(id: 7, notification: Sample.notification(), channel: "hook")
        var outcomes: [DeliveryOutcome] = []
        for _ in 0..<6 {
            let result = try XCTUnwrap(dispatcher.send([job]).first)
            outcomes.append(result.outcome)
            if case .retry = result.outcome { XCTAssertNotNil(result.nextAttemptAt) }
            job.attempt = result.outcome.isDelivered ? job.attempt + 1 : result.nextAttempt
        }
        guard case .retry(nil, let reason500Message) = outcomes[0] else { return XCTFail("\(outcomes[0])") }
        let reason500 = reason500Message.english
        XCTAssertTrue(reason500.contains("HTTP 500"), reason500)
        XCTAssertEqual(outcomes[1], .retry(after: .seconds(1), reason: .verbatim("webhook channel \"hook\": POST http://127.0.0.1:\(sink.port)/…: HTTP 429")))
        guard case .retry(nil, let closedMessage) = outcomes[2] else { return XCTFail("\(outcomes[2])") }
        let closed = closedMessage.english
        XCTAssertTrue(closed.contains("connection failed") || closed.contains("malformed"), closed)
        XCTAssertFalse(closed.contains("/hook"), closed)
        guard case .retry = outcomes[3] else { return XCTFail("408 is retried: \(outcomes[3])") }
        XCTAssertEqual(outcomes[4], .delivered(status: 204))
        XCTAssertEqual(outcomes[5], .delivered(status: 200), "a replay after a crash is answered as a duplicate")

        let received = try sink.received()
        XCTAssertEqual(received.requests.map(\.answer), ["500", "429", "close", "close", "408", "204", "200"])
        XCTAssertEqual(Set(received.requests.compactMap { $0.header("Idempotency-Key") }), [job.notification.key])
        XCTAssertEqual(received.duplicates, 1)
        let attempts = try received.requests.map { try $0.json()["attempt"] as? Int }
        XCTAssertEqual(attempts, [1, 2, 3, 3, 4, 5, 6], "libcurl's own resend carries the same body")
    }

    func testATimeoutIsRetried() throws {
        try sink.script([["stall_ms": 3000, "status": 204]])
        let dispatcher = dispatcher([Sample.channel("hook", .webhook, ["url_env": "U"])], environment: ["U": sink.url("/hook/abc")],
                                    configuration: DispatcherConfiguration(requestTimeout: .milliseconds(500)))
        let started = Date()
        let result = try XCTUnwrap(dispatcher.send([DeliveryJob(id: 1, notification: Sample.notification(), channel: "hook")]).first)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5)
        guard case .retry(nil, let reasonMessage) = result.outcome else { return XCTFail("\(result.outcome)") }
        let reason = reasonMessage.english
        XCTAssertTrue(reason.contains("timed out"), reason)
        XCTAssertEqual(result.nextAttemptAt, Sample.fireAt + 1, "half of the 2 s ceiling, rounded up to a whole second")
    }

    func testARefusedConnectionIsRetriedAndTheURLIsNotShown() throws {
        let closed = try WebhookSink()
        let port = closed.port
        closed.stop()
        let secretURL = "http://127.0.0.1:\(port)/services/T0000/B0000/SECRETSECRET"
        let dispatcher = dispatcher([Sample.channel("team", .slack, ["url_env": "U"])], environment: ["U": secretURL])
        let result = try XCTUnwrap(dispatcher.send([DeliveryJob(id: 1, notification: Sample.notification(), channel: "team")]).first)
        guard case .retry(nil, let reasonMessage) = result.outcome else { return XCTFail("\(result.outcome)") }
        let reason = reasonMessage.english
        XCTAssertTrue(reason.hasPrefix("slack channel \"team\": POST http://127.0.0.1:\(port)/…: could not connect"), reason)
        XCTAssertFalse(reason.contains("SECRET"), reason)
        XCTAssertFalse(reason.contains("services"), reason)
    }

    func testOther4xxIsPermanentWithTheServersWordsButNoSecret() throws {
        try sink.script([["status": 404, "body": "no_service"]], path: "/services/T0/B0/SECRETSECRET")
        try sink.script([["status": 302]], path: "/moved")
        let dispatcher = dispatcher([
            Sample.channel("team", .slack, ["url_env": "U"]), Sample.channel("moved", .webhook, ["url_env": "M"]),
        ], environment: ["U": sink.url("/services/T0/B0/SECRETSECRET"), "M": sink.url("/moved")])
        let results = dispatcher.send([
            DeliveryJob(id: 1, notification: Sample.notification(), channel: "team"),
            DeliveryJob(id: 2, notification: Sample.notification(), channel: "moved"),
        ])
        XCTAssertEqual(results[0].outcome, .permanent(reason: .verbatim("slack channel \"team\": POST http://127.0.0.1:\(sink.port)/…: HTTP 404: no_service")))
        XCTAssertNil(results[0].nextAttemptAt)
        guard case .permanent(let reasonMessage) = results[1].outcome else { return XCTFail("\(results[1].outcome)") }
        let reason = reasonMessage.english
        XCTAssertTrue(reason.contains("HTTP 302") && reason.contains("not followed"), reason)
    }

    func testAnAnswerEchoingTheRequestHeadersShowsNoCredential() throws {
        try sink.script([["status": 500, "echo": true]], path: "/hook/path-secret")
        try sink.script([["status": 401, "echo": true]], path: "/topic-secret")
        let hookURL = "http://hookuser:hook%2Fpass@127.0.0.1:\(sink.port)/hook/path-secret"
        let dispatcher = dispatcher([
            Sample.channel("hook", .webhook, ["url_env": "U", "secret_env": "S", "signature_header": "Hook-Sig"]),
            Sample.channel("phone", .ntfy, ["server": sink.url(""), "topic_env": "T", "token_env": "K"]),
        ], environment: ["U": hookURL, "S": "whsec_canary", "T": "topic-secret", "K": "tk_canary_token"])
        let results = dispatcher.send([
            DeliveryJob(id: 1, notification: Sample.notification(), channel: "hook"),
            DeliveryJob(id: 2, notification: Sample.notification(), channel: "phone"),
        ])
        let sent = try sink.received().requests
        let hook = try XCTUnwrap(sent.first { $0.path == "/hook/path-secret" })
        let basic = try XCTUnwrap(hook.header("Authorization"))
        XCTAssertEqual(basic, "Basic " + Data("hookuser:hook/pass".utf8).base64EncodedString())
        let signature = try XCTUnwrap(hook.header("Hook-Sig"))
        let reasons = results.map(\.outcome.description).joined(separator: "\n")
        for secret in [basic, String(basic.dropFirst(6)), signature, "whsec_canary", "topic-secret", "tk_canary_token",
                       "path-secret", "hook/pass", "hook%2Fpass"] {
            XCTAssertFalse(reasons.contains(secret), "\(secret) in \(reasons)")
        }
        XCTAssertTrue(reasons.contains("Authorization: Basic REDACTED"), reasons)
        XCTAssertTrue(reasons.contains("Hook-Sig: REDACTED"), reasons)
        XCTAssertTrue(reasons.contains("Authorization: Bearer REDACTED"), reasons)
    }

    func testExpiredAndMisconfiguredJobsAreNotSent() throws {
        let dispatcher = dispatcher([
            Sample.channel("hook", .webhook, ["url_env": "U"]), Sample.channel("broken", .slack, ["url_env": "MISSING_URL"]),
        ], environment: ["U": sink.url("/hook")], now: Sample.clock(Sample.fireAt + 480))
        let results = dispatcher.send([
            DeliveryJob(id: 1, notification: Sample.notification(expiresAt: Sample.fireAt + 480), channel: "hook"),
            DeliveryJob(id: 2, notification: Sample.notification(), channel: "broken"),
            DeliveryJob(id: 3, notification: Sample.notification(), channel: "nowhere"),
            DeliveryJob(id: 4, notification: Sample.notification(expiresAt: Sample.fireAt + 481), channel: "hook"),
        ])
        XCTAssertEqual(results[0].outcome, .expired)
        XCTAssertNil(results[0].nextAttemptAt)
        guard case .permanent(let brokenMessage) = results[1].outcome else { return XCTFail("\(results[1].outcome)") }
        let broken = brokenMessage.english
        XCTAssertTrue(broken.contains("channels.yaml:3:5: channel \"broken\": no URL:") && broken.contains("MISSING_URL"), broken)
        XCTAssertEqual(results[2].outcome, .permanent(reason: .verbatim("unknown channel \"nowhere\"")))
        XCTAssertEqual(results[3].outcome, .delivered(status: 204))
        XCTAssertEqual(try sink.received().requests.count, 1)
    }

    func testTheRateLimitDefersWithoutSending() throws {
        let clock = ManualClock(Double(Sample.fireAt))
        let dispatcher = dispatcher([Sample.channel("team", .slack, ["url_env": "U", "rate_per_minute": "6"])],
                                    environment: ["U": sink.url("/slack")], now: clock.now)
        let jobs = (1...3).map { DeliveryJob(id: Int64($0), notification: Sample.notification(key: "k\($0)"), channel: "team") }
        let first = dispatcher.send(jobs)
        XCTAssertEqual(first.map(\.outcome), [.delivered(status: 204), .deferred(until: Sample.fireAt + 10), .deferred(until: Sample.fireAt + 20)])
        XCTAssertEqual(first[1].nextAttemptAt, Sample.fireAt + 10)
        XCTAssertEqual(first[1].nextAttempt, 1, "a deferral is not an attempt")
        XCTAssertEqual(try sink.received().requests.count, 1)
        clock.advance(10)
        XCTAssertEqual(dispatcher.send([jobs[1]]).map(\.outcome), [.delivered(status: 204)])
    }

    func testABatchRunsConcurrentlyWithinTheConnectionCap() throws {
        try sink.script(Array(repeating: ["stall_ms": 400, "status": 204], count: 8))
        let dispatcher = dispatcher([Sample.channel("hook", .webhook, ["url_env": "U"])], environment: ["U": sink.url("/hook")],
                                    configuration: DispatcherConfiguration(maxConnections: 8))
        let jobs = (0..<8).map { DeliveryJob(id: Int64($0), notification: Sample.notification(key: "k\($0)"), channel: "hook") }
        let started = Date()
        XCTAssertTrue(dispatcher.send(jobs).allSatisfy { $0.outcome == .delivered(status: 204) })
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.6, "8 × 400 ms stalls overlap")

        let capped = self.dispatcher([Sample.channel("hook", .webhook, ["url_env": "U"])], environment: ["U": sink.url("/hook")],
                                     configuration: DispatcherConfiguration(maxConnections: 3))
        let many = (0..<120).map { DeliveryJob(id: Int64($0), notification: Sample.notification(key: "m\($0)"), channel: "hook") }
        let before = try sink.received().connections
        XCTAssertTrue(capped.send(many).allSatisfy { $0.outcome == .delivered(status: 204) })
        XCTAssertTrue(capped.send(many).allSatisfy { $0.outcome == .delivered(status: 204) })
        let opened = try sink.received().connections - before
        XCTAssertLessThanOrEqual(opened, 3, "240 requests on at most 3 reused connections")
    }

    // MARK: helpers

    /// The signature computed by Python's hmac module.
    static func pythonSignature(secret: String, timestamp: Int64, body: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c",
                             "import hashlib,hmac,sys; print(hmac.new(sys.argv[1].encode(), (sys.argv[2]+'.'+sys.argv[3]).encode(), hashlib.sha256).hexdigest())",
                             secret, String(timestamp), body]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return "python3 did not run" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Joins RFC 2047 `=?UTF-8?B?…?=` words back into text.
    static func decodeEncodedWords(_ header: String) -> String {
        guard header.hasPrefix("=?") else { return header }
        var bytes = Data()
        for word in header.split(separator: " ") {
            bytes.append(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) ?? Data())
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
