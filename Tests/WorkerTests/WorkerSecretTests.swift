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
        XCTAssertEqual(worker.status, 75, "the wrong weather key fails the pass's fetch: \(worker.all)")
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

    /// Canary secrets in every place a secret can go — a webhook URL with a Basic-auth userinfo and a
    /// secret path, its HMAC signing secret, an ntfy topic and bearer token, Slack and Discord
    /// webhook URLs, the OpenWeather and ODPT keys — while every endpoint answers 500 or 401 with a
    /// page echoing the request line and every request header. No command's output, the worker's
    /// log, or any file in the state directory holds a canary in any form derived from it (literal,
    /// percent-encoded, decoded, base64, the Basic credential) or a credential header value that was
    /// sent; `REDACTED` stands where the echo showed one.
    func testNoDerivedFormOfACanarySecretLeaves() throws {
        let user = "canaryuser7q", password = "canary-pw-3e%21Zx", plainPassword = "canary-pw-3e!Zx"
        let hookPath = "/hook/CANARY-PATH-5b6c7d"
        let signingSecret = "canary-hmac-8e9f0a1b"
        let ntfyTopic = "canary-topic-2a3b", ntfyToken = "tk_canaryntfy4d5e6f"
        let slackPath = "/services/CANARY-SLACK-11aa/22bb", discordPath = "/api/webhooks/CANARY-DISCORD-33cc"
        let weatherKey = "canary-owm-44dd55ee"  // wrong for the server: its 401 echoes the request
        let odptKey = "canary-odpt-66ff77aa"

        let scratch = try WorkerScratch()
        let rules = scratch.path("rules"), state = scratch.path("state")
        let server = try ScriptServer(script: "test-source-server.py", arguments: ["--key", odptKey, "--echo"])
        defer { server.stop() }
        let sink = try WorkerWebhookSink()
        defer { sink.stop() }
        let base = "http://127.0.0.1:\(sink.port)"
        let hookURL = "http://\(user):\(password)@127.0.0.1:\(sink.port)\(hookPath)"
        try scratch.write("rules/config.yaml", WorkerOfflineTests.configuration(hookVariable: "CANARY_HOOK_URL")
            + "    secret_env: CANARY_HOOK_SECRET\n"
            + """
              - id: team
                type: slack
                url_env: CANARY_SLACK_URL
                rate_per_minute: 0
              - id: ops
                type: discord
                url_env: CANARY_DISCORD_URL
                rate_per_minute: 0
              - id: phone
                type: ntfy
                server: \(base)
                topic_env: CANARY_NTFY_TOPIC
                token_env: CANARY_NTFY_TOKEN
                rate_per_minute: 0

            """)
        let echo500 = Array(repeating: ["status": 500, "echo": true] as [String: Any], count: 20)
        let echo401 = Array(repeating: ["status": 401, "echo": true] as [String: Any], count: 20)
        try sink.script(echo500, path: hookPath)
        try sink.script(echo401, path: slackPath)
        try sink.script(echo500, path: discordPath)
        try sink.script(echo401, path: "/" + ntfyTopic)
        let environment = ["LEAVENOW_SOURCE_BASE_URL": server.baseURL, "ODPT_CONSUMER_KEY": odptKey, "OPENWEATHER_API_KEY": weatherKey,
                           "CANARY_HOOK_URL": hookURL, "CANARY_HOOK_SECRET": signingSecret,
                           "CANARY_SLACK_URL": base + slackPath, "CANARY_DISCORD_URL": base + discordPath,
                           "CANARY_NTFY_TOPIC": ntfyTopic, "CANARY_NTFY_TOKEN": ntfyToken]

        var outputs: [(String, String)] = []
        func run(_ arguments: [String]) throws -> LeavenowProcess.Outcome {
            let outcome = try LeavenowProcess.run(arguments, environment: environment)
            outputs.append((arguments.prefix(3).joined(separator: " ") + " (stdout)", outcome.stdout))
            outputs.append((arguments.prefix(3).joined(separator: " ") + " (stderr)", outcome.stderr))
            return outcome
        }
        let fetch = try run(["fetch", "--rules", rules, "--state", state])
        XCTAssertEqual(fetch.status, 1, "the wrong weather key fails: \(fetch.all)")
        _ = try run(["sources", "--rules", rules, "--state", state])
        _ = try run(["dry-run", "--rules", rules, "--state", state, "--at", "2017-04-10T08:00"])
        let worker = try run(["run", "--once", "--rules", rules, "--state", state, "--simulate-from", WorkerOfflineTests.later])
        XCTAssertEqual(worker.status, 75, "the wrong weather key fails the pass's fetch: \(worker.all)")
        XCTAssertFalse(LogLine.events("notification.retry", in: worker.stderr).isEmpty, "a delivery failed: \(worker.stderr)")
        _ = try run(["status", "--rules", rules, "--state", state])
        _ = try run(["status", "--rules", rules, "--state", state, "--json"])
        let outboxJSON = try run(["outbox", "--state", state, "--status", "pending,dead", "--json"])
        let outbox = try run(["outbox", "--state", state, "--status", "pending,dead"])
        var notified: [String: LeavenowProcess.Outcome] = [:]
        for channel in ["hook", "team", "ops", "phone"] {
            let notify = try run(["notify", channel, "a canary test", "--rules", rules])
            XCTAssertEqual(notify.status, 1, "the sink fails \(channel): \(notify.all)")
            notified[channel] = notify
        }
        _ = try run(["check", "--rules", rules])

        // What was sent: every channel was reached, with the credentials derived from the canaries.
        let requests = try sink.all().requests
        let basic = "Basic " + Data("\(user):\(plainPassword)".utf8).base64EncodedString()
        XCTAssertTrue(requests.contains { $0.path == hookPath && $0.header("Authorization") == basic },
                      "curl sent the URL's userinfo as Basic auth: \(requests.map(\.headers))")
        XCTAssertTrue(requests.contains { $0.path == "/" + ntfyTopic && $0.header("Authorization") == "Bearer " + ntfyToken })
        XCTAssertTrue(requests.contains { $0.path == slackPath } && requests.contains { $0.path == discordPath })
        var sentValues: [String] = []
        for request in requests {
            for (name, value) in request.headers where name.lowercased() == "authorization" || name.lowercased().hasSuffix("signature") {
                sentValues.append(value)
                sentValues += value.split(separator: ",").filter { $0.hasPrefix("v1=") }.map { String($0.dropFirst(3)) }
            }
        }
        XCTAssertTrue(sentValues.contains { $0.hasPrefix("t=") }, "the deliveries are signed")

        // Every canary in every form it can take.
        let literals = ["\(user):\(password)", "\(user):\(plainPassword)", password, plainPassword, hookPath.dropFirst().description,
                        signingSecret, ntfyTopic, ntfyToken, slackPath.dropFirst().description, discordPath.dropFirst().description,
                        weatherKey, odptKey]
        var forms = Set(sentValues.filter { $0.count >= 8 })
        for literal in literals {
            forms.insert(literal)
            forms.insert(literal.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? literal)
            forms.insert(literal.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? literal)
            let base64 = Data(literal.utf8).base64EncodedString()
            forms.insert(base64)
            forms.insert(String(base64.prefix { $0 != "=" }))
        }
        forms.insert(String(basic.dropFirst("Basic ".count)))

        // Every file under the state directory: the database, its WAL, the source cache.
        var files: [(String, Data)] = []
        let enumerator = FileManager.default.enumerator(atPath: state)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = state + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append((name, try Data(contentsOf: URL(fileURLWithPath: path))))
            }
        }
        XCTAssertTrue(files.contains { $0.0.hasSuffix("state.db") }, "the state directory: \(files.map(\.0))")
        XCTAssertTrue(files.contains { $0.1.range(of: Data("Authorization: Basic REDACTED".utf8)) != nil },
                      "the echoed failure is stored, redacted: \(files.map(\.0))")

        for form in forms.sorted() {
            for (place, text) in outputs {
                XCTAssertFalse(text.contains(form), "`leavenow \(place)` shows \"\(form)\":\n\(text)")
            }
            for (name, data) in files {
                XCTAssertNil(data.range(of: Data(form.utf8)), "\(name) in the state directory holds \"\(form)\"")
            }
        }

        // Where the echo was, the credentials show as REDACTED.
        XCTAssertTrue(notified["hook"]?.stderr.contains("Authorization: Basic REDACTED") ?? false, notified["hook"]?.all ?? "")
        XCTAssertTrue(notified["phone"]?.stderr.contains("Authorization: Bearer REDACTED") ?? false, notified["phone"]?.all ?? "")
        XCTAssertTrue(notified["team"]?.stderr.contains("POST REDACTED HTTP/1.1") ?? false, notified["team"]?.all ?? "")
        XCTAssertTrue(worker.stderr.contains("Authorization: Basic REDACTED"), worker.stderr)
        XCTAssertTrue(outbox.stdout.contains("Authorization: Basic REDACTED"), outbox.stdout)
        XCTAssertTrue(outboxJSON.stdout.contains("Authorization: Basic REDACTED"), outboxJSON.stdout)
    }
}
