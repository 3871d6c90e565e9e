import Config
@testable import Delivery
import Messages
import Secrets
import XCTest

/// What a delivery says — its outcome, a channel's problem, `notify-send`'s failure — is kept for
/// the reader's language: `notify` shows it in Japanese, the outbox and the log keep its English.
final class DeliveryLanguageTests: XCTestCase {
    func testOutcomesInBothLanguages() {
        let reason = Message(.deliveryUnknownChannel, ["channel": .text("\"nowhere\"")])
        let outcomes: [(DeliveryOutcome, String, String)] = [
            (.delivered(status: 204), "delivered (HTTP 204)", "配信しました（HTTP 204）"),
            (.delivered(status: nil), "delivered", "配信しました"),
            (.retry(after: nil, reason: reason), "retry: unknown channel \"nowhere\"", "再試行: 不明なチャンネル \"nowhere\" です"),
            (.permanent(reason: reason), "permanent: unknown channel \"nowhere\"", "失敗（再試行しません）: 不明なチャンネル \"nowhere\" です"),
            (.expired, "expired", "期限切れ"),
            (.deferred(until: 1_734_831_120), "deferred until 1734831120", "1734831120 まで延期"),
        ]
        for (outcome, english, japanese) in outcomes {
            XCTAssertEqual(outcome.description, english)
            XCTAssertEqual(Language.japanese.speaking { outcome.description }, japanese)
        }
        XCTAssertEqual(DeliveryOutcome.permanent(reason: reason), .permanent(reason: .verbatim("unknown channel \"nowhere\"")),
                       "outcomes are equal when their reasons say the same in English")
    }

    func testAChannelWithoutItsSecretInBothLanguages() throws {
        let spec = Sample.channel("team", .slack, ["url_env": "LEAVENOW_TEST_NO_SUCH_URL"])
        XCTAssertThrowsError(try ChannelEndpoint(spec, secrets: SecretSource(environment: [:]))) { error in
            guard let error = error as? ChannelConfigurationError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.secret, "LEAVENOW_TEST_NO_SUCH_URL")
            XCTAssertEqual("\(error)", "channels.yaml:3:5: channel \"team\": no URL: the environment variable LEAVENOW_TEST_NO_SUCH_URL is not set")
            XCTAssertEqual(Language.japanese.speaking { "\(error)" },
                           "channels.yaml:3:5: チャンネル \"team\": URL がありません: 環境変数 LEAVENOW_TEST_NO_SUCH_URL が設定されていません")
        }
    }

    func testNotifySendWithoutASessionBusInBothLanguages() {
        let notifier = DesktopNotifier(environment: ["XDG_RUNTIME_DIR": "/nonexistent"])
        XCTAssertThrowsError(try notifier.sessionBusAddress()) { error in
            guard let error = error as? DesktopNotifierError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.message, "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset): desktop notifications need a graphical session")
            XCTAssertEqual(error.text.rendered(in: .japanese),
                           "D-Bus のセッションバスがありません（DBUS_SESSION_BUS_ADDRESS が未設定）: デスクトップ通知にはグラフィカルセッションが必要です")
        }
    }
}
