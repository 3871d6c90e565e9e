import Config
import Notifications
import Timetable

/// The service status of one operator's railways from one `odpt:TrainInformation` response, in
/// Japanese and English: the fact `service_status` rules and leave-now mentions read.
public struct ServiceStatusReport: Sendable, Equatable {
    /// One entry per record of the response, in its order.
    public var railways: [RailwayStatus]

    public init(railways: [RailwayStatus]) {
        self.railways = railways
    }

    /// Decodes a response in both languages (see `ODPTTimetableDecoder.trainInformation`).
    ///
    /// - Throws: the decoder's `DecodeError`, naming `file` and the record.
    public static func decode(_ bytes: [UInt8], file: String) throws -> ServiceStatusReport {
        let ja = try ODPTTimetableDecoder.trainInformation(bytes, file: file, language: "ja")
        let en = try ODPTTimetableDecoder.trainInformation(bytes, file: file, language: "en")
        return ServiceStatusReport(railways: zip(ja, en).map { RailwayStatus(ja: $0.0, en: $0.1) })
    }

    /// The status of the railway that `label` names: a railway id, a title in Japanese or English
    /// (銀座線, Ginza Line), or the id's last component (Ginza). `railwayByLine` maps labels a
    /// configuration tied to a railway (`line: G` on a Ginza-line station) to their railway id,
    /// which is tried first.
    public func railway(matching label: String, railwayByLine: [String: String] = [:]) -> RailwayStatus? {
        if let id = railwayByLine[label], let status = railways.first(where: { $0.railway == id }) { return status }
        return railways.first { $0.matches(label) }
    }
}

/// One railway's service status, in both languages.
public struct RailwayStatus: Sendable, Equatable {
    /// The record read in Japanese.
    public var ja: TrainInformation
    /// The same record read in English (texts fall back to Japanese where the operator gives no English).
    public var en: TrainInformation

    public init(ja: TrainInformation, en: TrainInformation) {
        self.ja = ja
        self.en = en
    }

    /// `odpt.Railway:TokyoMetro.Ginza`.
    public var railway: String { ja.railway }

    /// The record in a message language.
    public func information(in language: MessageLanguage) -> TrainInformation {
        language == .ja ? ja : en
    }

    /// The condition rules watch for; nil when the service is normal.
    public var condition: ServiceStatusCondition? {
        switch ja.status {
        case .normal: return nil
        case .delayed: return .delayed
        case .suspended: return .suspended
        case .other: return .other
        }
    }

    /// 遅延 / 運転見合わせ / 平常運転, delayed / suspended / normal service, or the operator's own
    /// status text for any other status.
    public func statusWord(in language: MessageLanguage) -> String {
        let ja = language == .ja
        switch information(in: language).status {
        case .normal: return ja ? "平常運転" : "normal service"
        case .delayed: return ja ? "遅延" : "delayed"
        case .suspended: return ja ? "運転見合わせ" : "suspended"
        case .other(let text): return text
        }
    }

    /// `銀座線: 遅延` / `Ginza Line: delayed`.
    public func mention(in language: MessageLanguage) -> String {
        information(in: language).railwayTitle + ": " + statusWord(in: language)
    }

    /// Whether `label` names this railway: its id, its Japanese or English title, or the id's last
    /// component, ignoring case and spaces (`ginza line`, `GinzaLine`, `Ginza`).
    public func matches(_ label: String) -> Bool {
        let wanted = Self.normalized(label)
        guard !wanted.isEmpty else { return false }
        let names = [railway, ja.railwayTitle, en.railwayTitle, String(railway.split(separator: ".").last ?? "")]
        return names.contains { Self.normalized($0) == wanted }
    }

    private static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { !$0.isWhitespace })
    }
}
