@testable import Channels
import Config
@testable import Delivery
import Foundation
import Secrets
import XCTest

/// The registry of channel kinds, and the dispatcher's two paths sharing its stages.
final class ChannelRegistryTests: XCTestCase {
    func testEveryKindIsListedOnceWithItsKeysAndRate() {
        let kinds = ChannelRegistry.integrations.map(\.kind)
        XCTAssertEqual(kinds, [.webhook, .slack, .discord, .ntfy, .desktop, .gotify])
        for integration in ChannelRegistry.integrations {
            let keys = ChannelRegistry.knownKeys(for: integration.kind)
            XCTAssertEqual(Set(keys).count, keys.count, "\(integration.kind): a key twice")
            XCTAssertEqual(keys.suffix(2), ["rate_per_minute", "max_retry_delay"])
            for setting in integration.secrets { XCTAssertTrue(Set(setting.keys).isSubset(of: keys), "\(integration.kind)") }
            XCTAssertEqual(ChannelRateLimiter.defaultRatePerMinute(for: integration.kind), integration.defaultRatePerMinute)
        }
        XCTAssertEqual(ChannelRateLimiter.defaultRatePerMinute(for: .gotify), 60)
        XCTAssertEqual(ChannelSpec.knownKeys(for: .gotify), ["token", "token_env", "token_file", "server", "priority", "rate_per_minute",
                                                               "max_retry_delay"])
        XCTAssertNil(ChannelRegistry.integration(for: "pager"))
    }

    func testAnUnknownKindIsAProblemOfTheChannel() {
        XCTAssertThrowsError(try ChannelRegistry.check(kind: "pager", values: [:])) { error in
            XCTAssertEqual((error as? ChannelSettingsError)?.problems.first?.message,
                           "unknown channel type \"pager\" (expected one of: webhook, slack, discord, ntfy, desktop, gotify)")
        }
    }

    func testSecretFilesAreResolvedAndReferencedByPrefix() {
        let spec = ChannelSpec(id: "g", kind: .gotify, settings: ["server": "https://push.example", "token_file": "gotify.token"],
                               location: ConfigLocation(file: "rules/channels.yaml", line: 2, column: 5),
                               resolve: { "/etc/leavenow/rules/" + $0 })
        XCTAssertEqual(spec.secrets, ["token": SecretReference(file: "/etc/leavenow/rules/gotify.token")])
        guard case .success(let checked) = spec.checked else { return XCTFail("\(spec.checked)") }
        XCTAssertEqual(checked.kind, .gotify)
    }

    /// `send` (a batch) and `start` / `collect` (the worker's path) go through the same stages: the
    /// same requests reach the sink for every HTTP kind.
    func testBothSendPathsSendTheSameRequests() throws {
        let sink = try WebhookSink()
        defer { sink.stop() }
        let environment = ["HOOK": sink.url("/hook/s3cret"), "SIGN": "whsec_test", "SLACK": sink.url("/slack/T/B/X"),
                           "DISCORD": sink.url("/api/webhooks/1/t"), "TOPIC": "leavenow-t", "TOKEN": "tk_1", "GOTIFY": "G.1"]
        let channels = [
            Sample.channel("hook", .webhook, ["url_env": "HOOK", "secret_env": "SIGN"]),
            Sample.channel("team", .slack, ["url_env": "SLACK"]),
            Sample.channel("chat", .discord, ["url_env": "DISCORD"]),
            Sample.channel("phone", .ntfy, ["server": sink.url(""), "topic_env": "TOPIC", "token_env": "TOKEN"]),
            Sample.channel("home", .gotify, ["server": sink.url("/g"), "token_env": "GOTIFY"]),
        ]
        func dispatcher() -> Dispatcher {
            var configuration = DispatcherConfiguration()
            configuration.proxy = .direct
            return Dispatcher(channels: channels, secrets: SecretSource(environment: environment), configuration: configuration,
                              now: Sample.clock(), random: { 0.5 })
        }
        let jobs = channels.enumerated().map {
            DeliveryJob(id: Int64($0.offset), notification: Sample.notification(link: "https://example.com/x"), channel: $0.element.id)
        }
        XCTAssertEqual(dispatcher().send(jobs).map(\.outcome), Array(repeating: .delivered(status: 204), count: jobs.count))
        let batch = try sink.received().requests

        let incremental = dispatcher()
        for (tag, job) in jobs.enumerated() { XCTAssertNil(incremental.start(job, tag: tag)) }
        var outcomes: [Int: DeliveryOutcome] = [:]
        for _ in 0..<100 where outcomes.count < jobs.count {
            for (tag, result) in incremental.collect(waitMilliseconds: 100) { outcomes[tag] = result.outcome }
        }
        XCTAssertEqual(outcomes.count, jobs.count)
        XCTAssertTrue(outcomes.values.allSatisfy { $0 == .delivered(status: 204) }, "\(outcomes)")
        let all = try sink.received().requests
        let started = Array(all.dropFirst(batch.count))

        func shape(_ request: WebhookSink.Request) -> String {
            let headers = ["Content-Type", "Idempotency-Key", "Authorization", "X-Gotify-Key", "X-Leavenow-Signature", "Title", "Priority"]
            return ([request.method, request.path, request.body] + headers.map { "\($0): \(request.header($0) ?? "-")" }).joined(separator: "\n")
        }
        XCTAssertEqual(started.map(shape).sorted(), batch.map(shape).sorted())
        XCTAssertEqual(Set(batch.map(\.path)), ["/hook/s3cret", "/slack/T/B/X", "/api/webhooks/1/t", "/leavenow-t", "/g/message"])
    }
}
