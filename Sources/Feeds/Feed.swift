import Foundation

/// A decoded Atom or RSS feed: its own title and link, and its entries in document order.
public struct Feed: Sendable, Equatable {
    /// Which syndication format the document was written in.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// Atom 1.0 (`<feed xmlns="http://www.w3.org/2005/Atom">`) or the older Atom 0.3.
        case atom
        /// RSS 2.0 (and the 0.9x dialects that share its `<rss>` root).
        case rss
        /// RSS 1.0, the RDF flavour (`<rdf:RDF>` root, items beside the channel).
        case rdf
    }

    /// The format of the document.
    public var kind: Kind
    /// The feed's title, whitespace-trimmed; empty when the feed has none.
    public var title: String
    /// The feed's web page (Atom `rel="alternate"` link, else a text `<link>`; RSS channel `<link>`).
    public var link: String?
    /// When the feed last changed (Atom `updated`, RSS `lastBuildDate` else `pubDate`).
    public var updated: Date?
    /// The entries, in the order the document lists them (usually newest first).
    public var entries: [FeedEntry]

    /// Creates a feed value.
    public init(kind: Kind, title: String, link: String? = nil, updated: Date? = nil, entries: [FeedEntry] = []) {
        self.kind = kind
        self.title = title
        self.link = link
        self.updated = updated
        self.entries = entries
    }
}
