import Config
import Foundation
import XCTest

/// Every channel value delivery would refuse is refused where the YAML is read, with the exact
/// message at the value (`line:col`): one fixture per rejected value.
final class ChannelDiagnosticsTests: XCTestCase {
    /// The problems of a rules file holding `channels:` and the one channel `item` (on line 2), as `line:col: message`.
    func problems(_ item: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-channels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try ("channels:\n" + item + "\n").write(to: directory.appendingPathComponent("channels.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try Configuration.load(directory: directory.path)
            return []
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: directory.path + "/channels.yaml:", with: "") }
        }
    }

    /// `2:<column of the value of key>: message` for a one-line item.
    func at(_ item: String, _ key: String, _ message: String) -> String {
        guard let range = item.range(of: key + ": ") else { return "no \(key) in \(item)" }
        return "2:\(item.distance(from: item.startIndex, to: range.upperBound) + 1): \(message)"
    }

    func testValidChannelsOfEachKindHaveNoProblems() throws {
        XCTAssertEqual(try problems("""
          - {id: a, type: webhook, url_env: HOOK, secret_env: SIGN, signature_header: X-Sig, body_template: '{"m": "{title}"}', timezone: Asia/Tokyo, rate_per_minute: 0}
          - {id: b, type: ntfy, server: "https://ntfy.example/", topic_env: T, priority: 5, tags: "train, warning", icon: "https://example.com/i.png"}
          - {id: c, type: desktop, expire: 30, app_name: leavenow}
          - {id: e, type: desktop, expire: 5m, icon: appointment-soon, category: transfer}
          - {id: d, type: slack, url: "https://hooks.slack.com/services/T/B/X", rate_per_minute: 1.5, max_retry_delay: 1m30s}
          - {id: f, type: desktop, max_retry_delay: 1d}
        """), [])
    }

    func testEachRejectedValueIsAnErrorAtTheValue() throws {
        let cases: [(item: String, key: String, message: String)] = [
            ("  - {id: c, type: ntfy, topic_env: T, priority: 9}", "priority",
             "priority must be 1 to 5 (ntfy's min … max), not \"9\""),
            ("  - {id: c, type: ntfy, topic_env: T, priority: high}", "priority",
             "priority must be 1 to 5 (ntfy's min … max), not \"high\""),
            ("  - {id: c, type: ntfy, topic_env: T, server: ntfy.example}", "server",
             "server must start with https:// or http://, not \"ntfy.example\""),
            ("  - {id: c, type: ntfy, topic_env: T, server: \"https://\"}", "server", "server has no host after the scheme: \"https://\""),
            ("  - {id: c, type: ntfy, topic: \"\"}", "topic", "topic must not be empty"),
            ("  - {id: c, type: ntfy, topic_env: T, tags: \"a\\nb\"}", "tags",
             "tags must not contain control characters (a line break?): \"a\\nb\""),
            ("  - {id: c, type: ntfy, topic_env: T, icon: bell.png}", "icon",
             "icon must be an https:// or http:// URL of a JPEG or PNG image, not \"bell.png\""),
            ("  - {id: c, type: webhook, url: \"ftp://example.com/hook\"}", "url",
             "url must start with https:// or http:// (it starts with \"ftp\")"),
            ("  - {id: c, type: discord, url: \"https:///hook\"}", "url", "url has no host after the scheme"),
            ("  - {id: c, type: slack, url: \"https://example.com/a b\"}", "url", "url must not contain spaces or control characters"),
            ("  - {id: c, type: webhook, url_env: HOOK, rate_per_minute: fast}", "rate_per_minute",
             "rate_per_minute must be a number of notifications per minute (0 for unlimited), not \"fast\""),
            ("  - {id: c, type: slack, url_env: HOOK, rate_per_minute: -1}", "rate_per_minute",
             "rate_per_minute must be a number of notifications per minute (0 for unlimited), not \"-1\""),
            ("  - {id: c, type: webhook, url_env: HOOK, max_retry_delay: 300}", "max_retry_delay",
             "max_retry_delay must be a duration from 1s to 1d like 5m (the longest wait between two attempts), not \"300\""),
            ("  - {id: c, type: ntfy, topic_env: T, max_retry_delay: 2d}", "max_retry_delay",
             "max_retry_delay must be a duration from 1s to 1d like 5m (the longest wait between two attempts), not \"2d\""),
            ("  - {id: c, type: slack, url_env: HOOK, max_retry_delay: 0s}", "max_retry_delay",
             "max_retry_delay must be a duration from 1s to 1d like 5m (the longest wait between two attempts), not \"0s\""),
            ("  - {id: c, type: webhook, url_env: HOOK, body_template: '{\"m\": \"{titel}\"}'}", "body_template",
             "unknown placeholder {titel} in body_template (known: {title}, {text}, {link}, {key}, {rule}, {kind}, {urgency}, {language}, {channel})"),
            ("  - {id: c, type: webhook, url_env: HOOK, timezone: Asia/Tokio}", "timezone", "unknown timezone \"Asia/Tokio\" (an IANA name such as Asia/Tokyo, Europe/Paris or UTC)"),
            ("  - {id: c, type: webhook, url_env: HOOK, secret_env: SIGN, signature_header: \"X Sig\"}", "signature_header",
             "signature_header must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~), not \"X Sig\""),
            ("  - {id: c, type: webhook, url_env: HOOK, signature_header: X-Sig}", "signature_header",
             "signature_header needs secret_env or secret_file: there is no signing secret to sign with"),
            ("  - {id: c, type: desktop, expire: -3}", "expire",
             "expire must be a number of seconds or a duration like 5m, from 1 s to 2147483 s, not \"-3\""),
            ("  - {id: c, type: desktop, expire: 10x}", "expire",
             "expire must be a number of seconds or a duration like 5m, from 1 s to 2147483 s, not \"10x\""),
            ("  - {id: c, type: desktop, expire: 30d}", "expire",
             "expire must be a number of seconds or a duration like 5m, from 1 s to 2147483 s, not \"30d\""),
            ("  - {id: c, type: desktop, app_name: \" \"}", "app_name", "app_name must not be empty"),
        ]
        for (item, key, message) in cases {
            XCTAssertEqual(try problems(item), [at(item, key, message)], item)
        }
    }

    func testAChannelWithoutItsAddressIsAnErrorAtTheChannel() throws {
        XCTAssertEqual(try problems("  - {id: c, type: slack}"), ["2:5: a slack channel needs exactly one of url, url_env, url_file"])
        XCTAssertEqual(try problems("  - {id: c, type: ntfy, topic: t, topic_env: T}"),
                       ["2:5: an ntfy channel needs exactly one of topic, topic_env, topic_file"])
    }

    func testEveryBadValueOfAChannelIsReported() throws {
        let item = "  - {id: c, type: ntfy, topic_env: T, priority: 0, icon: bell.png}"
        XCTAssertEqual(try problems(item), [
            at(item, "priority", "priority must be 1 to 5 (ntfy's min … max), not \"0\""),
            at(item, "icon", "icon must be an https:// or http:// URL of a JPEG or PNG image, not \"bell.png\""),
        ])
    }

    func testValidGotifyChannelsHaveNoProblems() throws {
        XCTAssertEqual(try problems("""
          - {id: g, type: gotify, server: "https://push.example/", token_env: GOTIFY_TOKEN}
          - {id: h, type: gotify, server: "http://127.0.0.1:8080/gotify", token_file: /etc/leavenow/gotify.token, priority: 0}
          - {id: i, type: gotify, server: "https://push.example", token: Abc.1, priority: 10, rate_per_minute: 5}
        """), [])
    }

    func testEachRejectedGotifyValueIsAnErrorAtTheValue() throws {
        let cases: [(item: String, key: String, message: String)] = [
            ("  - {id: g, type: gotify, server: push.example, token_env: T}", "server",
             "server must start with https:// or http://, not \"push.example\""),
            ("  - {id: g, type: gotify, server: \"https://\", token_env: T}", "server", "server has no host after the scheme: \"https://\""),
            ("  - {id: g, type: gotify, server: \"https://push.example/a b\", token_env: T}", "server",
             "server must not contain spaces or control characters: \"https://push.example/a b\""),
            ("  - {id: g, type: gotify, server: \"https://push.example\", token_env: T, priority: 11}", "priority",
             "priority must be 0 to 10 (Gotify's min … max), not \"11\""),
            ("  - {id: g, type: gotify, server: \"https://push.example\", token_env: T, priority: -1}", "priority",
             "priority must be 0 to 10 (Gotify's min … max), not \"-1\""),
            ("  - {id: g, type: gotify, server: \"https://push.example\", token_env: T, priority: high}", "priority",
             "priority must be 0 to 10 (Gotify's min … max), not \"high\""),
            ("  - {id: g, type: gotify, server: \"https://push.example\", token: \" \"}", "token", "token must not be empty"),
            ("  - {id: g, type: gotify, server: \"https://push.example\", token_env: T, rate_per_minute: often}", "rate_per_minute",
             "rate_per_minute must be a number of notifications per minute (0 for unlimited), not \"often\""),
        ]
        for (item, key, message) in cases {
            XCTAssertEqual(try problems(item), [at(item, key, message)], item)
        }
    }

    func testAGotifyChannelWithoutItsServerOrTokenIsAnErrorAtTheChannel() throws {
        XCTAssertEqual(try problems("  - {id: g, type: gotify, token_env: T}"),
                       ["2:5: a gotify channel needs server (the Gotify server's https:// URL)"])
        XCTAssertEqual(try problems("  - {id: g, type: gotify, server: \"https://push.example\"}"),
                       ["2:5: a gotify channel needs exactly one of token, token_env, token_file"])
        XCTAssertEqual(try problems("  - {id: g, type: gotify, server: \"https://push.example\", token: a, token_env: T}"),
                       ["2:5: a gotify channel needs exactly one of token, token_env, token_file"])
    }

    func testAGotifySettingOfAnotherKindIsAnUnknownKey() throws {
        let found = try problems("  - {id: g, type: gotify, server: \"https://push.example\", token_env: T, tags: x}")
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.contains("tags") == true, "\(found)")
    }

    func testAnUnknownTypeListsEveryKind() throws {
        let item = "  - {id: g, type: pager, url_env: U}"
        XCTAssertEqual(try problems(item), [at(item, "type",
            "unknown channel type \"pager\" (expected one of: webhook, slack, discord, ntfy, desktop, gotify)")])
    }
}
