import Foundation

/// Finds the entries of a feed that were not seen before. Pure: the state is a ``SeenEntries``
/// value the caller stores and passes back.
///
/// - First run (`seen == nil`): silent by default — every entry is marked seen and none is
///   returned, so subscribing to a calendar with 20 articles does not send 20 notifications.
/// - Later runs: entries whose ``FeedEntry/identity`` is not in `seen`, oldest first. An edited
///   entry keeps its identity and is not new.
/// - Oldest first means by `published` (else `updated`); when a new entry has neither date the
///   document order is reversed instead (feeds list newest first).
public enum NewEntryDetector {
    /// The new entries of `feed`, and the seen set to store for the next poll.
    public static func detect(
        feed: Feed, seen: SeenEntries?, firstRunSilent: Bool = true
    ) -> (new: [FeedEntry], seen: SeenEntries) {
        let ordered = oldestFirst(feed.entries)
        var currentIdentities: [String] = []
        var currentSet: Set<String> = []
        for entry in ordered where currentSet.insert(entry.identity).inserted { currentIdentities.append(entry.identity) }

        guard let seen else {
            let state = SeenEntries().adding(current: currentIdentities)
            return (firstRunSilent ? [] : unique(ordered), state)
        }
        let new = unique(ordered.filter { !seen.contains($0.identity) })
        return (new, seen.adding(current: currentIdentities))
    }

    /// Entries sorted oldest first: by date when every entry has one, else in reverse document order.
    static func oldestFirst(_ entries: [FeedEntry]) -> [FeedEntry] {
        let indexed = Array(entries.enumerated())
        guard indexed.allSatisfy({ ($0.element.published ?? $0.element.updated) != nil }) else {
            return entries.reversed()
        }
        return indexed.sorted { lhs, rhs in
            let left = lhs.element.published ?? lhs.element.updated ?? .distantPast
            let right = rhs.element.published ?? rhs.element.updated ?? .distantPast
            if left != right { return left < right }
            return lhs.offset > rhs.offset
        }.map(\.element)
    }

    /// The first entry of each identity (a feed that lists an entry twice notifies it once).
    private static func unique(_ entries: [FeedEntry]) -> [FeedEntry] {
        var identities: Set<String> = []
        return entries.filter { identities.insert($0.identity).inserted }
    }
}
