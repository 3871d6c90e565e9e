import Foundation

/// Collects a ``Feed`` from the ``XMLEvent``s of Atom, RSS 2.0 and RDF elements.
///
/// Namespace-unaware on purpose: elements are matched by local name (`dc:creator` → `creator`)
/// and by their parent, so a channel `<image><title>` never becomes the feed title. Confined to
/// the one decode call that creates it.
final class FeedTreeBuilder {
    private struct Frame {
        var name: String
        var attributes: [String: String]
        var text = ""
        /// Atom `type="xhtml"` constructs take the text of their child elements.
        var collectsChildText: Bool
    }

    private struct EntryDraft {
        var id: String?
        var title = ""
        var alternateLink: String?
        var textLink: String?
        var published: Date?
        var updated: Date?
        var authors: [String] = []
        var summary: String?
        var content: String?
    }

    private(set) var kind: Feed.Kind?
    private(set) var rootName: String?
    /// Whether the root element was closed (a truncated document never closes it).
    var isComplete: Bool { rootName != nil && stack.isEmpty }
    private var stack: [Frame] = []
    private var title = ""
    private var alternateLink: String?
    private var textLink: String?
    private var updated: Date?
    private var publishedFallback: Date?
    private var entries: [FeedEntry] = []
    private var draft: EntryDraft?

    var feed: Feed? {
        guard let kind else { return nil }
        return Feed(kind: kind, title: title, link: alternateLink ?? textLink, updated: updated ?? publishedFallback, entries: entries)
    }

    /// Takes one event; `false` once the root shows the document is not a feed (read no further).
    func take(_ event: XMLEvent) -> Bool {
        switch event {
        case .start(let name, let attributes): return start(name, attributes: attributes)
        case .text(let text): self.text(text)
        case .end: end()
        }
        return true
    }

    private func start(_ elementName: String, attributes attributeDict: [String: String]) -> Bool {
        let name = Self.localName(elementName)
        if stack.isEmpty {
            rootName = elementName
            switch name.lowercased() {
            case "feed": kind = .atom
            case "rss": kind = .rss
            case "rdf": kind = .rdf
            default: return false
            }
        }
        if name == "entry" || name == "item" { draft = EntryDraft() }
        let parentCollects = stack.last?.collectsChildText ?? false
        let isXHTML = attributeDict["type"]?.lowercased() == "xhtml"
        stack.append(Frame(name: name, attributes: attributeDict, collectsChildText: parentCollects || isXHTML))
        return true
    }

    private func text(_ string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    private func end() {
        guard let frame = stack.popLast() else { return }
        let parent = stack.last?.name ?? ""
        let grandparent = stack.count >= 2 ? stack[stack.count - 2].name : ""
        if let last = stack.indices.last, stack[last].collectsChildText {
            stack[last].text += frame.text
        }
        let text = frame.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if draft != nil {
            if frame.name == "entry" || frame.name == "item" {
                finishEntry()
            } else if parent == "entry" || parent == "item" {
                entryField(frame, text: text)
            } else if frame.name == "name", parent == "author", grandparent == "entry", !text.isEmpty {
                draft?.authors.append(text)
            }
            return
        }
        guard parent == "feed" || parent == "channel" else { return }
        switch frame.name {
        case "title": title = text
        case "link": feedLink(frame, text: text)
        case "updated", "modified", "lastBuildDate", "date": updated = updated ?? FeedDateParser.parse(text)
        case "pubDate": publishedFallback = FeedDateParser.parse(text)
        default: break
        }
    }

    // MARK: Fields

    private func feedLink(_ frame: Frame, text: String) {
        if let href = frame.attributes["href"] {
            let rel = frame.attributes["rel"] ?? "alternate"
            let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
            if rel == "alternate", !trimmed.isEmpty, alternateLink == nil { alternateLink = trimmed }
        } else if !text.isEmpty, textLink == nil {
            textLink = text
        }
    }

    private func entryField(_ frame: Frame, text: String) {
        guard var entry = draft else { return }
        switch frame.name {
        case "id", "guid":
            if !text.isEmpty { entry.id = text }
        case "title":
            entry.title = text
        case "link":
            if let href = frame.attributes["href"] {
                let rel = frame.attributes["rel"] ?? "alternate"
                let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
                if rel == "alternate", !trimmed.isEmpty, entry.alternateLink == nil { entry.alternateLink = trimmed }
            } else if !text.isEmpty, entry.textLink == nil {
                entry.textLink = text
            }
        case "published", "issued", "pubDate":
            entry.published = entry.published ?? FeedDateParser.parse(text)
        case "date", "created":
            entry.published = entry.published ?? FeedDateParser.parse(text)
        case "updated", "modified":
            entry.updated = FeedDateParser.parse(text)
        case "author", "creator":
            // RSS `<author>` and `dc:creator` are text; Atom `<author>` has a `<name>` child (handled above).
            if !text.isEmpty { entry.authors.append(Self.rssAuthorName(text)) }
        case "summary", "description":
            if !text.isEmpty { entry.summary = text }
        case "content", "encoded":
            if !text.isEmpty { entry.content = text }
        default:
            break
        }
        draft = entry
    }

    private func finishEntry() {
        guard let entry = draft else { return }
        draft = nil
        let link = entry.alternateLink ?? entry.textLink
        entries.append(FeedEntry(
            id: entry.id, title: entry.title, link: link, published: entry.published, updated: entry.updated,
            authors: entry.authors, summary: entry.summary ?? entry.content))
    }

    /// `jbb@dallas.example.com (Joe Bob Briggs)` → `Joe Bob Briggs`; anything else as written.
    static func rssAuthorName(_ text: String) -> String {
        guard text.hasSuffix(")"), let open = text.firstIndex(of: "(") else { return text }
        let name = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? text : name
    }

    static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }
}
