/// One railway's service status from an ODPT `odpt:TrainInformation` record (運行情報), in one
/// language. Decoded by `ODPTTimetableDecoder.trainInformation(_:file:language:)`.
public struct TrainInformation: Sendable, Equatable {
    /// How the service runs, classified from the record's status and text.
    ///
    /// - `normal`: the record has no `odpt:trainInformationStatus` and its text says 平常,
    ///   遅延はありません or "on schedule".
    /// - `suspended`: the status or the text contains 運転見合わせ, 運休 or "suspended".
    /// - `delayed`: the status or the text contains 遅延, 遅れ or "delay" (遅延はありません does not count).
    /// - `other`: anything else, with the status text in the requested language (else the text).
    ///
    /// Every language of a multilingual status or text is looked at; English words match in any case.
    public enum Status: Sendable, Equatable {
        case normal
        case delayed
        case suspended
        case other(String)
    }

    /// `odpt:railway`, the railway's id (`odpt.Railway:Toei.Mita`).
    public var railway: String
    /// The railway's title in the language: the record's `odpt:railwayTitle`, else the built-in
    /// Tokyo Metro / Toei titles, else the id's last component.
    public var railwayTitle: String
    /// `odpt:operator` (`odpt.Operator:Toei`).
    public var `operator`: String
    /// The classified status.
    public var status: Status
    /// `odpt:trainInformationStatus` in the language, when the record has one (運転見合わせ).
    public var statusText: String?
    /// `odpt:trainInformationText` in the language (現在、平常どおり運転しています。).
    public var text: String
    /// `odpt:trainInformationCause` in the language (人身事故).
    public var cause: String?
    /// `dc:date`, when the information was issued, as given (`2017-12-22T14:24:03+09:00`).
    public var issuedAt: String?
    /// `dct:valid`, until when the information holds, as given.
    public var validUntil: String?
    /// `odpt:timeOfOrigin`, when the situation began, as given.
    public var timeOfOrigin: String?
    /// `odpt:resumeEstimate`, the expected resumption, as given (a time or a text in the language).
    public var resumeEstimate: String?

    public init(railway: String, railwayTitle: String, operator: String, status: Status, statusText: String? = nil,
                text: String, cause: String? = nil, issuedAt: String? = nil, validUntil: String? = nil,
                timeOfOrigin: String? = nil, resumeEstimate: String? = nil) {
        self.railway = railway
        self.railwayTitle = railwayTitle
        self.operator = `operator`
        self.status = status
        self.statusText = statusText
        self.text = text
        self.cause = cause
        self.issuedAt = issuedAt
        self.validUntil = validUntil
        self.timeOfOrigin = timeOfOrigin
        self.resumeEstimate = resumeEstimate
    }
}

extension TrainInformation.Status {
    /// The classification described on `Status`, from every language of the status (nil when the
    /// record has none) and of the text; `fallback` is the `other` value.
    static func classify(status: [String]?, text: [String], fallback: String) -> Self {
        let normalWords = ["平常", "遅延はありません", "on schedule"]
        if status == nil, text.contains(where: { contains($0, any: normalWords) }) { return .normal }
        let all = (status ?? []) + text
        if all.contains(where: { contains($0, any: ["運転見合わせ", "運休", "suspended"]) }) { return .suspended }
        let withoutNoDelay = all.map { $0.replacingOccurrences(of: "遅延はありません", with: "") }
        if withoutNoDelay.contains(where: { contains($0, any: ["遅延", "遅れ", "delay"]) }) { return .delayed }
        return .other(fallback)
    }

    private static func contains(_ text: String, any words: [String]) -> Bool {
        let lower = text.lowercased()
        return words.contains { lower.contains($0) }
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
