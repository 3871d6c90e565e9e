import Foundation

/// A temporary directory for one test (rules, fixtures, state), removed when released.
final class WorkerScratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("leavenow-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name`, creating its folders.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Creates the folder `name`.
    @discardableResult
    func folder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(at: url.appendingPathComponent(name), withIntermediateDirectories: true)
        return path(name)
    }

    /// The package root (for `rules/` and `scripts/`), found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

/// Rule-directory pieces the tests assemble.
enum WorkerConfig {
    /// A webhook channel `hook` whose URL comes from `variable`.
    static func webhookChannel(id: String = "hook", variable: String = "LEAVENOW_TEST_HOOK_URL", extra: String = "") -> String {
        """
        channels:
          - id: \(id)
            type: webhook
            url_env: \(variable)
            rate_per_minute: 0
        \(extra)
        """
    }

    /// A bus CSV (`hour,min,min,…`) with a departure every `every` minutes from 05:00 to 23:59.
    static func frequentBusCSV(every minutes: Int) -> String {
        var lines = ["# test timetable: a bus every \(minutes) minutes"]
        for hour in 5...23 {
            lines.append("\(hour)," + stride(from: 0, to: 60, by: minutes).map { String(format: "%02d", $0) }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A board `frequent` over one stop served every `every` minutes on every day type, with `walk`.
    static func frequentBoard(in scratch: WorkerScratch, folder: String, every minutes: Int, walk: String = "2m") throws -> String {
        let csv = frequentBusCSV(every: minutes)
        for day in ["平日", "土曜", "日祝"] {
            try scratch.write("\(folder)/timetables/frequent/T1_駅前_終点_乗り場1_\(day).csv", csv)
        }
        return """
        boards:
          - id: frequent
            title: 駅前 → 終点
            timezone: Asia/Tokyo
            sources:
              - csv: timetables/frequent
                walk: \(walk)
        """
    }

    /// An Atom feed with `count` entries (ids `urn:test:entry:N`), published on 2024-12-01.
    /// A rules directory's `config.yaml` (and an empty `fixtures/`): the webhook channel, a bus every
    /// `every` minutes (2 minutes' walk) and a leave-now rule `bus-leave-now` with `headsUp`.
    static func writeFrequentLeaveNow(in scratch: WorkerScratch, every minutes: Int, headsUp: String) throws {
        try scratch.write("rules/config.yaml", [
            webhookChannel(),
            try frequentBoard(in: scratch, folder: "rules", every: minutes),
            """
            rules:
              - id: bus-leave-now
                kind: leave_now
                board: frequent
                heads_up: \(headsUp)
                channels: [hook]
                language: en
            """,
        ].joined(separator: "\n"))
        try scratch.folder("fixtures")
    }

    static func atomFeed(entries count: Int, prefix: String = "entry") -> String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>Test feed</title>
          <id>urn:test:feed</id>
          <updated>2024-12-01T00:00:00Z</updated>

        """
        for index in 0..<count {
            text += """
              <entry><id>urn:test:\(prefix):\(index)</id><title>Article \(index)</title>
                <link href="https://example.com/\(prefix)/\(index)"/><author><name>Writer \(index % 7)</name></author>
                <published>2024-12-01T00:00:00Z</published><updated>2024-12-01T00:00:00Z</updated></entry>

            """
        }
        return text + "</feed>\n"
    }

    /// A feed source `news` (its URL is never fetched with `--fixtures`) and a `new_article` rule
    /// that notifies every entry, the first run included.
    static func feedRule(id: String = "news-article", channel: String = "hook") -> String {
        """
        feeds:
          - id: news
            url: https://example.com/feed.xml
            refresh: 15m
        rules:
          - id: \(id)
            kind: new_article
            feed: news
            first_run: notify
            channels: [\(channel)]
            language: en
        """
    }
}
