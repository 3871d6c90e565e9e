internal import JSONText
import Messages

extension ODPTTimetableDecoder {
    /// The service status of every railway in an `odpt:TrainInformation` response, in file order.
    ///
    /// Both shapes are read: 2017 data, where `odpt:trainInformationText` and `odpt:railwayTitle`
    /// are plain (Japanese) strings, and 2025 data, where texts are multilingual objects
    /// (`{"ja": …, "en": …}`; a missing language falls back to Japanese, then English, then any).
    ///
    /// - Parameters:
    ///   - bytes: the response body (a JSON array of `odpt:TrainInformation` records).
    ///   - file: the file name or URL, used in errors.
    ///   - language: the language of the titles and texts (`ja`, `en`, or any key of the records'
    ///     multilingual objects). A plain-string `odpt:railwayTitle` is Japanese, so it is used for
    ///     `ja` only; other languages take the built-in title, else the id's last component.
    /// - Returns: one `TrainInformation` per record; its `status` is classified as documented on
    ///   `TrainInformation.Status`. A missing `odpt:operator` is derived from the railway id
    ///   (`odpt.Railway:Toei.Mita` → `odpt.Operator:Toei`).
    /// - Throws: `DecodeError` naming the file (and the record: 1-based position and `owl:sameAs`)
    ///   for unreadable input (empty, HTML, truncated or invalid JSON, not an array of
    ///   `odpt:TrainInformation`), a record without `odpt:railway` or `odpt:trainInformationText`,
    ///   or a member of the wrong kind (quoting it).
    public static func trainInformation(_ bytes: [UInt8], file: String, language: String = "ja") throws -> [TrainInformation] {
        try ODPTDocument.records(bytes, file: file, type: "odpt:TrainInformation").map { record in
            try trainInformation(record, file: file, language: language)
        }
    }

    private static func trainInformation(_ record: ODPTRecord, file: String, language: String) throws -> TrainInformation {
        let railway = try record.requiredString("odpt:railway", file: file)
        let titleValue = record.value["odpt:railwayTitle"]
        var recordTitle: String?
        if case .string = titleValue, language != "ja" {
            recordTitle = nil
        } else {
            recordTitle = try localized(record, "odpt:railwayTitle", file: file)?.pick(language)
        }
        let railwayTitle = recordTitle
            ?? ODPTTitles.railway(railway, language: language)
            ?? ODPTDocument.lastComponent(railway)
        let operatorID = try record.optionalString("odpt:operator", file: file) ?? derivedOperator(railway)

        guard let text = try localized(record, "odpt:trainInformationText", file: file) else {
            throw DecodeError(file: file, placeText: record.place, text: Message(.odptMissing, ["key": .text("\"odpt:trainInformationText\"")]))
        }
        let status = try localized(record, "odpt:trainInformationStatus", file: file)
        let statusText = status?.pick(language)
        let textInLanguage = text.pick(language) ?? ""
        return TrainInformation(
            railway: railway, railwayTitle: railwayTitle, operator: operatorID,
            status: .classify(status: status?.all, text: text.all, fallback: statusText ?? textInLanguage),
            statusText: statusText, text: textInLanguage,
            cause: try localized(record, "odpt:trainInformationCause", file: file)?.pick(language),
            issuedAt: try record.optionalString("dc:date", file: file),
            validUntil: try record.optionalString("dct:valid", file: file),
            timeOfOrigin: try record.optionalString("odpt:timeOfOrigin", file: file),
            resumeEstimate: try localized(record, "odpt:resumeEstimate", file: file)?.pick(language))
    }

    /// A member that is a string or a multilingual object of strings; nil when absent or null.
    private static func localized(_ record: ODPTRecord, _ key: String, file: String) throws -> LocalizedText? {
        guard let value = record.value[key], value != .null else { return nil }
        switch value {
        case .string(let text):
            return LocalizedText(plain: text, languages: [:], order: [])
        case .object(let members, let keys):
            var languages: [String: String] = [:]
            for key in keys {
                guard let text = members[key]?.stringValue else { continue }
                languages[key] = text
            }
            if languages.isEmpty, !keys.isEmpty { break }
            return LocalizedText(plain: nil, languages: languages, order: keys.filter { languages[$0] != nil })
        default:
            break
        }
        throw DecodeError(file: file, placeText: record.place, text: ODPTRecord.mustBe("\"\(key)\"", .odptExpectedTitle, got: value))
    }

    /// `odpt.Railway:Toei.Mita` → `odpt.Operator:Toei`.
    private static func derivedOperator(_ railway: String) -> String {
        let name = railway.split(separator: ":", maxSplits: 1).last.map(String.init) ?? railway
        return "odpt.Operator:" + (name.split(separator: ".").first.map(String.init) ?? name)
    }
}

/// A text that is either a plain string or given per language.
private struct LocalizedText {
    var plain: String?
    var languages: [String: String]
    var order: [String]

    /// The text in `language`, else Japanese, else English, else the first given; nil when empty.
    func pick(_ language: String) -> String? {
        if let plain { return plain.isEmpty ? nil : plain }
        for key in [language, "ja", "en"] + order {
            if let text = languages[key], !text.isEmpty { return text }
        }
        return nil
    }

    /// Every language's text, for classification.
    var all: [String] { plain.map { [$0] } ?? order.compactMap { languages[$0] } }
}
