import Channels
@testable import Config
import Foundation
@testable import Notifications
import Synchronization

/// Shared values for the Delivery tests.
enum Sample {
    /// 2024-12-22T01:32:00Z (10:32 in Tokyo).
    static let fireAt: Int64 = 1_734_831_120

    static func notification(
        key: String = "leave-ginza@2024-12-22T10:40", title: String = "出発の時刻です", text: String = "10:40 銀座線 浅草行き",
        urgency: Urgency = .normal, expiresAt: Int64? = fireAt + 480, link: String? = nil
    ) -> Notice {
        Notice(key: key, rule: "leave-ginza", kind: .leaveNow, fireAt: fireAt, expiresAt: expiresAt,
                           channels: ["hook"], urgency: urgency, language: .ja, title: title, text: text, link: link)
    }

    static func channel(_ id: String, _ kind: ChannelSpec.Kind, _ settings: [String: String]) -> ChannelSpec {
        ChannelSpec(id: id, kind: kind, settings: settings, location: ConfigLocation(file: "channels.yaml", line: 3, column: 5))
    }

    /// A clock fixed at `seconds` since the epoch.
    static func clock(_ seconds: Int64 = fireAt) -> @Sendable () -> Date {
        { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The keys of a fixture JSON object under `Fixtures/webhooks/`.
    static func fixtureObject(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("webhooks").appendingPathComponent(path))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}

/// A clock the test moves.
final class ManualClock: Sendable {
    private let seconds: Mutex<Double>

    init(_ start: Double) { seconds = Mutex(start) }

    var now: @Sendable () -> Date { { [self] in Date(timeIntervalSince1970: seconds.withLock { $0 }) } }

    func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
}
