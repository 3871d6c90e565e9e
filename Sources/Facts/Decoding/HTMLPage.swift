import Foundation

/// Recognises an HTML page where data was expected.
enum HTMLPage {
    /// A `text/html` content type, or a body starting like an HTML document.
    static func detect(_ bytes: [UInt8], contentType: String?) -> Bool {
        if let contentType, contentType.lowercased().contains("text/html") { return true }
        let start = String(decoding: bytes.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    /// Whether the body starts like an Atom / RSS / RDF feed.
    static func looksLikeXMLFeed(_ bytes: [UInt8]) -> Bool {
        let start = String(decoding: bytes.prefix(512), as: UTF8.self)
        return start.contains("<feed") || start.contains("<rss") || start.contains("<rdf:RDF")
    }
}
