import Config
@testable import Channels
@testable import Delivery
import Foundation
import Timetable
import XCTest

final class ChannelPayloadTests: XCTestCase {
    private func object(_ payload: DeliveryPayload) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: payload.body) as? [String: Any], payload.bodyText)
    }

    func testWebhookDocumentFollowsTheSchemaInUTC() throws {
        let notification = Sample.notification(link: "https://example.com/a?b=1&c=2")
        let payload = WebhookPayload.build(notification, channel: "hook", attempt: 3)
        let json = try object(payload)
        XCTAssertEqual(Set(json.keys), ["schema", "idempotency_key", "rule", "kind", "fire_at", "expires_at", "urgency",
                                        "language", "title", "text", "link", "channel", "attempt"])
        XCTAssertEqual(json["schema"] as? String, "leavenow.notification/1")
        XCTAssertEqual(json["idempotency_key"] as? String, notification.key)
        XCTAssertEqual(json["fire_at"] as? String, "2024-12-22T01:32:00Z")
        XCTAssertEqual(json["expires_at"] as? String, "2024-12-22T01:40:00Z")
        XCTAssertEqual(json["title"] as? String, "出発の時刻です")
        XCTAssertEqual(json["link"] as? String, "https://example.com/a?b=1&c=2")
        XCTAssertEqual(json["attempt"] as? Int, 3)
        XCTAssertEqual(payload.headers["Idempotency-Key"], notification.key)
        XCTAssertEqual(payload.headers["Content-Type"], "application/json")
        XCTAssertTrue(payload.bodyText.hasPrefix("{\"schema\":\"leavenow.notification/1\",\"idempotency_key\""), "schema first")
    }

    /// A message template with `{{link}}` already shows the link: the channels that add the link
    /// after the text do not add it a second time (issue 23: the Qiita link once).
    func testTheLinkIsShownOnceWhenTheTextHasIt() throws {
        let link = "https://qiita.com/ios-example-d/items/example3400022"
        let inText = Sample.notification(text: "22日目の記事が公開されました: Swift on Linux " + link, link: link)
        let apart = Sample.notification(text: "22日目の記事が公開されました: Swift on Linux", link: link)
        func count(_ text: String) -> Int { text.components(separatedBy: link).count - 1 }
        for notification in [inText, apart] {
            let slack = try XCTUnwrap(try object(SlackPayload.build(notification))["text"] as? String)
            let discord = try XCTUnwrap(try object(DiscordPayload.build(notification))["content"] as? String)
            let gotify = try XCTUnwrap(try object(GotifyPayload.build(notification, token: "t"))["message"] as? String)
            let desktop = try XCTUnwrap(DesktopArguments().arguments(for: notification, now: Sample.fireAt).last)
            for (name, text) in [("slack", slack), ("discord", discord), ("gotify", gotify), ("desktop", desktop)] {
                XCTAssertEqual(count(text), 1, "\(name): \(text)")
            }
        }
        XCTAssertNil(inText.linkAfterText)
        XCTAssertEqual(apart.linkAfterText, link)
        // The webhook document and ntfy's Click header keep the link as a field of its own.
        XCTAssertEqual(try object(WebhookPayload.build(inText, channel: "hook", attempt: 1))["link"] as? String, link)
    }

    func testWebhookDocumentWithZoneOffsetAndNulls() throws {
        let zone = try XCTUnwrap(ZoneClock(identifier: "Asia/Tokyo"))
        let payload = WebhookPayload.build(Sample.notification(expiresAt: nil), channel: "hook", attempt: 1, zone: zone)
        let json = try object(payload)
        XCTAssertEqual(json["fire_at"] as? String, "2024-12-22T10:32:00+09:00")
        XCTAssertTrue(json["expires_at"] is NSNull)
        XCTAssertTrue(json["link"] is NSNull)
    }

    func testWebhookDocumentEscapesEveryHostileString() throws {
        let hostile = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} line-sep \u{2028} 🚃"
        let payload = WebhookPayload.build(Sample.notification(title: hostile, text: hostile), channel: "hook", attempt: 1)
        let json = try object(payload)
        XCTAssertEqual(json["title"] as? String, hostile)
        XCTAssertEqual(json["text"] as? String, hostile)
    }

    func testBodyTemplateRendersEscapedPlaceholders() throws {
        let template = try BodyTemplate(#"{"msg": "{title}: {text}", "url": "{link}", "id": "{key}", "raw": {"n": 1}}"#)
        let notification = Sample.notification(title: "He said \"go\"", text: "line1\nline2", link: "https://x.test/?a=1")
        let payload = WebhookPayload.build(notification, channel: "hook", attempt: 1, template: template)
        let json = try object(payload)
        XCTAssertEqual(json["msg"] as? String, "He said \"go\": line1\nline2")
        XCTAssertEqual(json["url"] as? String, "https://x.test/?a=1")
        XCTAssertEqual(json["id"] as? String, notification.key)
        XCTAssertEqual((json["raw"] as? [String: Any])?["n"] as? Int, 1)
    }

    func testBodyTemplateRefusesUnknownPlaceholder() {
        XCTAssertThrowsError(try BodyTemplate(#"{"m": "{titel}"}"#)) { error in
            XCTAssertTrue(String(describing: error).contains("{titel}"), "\(error)")
        }
    }

    func testSignedWebhookCarriesAVerifiableSignature() throws {
        let signer = WebhookSigner(secret: "whsec_test", header: "X-Custom-Signature")
        let payload = WebhookPayload.build(Sample.notification(), channel: "hook", attempt: 1, signer: signer, timestamp: 1_734_831_120)
        let header = try XCTUnwrap(payload.headers["X-Custom-Signature"])
        XCTAssertTrue(header.hasPrefix("t=1734831120,v1="))
        XCTAssertTrue(signer.verify(headerValue: header, body: payload.body, now: 1_734_831_120))
    }

    func testSlackPayloadHasTheIncomingWebhookShapeAndEscapesControlCharacters() throws {
        let fixture = try Sample.fixtureObject("slack/slack-incoming-webhook_text.json")
        let notification = Sample.notification(title: "A & B", text: "<!channel> <@U123> 1 < 2 > 0", link: "https://x.test/a?b=1&c=<2>")
        let json = try object(SlackPayload.build(notification))
        XCTAssertEqual(Set(json.keys), Set(fixture.keys), "the same shape as Slack's documented text message")
        let text = try XCTUnwrap(json["text"] as? String)
        XCTAssertEqual(text, "*A &amp; B*\n&lt;!channel&gt; &lt;@U123&gt; 1 &lt; 2 &gt; 0\n<https://x.test/a?b=1&amp;c=%3C2%3E>")
        XCTAssertFalse(text.contains("<!channel>"), "no mention can be forged")
    }

    func testDiscordPayloadCannotPingAndIsCutTo2000Characters() throws {
        let fixture = try Sample.fixtureObject("discord/discord-create-message-request-body_example.json")
        let json = try object(DiscordPayload.build(Sample.notification(text: "@everyone leave now", link: "https://x.test")))
        XCTAssertEqual(json["content"] as? String, "**出発の時刻です**\n@everyone leave now\nhttps://x.test")
        XCTAssertTrue(fixture["content"] is String && json["content"] is String, "content is a string as in the fixture")
        let mentions = try XCTUnwrap(json["allowed_mentions"] as? [String: Any])
        XCTAssertEqual((mentions["parse"] as? [Any])?.count, 0)

        let long = String(repeating: "🚃駅", count: 1500)
        let cut = try XCTUnwrap(try object(DiscordPayload.build(Sample.notification(text: long)))["content"] as? String)
        XCTAssertLessThanOrEqual(cut.utf16.count, 2000)
        XCTAssertGreaterThan(cut.utf16.count, 1990)
        XCTAssertTrue(cut.hasSuffix("…"))
    }

    func testNtfyPayloadHeadersMapToThePublishFields() throws {
        let fixture = try Sample.fixtureObject("ntfy/ntfy-publish-as-json-request.json")
        let notification = Sample.notification(title: "Low disk space alert", text: "Disk space is low", urgency: .critical,
                                               link: "https://homecamera.lan/xasds1h2xsSsa/")
        let payload = NtfyPayload.build(notification, tags: ["warning", "cd"], token: "tk_abc")
        // The headers carry what the JSON publish form calls title, priority, tags and click.
        let published: [String: Any] = [
            "title": payload.headers["Title"] as Any, "priority": Int(payload.headers["Priority"] ?? "") as Any,
            "tags": (payload.headers["Tags"] ?? "").split(separator: ",").map(String.init), "click": payload.headers["Click"] as Any,
        ]
        for key in published.keys { XCTAssertNotNil(fixture[key], "\(key) is a field of ntfy's publish request") }
        XCTAssertEqual(published["title"] as? String, "Low disk space alert")
        XCTAssertEqual(published["priority"] as? Int, 5)
        XCTAssertEqual(published["tags"] as? [String], fixture["tags"] as? [String])
        XCTAssertEqual(published["click"] as? String, fixture["click"] as? String)
        XCTAssertEqual(payload.headers["Authorization"], "Bearer tk_abc")
        XCTAssertEqual(payload.bodyText, "Disk space is low")
        XCTAssertEqual(NtfyPayload.priority(for: .low), 2)
        XCTAssertEqual(NtfyPayload.priority(for: .normal), 3)
    }

    func testNtfyEncodesJapaneseTitlesAsRFC2047Words() throws {
        let title = "出発の時刻です。銀座線 浅草行き 10:40 発、あと8分で出ないと間に合いません"
        let payload = NtfyPayload.build(Sample.notification(title: title))
        let header = try XCTUnwrap(payload.headers["Title"])
        XCTAssertTrue(header.unicodeScalars.allSatisfy(\.isASCII))
        let words = header.split(separator: " ")
        XCTAssertGreaterThan(words.count, 1)
        var decoded = Data()
        for word in words {
            XCTAssertLessThanOrEqual(word.count, 75)
            XCTAssertTrue(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            decoded.append(try XCTUnwrap(Data(base64Encoded: String(word.dropFirst(10).dropLast(2)))))
        }
        XCTAssertEqual(String(data: decoded, encoding: .utf8), title, "each word holds whole characters")
        XCTAssertEqual(EncodedWord.encodeIfNeeded("plain ASCII"), "plain ASCII")
    }

    func testHeaderValuesCannotInjectHeaders() {
        let payload = NtfyPayload.build(Sample.notification(title: "x\r\nX-Evil: 1", link: "https://x.test/\r\nX-Evil: 2"))
        for field in payload.headers { XCTAssertFalse(field.value.contains("\n") || field.value.contains("\r"), field.value) }
    }

    func testNtfyBodyIsCutAtACharacterBoundary() {
        let payload = NtfyPayload.build(Sample.notification(text: String(repeating: "駅", count: 2000)))
        XCTAssertLessThanOrEqual(payload.body.count, 4096)
        XCTAssertNotNil(String(data: payload.body, encoding: .utf8))
    }

    func testDesktopArgumentsAreAnArgvWithEscapedBody() {
        let options = DesktopArguments(appName: "leavenow", icon: "train", category: "transfer", expireSeconds: 30)
        let notification = Sample.notification(title: "-rf <b>", text: "A & <i>B</i> \\n", urgency: .critical,
                                               expiresAt: Sample.fireAt + 480)
        XCTAssertEqual(options.arguments(for: notification, now: Sample.fireAt), [
            "--app-name=leavenow", "--urgency=critical", "--expire-time=480000", "--category=transfer", "--icon=train",
            "--", "-rf <b>", "A &amp; &lt;i&gt;B&lt;/i&gt; \\\\n",
        ])
        let noExpiry = options.arguments(for: Sample.notification(urgency: .low, expiresAt: nil), now: Sample.fireAt)
        XCTAssertTrue(noExpiry.contains("--expire-time=30000"))
        XCTAssertTrue(noExpiry.contains("--urgency=low"))
        XCTAssertFalse(DesktopArguments().arguments(for: Sample.notification(expiresAt: nil), now: 0).contains { $0.hasPrefix("--expire-time") })
    }
}
