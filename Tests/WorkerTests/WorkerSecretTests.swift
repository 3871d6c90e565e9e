import Foundation
import TestServers
import XCTest

/// Secrets in the environment — the OpenWeather and ODPT keys, a webhook URL with a secret path,
/// an HMAC signing secret — never appear in what any command prints, even when the provider echoes
/// a wrong key back and the webhook fails with a body quoting its own URL.
final class WorkerSecretTests: XCTestCase {
    func testNoCommandPrintsASecret() throws {
        let odptKey = "odpt-SECRET-9a8b7c6d5e"
        let weatherKey = "owm-SECRET-5f1e2d3c4b"  // wrong for the server: its 401 echoes it back
        let hookPath = "/hook/SECRET-PATH-77aa55cc"
        let signingSecret = "hmac-SECRET-0c0ffee0d1"
        let secrets = [odptKey, weatherKey, "SECRET-PATH-77aa55cc", signingSecret]

        let scratch = try WorkerScratch()
        let rules = scratch.path("rules"), state = scratch.path("state")
        try scratch.write("rules/config.yaml", WorkerOfflineTests.configuration(hookVariable: "LEAVENOW_SECRET_HOOK_URL")
            + "    secret_env: LEAVENOW_HOOK_SECRET\n")
        let server = try ScriptServer(script: "test-source-server.py", arguments: ["--key", odptKey])
        defer { server.stop() }
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        let hookURL = "http://127.0.0.1:\(sink.port)\(hookPath)"
        // The sink fails every delivery, quoting the URL it was called at.
        try sink.script(Array(repeating: ["status": 500, "body": "internal error at \(hookURL) \(signingSecret)"], count: 10))
        let environment = ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "ODPT_CONSUMER_KEY": odptKey, "OPENWEATHER_API_KEY": weatherKey,
                           "LEAVENOW_SECRET_HOOK_URL": hookURL, "LEAVENOW_HOOK_SECRET": signingSecret]

        var outputs: [(String, LeavenowProcess.Outcome)] = []
        func run(_ arguments: [String]) throws -> LeavenowProcess.Outcome {
            let outcome = try LeavenowProcess.run(arguments, environment: environment)
            outputs.append((arguments.prefix(2).joined(separator: " "), outcome))
            return outcome
        }
        let fetch = try run(["fetch", "--rules", rules, "--state", state])
        XCTAssertEqual(fetch.status, 1, "the wrong weather key fails: \(fetch.all)")
        XCTAssertTrue(fetch.stdout.contains("401"), fetch.all)
        _ = try run(["sources", "--rules", rules, "--state", state])
        _ = try run(["dry-run", "--rules", rules, "--state", state, "--at", "2017-04-10T08:00"])
        let worker = try run(["run", "--once", "--rules", rules, "--state", state, "--simulate-from", WorkerOfflineTests.later])
        XCTAssertEqual(worker.status, 0, worker.all)
        XCTAssertFalse(LogLine.events("notification.retry", in: worker.stderr).isEmpty, "a delivery failed: \(worker.stderr)")
        XCTAssertFalse(LogLine.events("source.failed", in: worker.stderr).isEmpty, worker.stderr)
        _ = try run(["status", "--rules", rules, "--state", state])
        _ = try run(["status", "--rules", rules, "--state", state, "--json"])
        let outbox = try run(["outbox", "--state", state, "--status", "pending,dead", "--json"])
        XCTAssertTrue(outbox.stdout.contains("\"last_error\": \""), "the failure is recorded: \(outbox.stdout)")
        _ = try run(["outbox", "--state", state, "--status", "pending,dead"])
        let notify = try run(["notify", "hook", "a test", "--rules", rules])
        XCTAssertEqual(notify.status, 1, "the sink answers 500: \(notify.all)")
        _ = try run(["check", "--rules", rules])

        let requests = try sink.all().requests
        XCTAssertGreaterThanOrEqual(requests.count, 2, "the worker and notify reached the sink")
        XCTAssertTrue(requests.allSatisfy { $0.path == hookPath })
        XCTAssertTrue(requests.allSatisfy { $0.header("X-Leavenow-Signature") != nil || $0.headers.contains { $0.0.lowercased().contains("signature") } },
                      "the deliveries are signed: \(requests.map(\.headers))")
        // The places a secret would have been show that they were hidden, not absent.
        XCTAssertTrue(worker.stderr.contains("appid=REDACTED"), worker.stderr)
        XCTAssertTrue(worker.stderr.contains("internal error at REDACTED"), worker.stderr)
        XCTAssertTrue(outbox.stdout.contains("internal error at REDACTED"), outbox.stdout)
        for (command, outcome) in outputs {
            for secret in secrets {
                XCTAssertFalse(outcome.all.contains(secret), "`leavenow \(command)` printed \(secret):\n\(outcome.all)")
            }
        }
    }
}
