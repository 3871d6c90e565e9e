import Timetable
import Messages

/// A suspension on a board's railway from `odpt:TrainInformation`: the fact leave-now rules read to
/// say "line suspended since … : text" (and, later, to hold their leave-nows).
public struct ODPTLineSuspension: Sendable, Equatable {
    /// How much of the service is suspended.
    public enum Extent: String, Sendable, Equatable {
        /// The whole service (運転見合わせ, 運休).
        case whole
        /// Some trains or a section (一部運休, 一部列車が運休, 遅れと運休).
        case partial
    }

    /// `odpt:railway`.
    public var railway: String
    /// The railway's title (内房線).
    public var railwayTitle: String
    /// Whole or partial.
    public var extent: Extent
    /// Since when (seconds since the epoch): the `odpt:timeOfOrigin` (else `dc:date`) of the first
    /// record of the latest run of records with this extent; nil when the records give no time.
    public var since: Int64?
    /// The operator's status word (一部運休), when given.
    public var statusText: String?
    /// The operator's text of the latest record.
    public var text: String

    public init(railway: String, railwayTitle: String, extent: Extent, since: Int64?, statusText: String?, text: String) {
        self.railway = railway
        self.railwayTitle = railwayTitle
        self.extent = extent
        self.since = since
        self.statusText = statusText
        self.text = text
    }

    /// `内房線 一部運休 since 23:02: 内房線は、…` (the time on `clock`'s wall clock; `（23:02 から）` in Japanese).
    public func summary(clock: ZoneClock) -> Message {
        let word = statusText ?? (extent == .whole ? "運転見合わせ" : "一部運休")
        let time = since.map { Message(.factsSuspensionSince, ["time": .text(clock.clockText($0))]) } ?? .empty
        return .verbatim(railwayTitle + " " + word) + time + .verbatim(": " + text)
    }

    /// The extent a record says, or nil when it says no train is suspended (平常, 遅延 only).
    ///
    /// Whole: the status is 運転見合わせ or 運休, or the text says 見合わせ. Partial: 運休 anywhere
    /// else (the status 一部運休, or a 遅延 status whose text says 一部列車が運休 / 遅れと運休).
    /// English: "suspended" in the status is whole unless it also says "some" or "partial".
    public static func extent(of information: TrainInformation) -> Extent? {
        let status = information.statusText ?? ""
        let text = information.text
        if status == "運転見合わせ" || status == "運休" || status.contains("見合わせ") || text.contains("見合わせ") {
            return .whole
        }
        if status.contains("運休") || text.contains("運休") { return .partial }
        let lower = status.lowercased()
        if lower.contains("suspend") {
            return lower.contains("some") || lower.contains("partial") ? .partial : .whole
        }
        return nil
    }

    /// The suspension of `railway` at `now` from `records` (one response, or a history of them in
    /// any order): the latest record of that railway issued at or before `now` (by `dc:date`; every
    /// record when `now` is nil), when it says a suspension; nil otherwise.
    ///
    /// `since` goes back over the earlier records of the railway while they say the same extent.
    public static func current(railway: String, in records: [TrainInformation], at now: Int64? = nil) -> ODPTLineSuspension? {
        let wanted = ODPTRealtimeTarget.withoutPrefix(railway)
        let issued: [(time: Int64?, record: TrainInformation)] = records
            .filter { ODPTRealtimeTarget.withoutPrefix($0.railway) == wanted }
            .map { (time($0.issuedAt), $0) }
            .filter { entry in now.map { limit in entry.time.map { $0 <= limit } ?? true } ?? true }
        let ordered = issued.enumerated().sorted { a, b in
            let (ta, tb) = (a.element.time ?? .min, b.element.time ?? .min)
            return ta != tb ? ta < tb : a.offset < b.offset
        }.map(\.element)
        guard let latest = ordered.last, let extent = extent(of: latest.record) else { return nil }
        var first = latest.record
        for entry in ordered.dropLast().reversed() {
            guard Self.extent(of: entry.record) == extent else { break }
            first = entry.record
        }
        return ODPTLineSuspension(railway: latest.record.railway, railwayTitle: latest.record.railwayTitle,
                                  extent: extent, since: time(first.timeOfOrigin) ?? time(first.issuedAt),
                                  statusText: latest.record.statusText, text: latest.record.text)
    }

    /// The suspension of `railway` in a decoded service-status response (its Japanese records).
    public static func current(railway: String, in report: ServiceStatusReport, at now: Int64? = nil) -> ODPTLineSuspension? {
        current(railway: railway, in: report.railways.map(\.ja), at: now)
    }

    /// Japan time, for a timestamp without an offset.
    private static let japan = ZoneClock(identifier: "Asia/Tokyo")

    private static func time(_ text: String?) -> Int64? {
        guard let text, let japan else { return nil }
        return japan.parseTimestamp(text)
    }
}
