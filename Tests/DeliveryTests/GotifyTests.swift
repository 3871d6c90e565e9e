@testable import Channels
import Config
@testable import Delivery
import Foundation
import Notifications
import Secrets
import XCTest

/// `type: gotify`: the message's shape on the wire, the token header, and the token hidden in errors.
final class GotifyTests: XCTestCase {
    private var sink: WebhookSink!

    override func setUpWithError() throws {
        sink = try WebhookSink()
    }

    override func tearDown() {
        sink?.stop()
    }

    private func dispatcher(_ settings: [String: String], environment: [String: String],
                            configuration: DispatcherConfiguration = DispatcherConfiguration()) -> Dispatcher {
        var configuration = configuration
        configuration.proxy = .direct
        return Dispatcher(channels: [Sample.channel("gotify", .gotify, settings)], secrets: SecretSource(environment: environment),
                          configuration: configuration, now: Sample.clock(), random: { 0.5 })
    }

    func testAMessageIsPostedToTheMessageEndpointWithTheTokenHeader() throws {
        let dispatcher = dispatcher(["server": sink.url("/gotify/"), "token_env": "GOTIFY_TOKEN"], environment: ["GOTIFY_TOKEN": "AbCdEf.123"])
        XCTAssertTrue(dispatcher.problems.isEmpty, "\(dispatcher.problems)")
        XCTAssertEqual(dispatcher.endpoints["gotify"]?.rateLimit?.perMinute, 60)
        let notification = Sample.notification(urgency: .critical, link: "https://example.com/ginza")
        let results = dispatcher.send([DeliveryJob(id: 1, notification: notification, channel: "gotify")])
        XCTAssertEqual(results.map(\.outcome), [.delivered(status: 204)])

        let request = try XCTUnwrap(try sink.received().requests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/gotify/message")
        XCTAssertEqual(request.header("X-Gotify-Key"), "AbCdEf.123")
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(request.header("Idempotency-Key"), notification.key)
        let body = try request.json()
        XCTAssertEqual(body["title"] as? String, notification.title)
        XCTAssertEqual(body["message"] as? String, notification.text + "\nhttps://example.com/ginza")
        XCTAssertEqual(body["priority"] as? Int, 8, "critical")
        let extras = try XCTUnwrap(body["extras"] as? [String: Any])
        XCTAssertEqual((extras["client::display"] as? [String: Any])?["contentType"] as? String, "text/plain")
        let click = (extras["client::notification"] as? [String: Any])?["click"] as? [String: Any]
        XCTAssertEqual(click?["url"] as? String, "https://example.com/ginza")
        XCTAssertEqual(Set(body.keys), ["title", "message", "priority", "extras"])
    }

    func testPriorityComesFromTheUrgencyOrTheSettingAndExtrasOnlyWithALink() throws {
        XCTAssertEqual([Urgency.low, .normal, .critical].map(GotifyPayload.priority(for:)), [2, 5, 8])
        let plain = GotifyPayload.build(Sample.notification(urgency: .low), token: "t")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: plain.body) as? [String: Any])
        XCTAssertEqual(object["priority"] as? Int, 2)
        XCTAssertNil(object["extras"], "no link, no extras")
        XCTAssertEqual(object["message"] as? String, Sample.notification().text)
        let set = GotifyPayload.build(Sample.notification(urgency: .low), priority: 0, token: "t")
        XCTAssertEqual((try JSONSerialization.jsonObject(with: set.body) as? [String: Any])?["priority"] as? Int, 0)
        XCTAssertEqual(GotifyPayload.build(Sample.notification(), token: "a\r\nX-Evil: 1").headers["X-Gotify-Key"], "a  X-Evil: 1")
    }

    func testTheTokenIsHiddenFromErrorsAndTheDescription() throws {
        try sink.script([["status": 401, "echo": true, "body": "bad token CanaryToken.42"]], path: "/message")
        let dispatcher = dispatcher(["server": sink.url(""), "token_env": "T"], environment: ["T": "CanaryToken.42"])
        let endpoint = try XCTUnwrap(dispatcher.endpoints["gotify"])
        XCTAssertEqual(endpoint.description, "gotify channel \"gotify\" → http://127.0.0.1:\(sink.port)/…")
        var dumped = ""
        dump(endpoint, to: &dumped)
        XCTAssertFalse(dumped.contains("CanaryToken"), dumped)
        let result = try XCTUnwrap(dispatcher.send([DeliveryJob(id: 1, notification: Sample.notification(), channel: "gotify")]).first)
        guard case .permanent(let reasonMessage) = result.outcome else { return XCTFail("401 is permanent: \(result.outcome)") }
        let reason = reasonMessage.english
        XCTAssertTrue(reason.hasPrefix("gotify channel \"gotify\": POST http://127.0.0.1:\(sink.port)/…: HTTP 401"), reason)
        XCTAssertFalse(reason.contains("CanaryToken"), reason)
        XCTAssertEqual(try sink.received().requests.first?.header("X-Gotify-Key"), "CanaryToken.42")
    }

    func testTheIncrementalPathHidesTheTokenToo() throws {
        try sink.script([["status": 500, "echo": true]], path: "/message")
        let dispatcher = dispatcher(["server": sink.url(""), "token_env": "T"], environment: ["T": "CanaryToken.43"])
        XCTAssertNil(dispatcher.start(DeliveryJob(id: 1, notification: Sample.notification(), channel: "gotify"), tag: 7))
        var collected: [(tag: Int, result: DeliveryResult)] = []
        for _ in 0..<50 where collected.isEmpty { collected = dispatcher.collect(waitMilliseconds: 100) }
        let result = try XCTUnwrap(collected.first?.result)
        guard case .retry(_, let reasonMessage) = result.outcome else { return XCTFail("500 is retried: \(result.outcome)") }
        let reason = reasonMessage.english
        XCTAssertFalse(reason.contains("CanaryToken"), reason)
    }

    func testAMissingOrLiteralTokenAndABadSecretAreReported() throws {
        XCTAssertThrowsError(try ChannelEndpoint(Sample.channel("g", .gotify, ["server": "https://push.example", "token_env": "NOPE"]),
                                                 secrets: SecretSource(environment: [:]))) { error in
            XCTAssertEqual((error as? ChannelConfigurationError)?.secret, "NOPE")
            XCTAssertTrue(String(describing: error).hasPrefix("channels.yaml:3:5: channel \"g\": no token:"), "\(error)")
        }
        let literal = try ChannelEndpoint(Sample.channel("g", .gotify, ["server": "https://push.example", "token": "Literal.1"]),
                                          secrets: SecretSource(environment: [:]))
        XCTAssertEqual(literal.warnings.map(\.english), ["channels.yaml:3:5: channel \"g\": the token is written in the configuration; "
            + "whoever knows a Gotify application token can post to it: prefer token_env or token_file"])
        XCTAssertEqual(literal.redact("key Literal.1"), "key REDACTED")
    }
}
