import Foundation

/// One article of a feed (an Atom `<entry>` or an RSS `<item>`).
public struct FeedEntry: Sendable, Equatable, Hashable {
    /// What makes this entry the same entry across fetches and edits; see ``EntryIdentity``.
    public var identity: String
    /// The Atom `<id>` or RSS `<guid>`, trimmed; nil when absent or empty.
    public var id: String?
    /// The title, trimmed; empty when the entry has none.
    public var title: String
    /// The entry's web page (Atom `rel="alternate"` link, RSS `<link>`), trimmed.
    public var link: String?
    /// When the entry was first published (Atom `published`/`issued`, RSS `pubDate`, `dc:date`).
    public var published: Date?
    /// When the entry last changed (Atom `updated`/`modified`).
    public var updated: Date?
    /// Author names (Atom `author/name`, RSS `author`, `dc:creator`), in document order.
    public var authors: [String]
    /// A short text: Atom `summary` (else `content`), RSS/RDF `description`. Markup is left as is.
    public var summary: String?

    /// Creates an entry; `identity` defaults to the rule of ``EntryIdentity/identity(id:link:title:)``.
    public init(
        identity: String? = nil, id: String? = nil, title: String, link: String? = nil,
        published: Date? = nil, updated: Date? = nil, authors: [String] = [], summary: String? = nil
    ) {
        self.identity = identity ?? EntryIdentity.identity(id: id, link: link, title: title)
        self.id = id
        self.title = title
        self.link = link
        self.published = published
        self.updated = updated
        self.authors = authors
        self.summary = summary
    }
}
