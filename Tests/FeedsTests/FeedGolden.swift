import Feeds
import Foundation

/// A canonical text of what a feed document decodes to (every field, or the error), one line per value,
/// so two decoders can be compared byte for byte. Public API only.
enum FeedGolden {
    static func describe(_ name: String, _ bytes: [UInt8]) -> String {
        var lines = ["== \(name)"]
        do {
            let feed = try FeedDecoder.decode(bytes, source: name)
            lines.append("kind \(feed.kind)")
            lines.append("title \(quoted(feed.title))")
            lines.append("link \(feed.link.map(quoted) ?? "nil")")
            lines.append("updated \(feed.updated.map(seconds) ?? "nil")")
            for entry in feed.entries {
                lines.append("- entry")
                lines.append("  id \(entry.id.map(quoted) ?? "nil")")
                lines.append("  identity \(quoted(entry.identity))")
                lines.append("  title \(quoted(entry.title))")
                lines.append("  link \(entry.link.map(quoted) ?? "nil")")
                lines.append("  published \(entry.published.map(seconds) ?? "nil")")
                lines.append("  updated \(entry.updated.map(seconds) ?? "nil")")
                lines.append("  authors \(entry.authors.map(quoted).joined(separator: ", "))")
                lines.append("  summary \(entry.summary.map(quoted) ?? "nil")")
            }
        } catch let error as FeedDecodeError {
            lines.append("error \(error.code.rawValue) \(error.description)")
        } catch {
            lines.append("unexpected \(error)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }

    private static func seconds(_ date: Date) -> String { "\(date.timeIntervalSince1970)" }
}
