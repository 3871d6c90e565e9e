import Messages
import Config
import Facts
import Feeds
import Foundation
import Notifications
import Timetable

/// `new_article`: each feed snapshot is compared with the entries seen before; new ones are
/// announced once (or as one digest). The first snapshot is silent unless `first_run: notify`.
struct NewArticleEvaluator {
    let rule: RuleSpec
    let spec: NewArticleSpec
    let feedSpec: FeedSpec?

    func evaluate(facts: FactSet, state: inout RuleState, now: Int64, trace: inout Trace) -> RuleOutcome {
        var outcome = RuleOutcome()
        guard let snapshot = facts.feeds[spec.feed] else {
            trace.note(.explainNoFeedSnapshot, ["feed": .inQuotes(spec.feed)])
            return outcome
        }
        guard state.lastSnapshotAt != snapshot.fetchedAt else {
            trace.note(.explainFeedNotRefetched, ["feed": .inQuotes(spec.feed)])
            return outcome
        }
        let firstRun = state.seenEntries == nil
        let (new, seen) = NewEntryDetector.detect(feed: snapshot.value, seen: state.seenEntries, firstRunSilent: spec.firstRunSilent)
        state.seenEntries = seen
        state.lastSnapshotAt = snapshot.fetchedAt
        if firstRun && spec.firstRunSilent {
            trace.note(.explainFeedFirstSnapshot, ["feed": .inQuotes(spec.feed), "count": .number(snapshot.value.entries.count)])
            return outcome
        }
        let wanted = new.filter(isWanted)
        trace.note(.explainFeedNewEntries, ["new": .number(new.count), "wanted": .number(wanted.count)])
        guard !wanted.isEmpty else { return outcome }
        if spec.digest {
            let notification = digest(wanted, feed: snapshot.value, fetchedAt: snapshot.fetchedAt, now: now)
            outcome.due.append(DueNotice(forgetAfter: now + 30 * 86_400, notice: notification))
        } else {
            for entry in wanted {
                outcome.due.append(DueNotice(forgetAfter: now + 30 * 86_400, notice: self.notification(entry, feed: snapshot.value, now: now)))
            }
        }
        return outcome
    }

    func isWanted(_ entry: FeedEntry) -> Bool {
        if let words = spec.titleContains, !words.contains(where: { entry.title.localizedCaseInsensitiveContains($0) }) { return false }
        if let authors = spec.authors, !entry.authors.contains(where: authors.contains) { return false }
        return true
    }

    static let title = MessageRenderer.builtIn([.en: "{{calendar}}", .ja: "{{calendar}}"])
    static let undated = MessageRenderer.builtIn([.en: "New article: {{title}} by {{author}}", .ja: "新着記事: {{title}}（{{author}}）"])
    static let dated = MessageRenderer.builtIn([.en: "Day {{day}}: {{title}} by {{author}}", .ja: "{{day}}日目: {{title}}（{{author}}）"])
    static let digestText = MessageRenderer.builtIn([.en: "{{count}} new articles: {{titles}}", .ja: "新着記事{{count}}件: {{titles}}"])

    private var calendar: AdventCalendar? { feedSpec?.adventCalendar.flatMap(AdventCalendar.init(shorthand:)) }

    func notification(_ entry: FeedEntry, feed: Feed, now: Int64) -> Notice {
        let renderer = MessageRenderer(rule: rule)
        let day = calendar?.calendarDay(of: entry)
        let published = entry.published.map { renderer.time(Int64($0.timeIntervalSince1970), now: now) } ?? ""
        let values: [String: String] = [
            "feed": spec.feed, "title": entry.title, "link": entry.link ?? "", "author": entry.authors.joined(separator: ", "),
            "published": published, "day": day.map(String.init) ?? "", "calendar": feedSpec?.adventCalendar ?? feed.title,
            "count": "1", "titles": entry.title,
        ]
        let fallback = day == nil ? Self.undated : Self.dated
        let (title, text) = renderer.render(values, fallback: fallback, fallbackTitle: Self.title)
        return Notice(key: "\(rule.id)/\(BoardSchedule.token(entry.identity))", rule: rule.id, kind: .newArticle,
                            fireAt: now, expiresAt: nil, channels: rule.common.channels, urgency: rule.common.urgency,
                            language: rule.common.language, title: title, text: text, link: entry.link)
    }

    func digest(_ entries: [FeedEntry], feed: Feed, fetchedAt: Int64, now: Int64) -> Notice {
        let renderer = MessageRenderer(rule: rule)
        let values: [String: String] = [
            "feed": spec.feed, "calendar": feedSpec?.adventCalendar ?? feed.title, "count": String(entries.count),
            "titles": entries.map(\.title).joined(separator: " / "), "title": entries[0].title, "link": entries[0].link ?? "",
            "author": entries[0].authors.joined(separator: ", "),
        ]
        let (title, text) = renderer.render(values, fallback: Self.digestText, fallbackTitle: Self.title)
        return Notice(key: "\(rule.id)/digest/\(fetchedAt)", rule: rule.id, kind: .newArticle, fireAt: now, expiresAt: nil,
                            channels: rule.common.channels, urgency: rule.common.urgency, language: rule.common.language,
                            title: title, text: text, link: feedSpec.map { $0.adventCalendar != nil ? String($0.url.dropLast("/feed".count)) : $0.url })
    }
}
