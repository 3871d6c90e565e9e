import Config
@testable import Channels
@testable import Delivery
import Foundation
import Secrets
import XCTest

final class ChannelEndpointTests: XCTestCase {
    private let slackURL = "https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXX"

    func testURLFromEnvironmentIsNeverShown() throws {
        let secrets = SecretSource(environment: ["SLACK_URL": slackURL])
        let endpoint = try ChannelEndpoint(Sample.channel("team", .slack, ["url_env": "SLACK_URL"]), secrets: secrets)
        XCTAssertEqual(endpoint.displayURL, "https://hooks.slack.com/…")
        XCTAssertEqual(endpoint.description, "slack channel \"team\" → https://hooks.slack.com/…")
        var dumped = ""
        dump(endpoint, to: &dumped)
        XCTAssertFalse(dumped.contains("XXXXXXXX"), dumped)
        XCTAssertFalse(endpoint.redact("failed: \(slackURL) and /services/T0000/B0000/XXXXXXXXXXXXXXXX").contains("XXXX"))
        XCTAssertTrue(endpoint.warnings.isEmpty)
        XCTAssertEqual(endpoint.rateLimit?.perMinute, 60)
    }

    func testURLFromFileAndLiteralURLWarns() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-url-\(UUID().uuidString)")
        try Data((slackURL + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try ChannelEndpoint(Sample.channel("team", .discord, ["url_file": file.path]), secrets: SecretSource(environment: [:]))
        XCTAssertEqual(fromFile.url, slackURL)

        let literal = try ChannelEndpoint(Sample.channel("local", .webhook, ["url": "http://127.0.0.1:9/hook"]), secrets: SecretSource(environment: [:]))
        XCTAssertEqual(literal.warnings.count, 1)
        XCTAssertTrue(literal.warnings[0].english.contains("channels.yaml:3:5"), literal.warnings[0].english)
        XCTAssertTrue(literal.warnings[0].english.contains("prefer url_env or url_file"))
        XCTAssertNil(literal.rateLimit, "webhooks are unlimited by default")
    }

    func testMissingSecretNamesTheVariableAndThePlace() {
        XCTAssertThrowsError(try ChannelEndpoint(Sample.channel("team", .slack, ["url_env": "NOPE_URL"]), secrets: SecretSource(environment: [:]))) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasPrefix("channels.yaml:3:5: channel \"team\": no URL:"), text)
            XCTAssertTrue(text.contains("NOPE_URL is not set"), text)
            XCTAssertEqual((error as? ChannelConfigurationError)?.secret, "NOPE_URL", "a missing secret is named: the worker holds the channel")
        }
    }

    func testASecretURLTheChannelCannotUseIsASecretProblemAndAConfigurationProblemIsNot() {
        let secrets = SecretSource(environment: ["U": "ftp://x/y"])
        XCTAssertThrowsError(try ChannelEndpoint(Sample.channel("a", .slack, ["url_env": "U"]), secrets: secrets)) { error in
            let problem = error as? ChannelConfigurationError
            XCTAssertEqual(problem?.message, "the URL from U must start with https:// or http:// (it starts with \"ftp\")")
            XCTAssertEqual(problem?.secret, "U")
        }
        XCTAssertThrowsError(try ChannelEndpoint(Sample.channel("b", .ntfy, ["topic": "t", "priority": "9"]), secrets: secrets)) { error in
            let problem = error as? ChannelConfigurationError
            XCTAssertEqual(problem?.message, "priority must be 1 to 5 (ntfy's min … max), not \"9\"")
            XCTAssertNil(problem?.secret)
        }
        let dispatcher = Dispatcher(channels: [Sample.channel("a", .slack, ["url_env": "U"]), Sample.channel("c", .slack, ["url_env": "NOPE"]),
                                               Sample.channel("b", .ntfy, ["topic": "t", "priority": "9"])], secrets: secrets)
        XCTAssertEqual(Set(dispatcher.problems.keys), ["a", "b", "c"])
        XCTAssertEqual(Set(dispatcher.secretProblems.keys), ["a", "c"])
    }

    func testBadSettingsAreRefusedQuotingTheValue() {
        let secrets = SecretSource(environment: ["U": "ftp://x/y", "T": "topic"])
        let cases: [(ChannelSpec, String)] = [
            (Sample.channel("a", .slack, ["url_env": "U"]), "must start with https:// or http://"),
            (Sample.channel("b", .ntfy, ["topic_env": "T", "priority": "9"]), "priority must be 1 to 5 (ntfy's min … max), not \"9\""),
            (Sample.channel("c", .webhook, ["url": "https://x/y", "rate_per_minute": "fast"]), "not \"fast\""),
            (Sample.channel("d", .webhook, ["url": "https://x/y", "body_template": "{nope}"]), "{nope}"),
            (Sample.channel("e", .desktop, ["expire": "-3"]), "not \"-3\""),
            (Sample.channel("f", .webhook, ["url": "https://x/y", "secret_env": "MISSING"]), "no signing secret"),
        ]
        for (spec, expected) in cases {
            XCTAssertThrowsError(try ChannelEndpoint(spec, secrets: secrets), spec.id) { error in
                XCTAssertTrue(String(describing: error).contains(expected), "\(spec.id): \(error)")
            }
        }
    }

    func testNtfyTopicAndTokenAreSecrets() throws {
        let secrets = SecretSource(environment: ["TOPIC": "leavenow-9f8e7d", "TOKEN": "tk_secret123"])
        let endpoint = try ChannelEndpoint(Sample.channel("phone", .ntfy, ["server": "https://ntfy.example/", "topic_env": "TOPIC",
                                                                           "token_env": "TOKEN", "tags": "train, warning"]),
                                           secrets: secrets)
        XCTAssertEqual(endpoint.url, "https://ntfy.example/leavenow-9f8e7d")
        XCTAssertEqual(endpoint.displayURL, "https://ntfy.example/…")
        XCTAssertEqual(endpoint.redact("POST https://ntfy.example/leavenow-9f8e7d Bearer tk_secret123"),
                       "POST https://ntfy.example/REDACTED Bearer REDACTED")
        let payload = try XCTUnwrap(endpoint.payload(for: DeliveryJob(id: 1, notification: Sample.notification(), channel: "phone"), now: 0))
        XCTAssertEqual(payload.headers["Tags"], "train,warning")
        XCTAssertEqual(payload.headers["Authorization"], "Bearer tk_secret123")
    }

    func testKnownKeysIncludeTheDeliverySettings() {
        XCTAssertTrue(ChannelSpec.knownKeys(for: .webhook).contains("body_template"))
        XCTAssertTrue(ChannelSpec.knownKeys(for: .ntfy).contains("priority"))
        XCTAssertTrue(ChannelSpec.knownKeys(for: .desktop).contains("category"))
    }
}
