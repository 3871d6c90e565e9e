import Foundation
import XCTest
@testable import Timetable

/// `odpt:TrainInformation` (service status) from the 2017 Tokyo Metro / Toei and 2025 Tokyo Metro
/// fixtures, the status classification, and broken input.
final class ODPTTrainInformationTests: XCTestCase {
    private static let odpt = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/odpt")

    private func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.odpt.appendingPathComponent(name)))
    }

    private func decode(_ name: String, language: String = "ja") throws -> [TrainInformation] {
        try ODPTTimetableDecoder.trainInformation(try bytes(name), file: name, language: language)
    }

    private func error(_ text: String, file: String = "status.json") -> DecodeError? {
        do {
            _ = try ODPTTimetableDecoder.trainInformation(Array(text.utf8), file: file)
        } catch let error as DecodeError {
            return error
        } catch {
            XCTFail("unexpected error \(error)")
            return nil
        }
        XCTFail("\(file) decoded without an error")
        return nil
    }

    private let normalToei = "現在、１５分以上の遅延はありません。"
    private let normalMetro = "現在、平常どおり運転しています。"

    // MARK: - Fixtures

    func testTokyoMetro2017() throws {
        let lines = try decode("TrainInformation_TokyoMetro.json")
        XCTAssertEqual(lines.count, 9)
        XCTAssertEqual(lines.map(\.railwayTitle), ["半蔵門線", "日比谷線", "丸ノ内線", "南北線", "東西線", "有楽町線",
                                                   "千代田線", "副都心線", "銀座線"], "built-in titles: 2017 records carry none")
        XCTAssertTrue(lines.allSatisfy { $0.status == .normal && $0.text == normalMetro && $0.statusText == nil })
        let hanzomon = lines[0]
        XCTAssertEqual(hanzomon, TrainInformation(
            railway: "odpt.Railway:TokyoMetro.Hanzomon", railwayTitle: "半蔵門線", operator: "odpt.Operator:TokyoMetro",
            status: .normal, text: normalMetro, issuedAt: "2017-12-11T13:15:05+09:00",
            validUntil: "2017-12-11T13:20:05+09:00", timeOfOrigin: "2017-12-05T11:16:00+09:00"))
        XCTAssertEqual(lines[5].issuedAt, "2017-12-11T13:10:05+09:00", "Yurakucho was issued earlier, kept as given")

        let english = try decode("TrainInformation_TokyoMetro.json", language: "en")
        XCTAssertEqual(english.map(\.railwayTitle).prefix(3), ["Hanzomon Line", "Hibiya Line", "Marunouchi Line"])
        XCTAssertEqual(english[0].text, normalMetro, "2017 text is Japanese only")
    }

    func testTokyoMetro2025MultilingualText() throws {
        let lines = try decode("TrainInformation_TokyoMetro_2025-06-17.json")
        XCTAssertEqual(lines.count, 10)
        XCTAssertEqual(lines.map { ODPTDocument.lastComponent($0.railway) },
                       ["Ginza", "Marunouchi", "MarunouchiBranch", "Hibiya", "Tozai", "Chiyoda", "Yurakucho",
                        "Hanzomon", "Namboku", "Fukutoshin"])
        XCTAssertTrue(lines.allSatisfy { $0.status == .normal && $0.text == normalMetro })
        XCTAssertEqual(lines[0].railwayTitle, "銀座線")
        XCTAssertNil(lines[0].timeOfOrigin, "the Ginza record has no odpt:timeOfOrigin")
        XCTAssertEqual(lines[1].timeOfOrigin, "2025-06-10T22:59:00+09:00")
        XCTAssertEqual(lines[2].railwayTitle, "丸ノ内線支線")
        XCTAssertEqual(lines[0].issuedAt, "2025-06-17T04:15:00+09:00")
        XCTAssertEqual(lines[0].validUntil, "2025-06-17T04:20:00+09:00")

        // The text objects hold "ja" only: English falls back to Japanese.
        let english = try decode("TrainInformation_TokyoMetro_2025-06-17.json", language: "en")
        XCTAssertEqual(english[0].text, normalMetro)
        XCTAssertEqual(english[0].railwayTitle, "Ginza Line")
        XCTAssertEqual(english[2].railwayTitle, "Marunouchi Branch Line")
    }

    func testToei2017() throws {
        let lines = try decode("TrainInformation_Toei.json")
        XCTAssertEqual(lines.count, 6)
        XCTAssertEqual(lines.map(\.railwayTitle), ["浅草線", "三田線", "新宿線", "大江戸線", "都電", "日暮里・舎人ライナー"],
                       "the records' own titles (都電, not the built-in 都電荒川線)")
        XCTAssertTrue(lines.allSatisfy { $0.status == .normal && $0.text == normalToei && $0.operator == "odpt.Operator:Toei" })
        XCTAssertEqual(lines[1].railway, "odpt.Railway:Toei.Mita")
        XCTAssertNil(lines[1].timeOfOrigin)

        let english = try decode("TrainInformation_Toei.json", language: "en")
        XCTAssertEqual(english.map(\.railwayTitle), ["Asakusa Line", "Mita Line", "Shinjuku Line", "Oedo Line",
                                                     "Toden Arakawa Line", "Nippori-Toneri Liner"],
                       "a plain-string title is Japanese: English uses the built-in titles")
    }

    /// The "accident" snapshots hold no record for the disrupted railways (the feed left them out):
    /// only the normal lines remain, which is what the decoder must report.
    func testMitaAccidentSnapshot() throws {
        let lines = try decode("TrainInformation_Toei_MitaAccident.json")
        XCTAssertEqual(lines.count, 5)
        XCTAssertEqual(lines.map { ODPTDocument.lastComponent($0.railway) },
                       ["Asakusa", "Shinjuku", "Oedo", "TodeArakawa", "NipporiToneri"])
        XCTAssertFalse(lines.contains { $0.railway == "odpt.Railway:Toei.Mita" })
        XCTAssertTrue(lines.allSatisfy { $0.status == .normal && $0.cause == nil && $0.resumeEstimate == nil })
        XCTAssertEqual(lines[0].issuedAt, "2017-12-16T22:24:13+09:00")
        let english = try decode("TrainInformation_Toei_MitaAccident.json", language: "en")
        XCTAssertEqual(english[3].railwayTitle, "TodeArakawa", "an id the built-in titles do not know: its last component")
    }

    func testAsakusaOedoAccidentSnapshot() throws {
        let lines = try decode("TrainInformation_Toei_AsakusaOedoAccident.json")
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines.map { ODPTDocument.lastComponent($0.railway) }, ["Mita", "Shinjuku", "TodeArakawa", "NipporiToneri"])
        XCTAssertTrue(lines.allSatisfy { $0.status == .normal && $0.statusText == nil && $0.text == normalToei })
        XCTAssertEqual(lines[0].validUntil, "2017-12-17T12:06:29+09:00")
    }

    // MARK: - Disruptions and classification (written here: the fixtures hold none)

    func testSuspensionRecordWithAllFields() throws {
        let json = """
        [{"@type": "odpt:TrainInformation", "owl:sameAs": "odpt.TrainInformation:Toei.Mita",
          "dc:date": "2017-12-16T22:24:13+09:00", "dct:valid": "2017-12-16T22:27:13+09:00",
          "odpt:railway": "odpt.Railway:Toei.Mita", "odpt:operator": "odpt.Operator:Toei",
          "odpt:timeOfOrigin": "2017-12-16T21:40:00+09:00",
          "odpt:trainInformationStatus": {"ja": "運転見合わせ", "en": "Service suspended"},
          "odpt:trainInformationCause": {"ja": "人身事故", "en": "Accident"},
          "odpt:trainInformationArea": {"ja": "白金高輪〜西高島平"},
          "odpt:resumeEstimate": "2017-12-16T23:00:00+09:00",
          "odpt:trainInformationText": {"ja": "人身事故の影響で、運転を見合わせています。", "en": "Service is suspended due to an accident."}}]
        """
        let ja = try ODPTTimetableDecoder.trainInformation(Array(json.utf8), file: "mita.json")
        XCTAssertEqual(ja, [TrainInformation(
            railway: "odpt.Railway:Toei.Mita", railwayTitle: "三田線", operator: "odpt.Operator:Toei",
            status: .suspended, statusText: "運転見合わせ", text: "人身事故の影響で、運転を見合わせています。",
            cause: "人身事故", issuedAt: "2017-12-16T22:24:13+09:00", validUntil: "2017-12-16T22:27:13+09:00",
            timeOfOrigin: "2017-12-16T21:40:00+09:00", resumeEstimate: "2017-12-16T23:00:00+09:00")])
        let en = try ODPTTimetableDecoder.trainInformation(Array(json.utf8), file: "mita.json", language: "en")
        XCTAssertEqual(en[0].railwayTitle, "Mita Line")
        XCTAssertEqual(en[0].statusText, "Service suspended")
        XCTAssertEqual(en[0].cause, "Accident")
        XCTAssertEqual(en[0].text, "Service is suspended due to an accident.")
    }

    func testClassification() {
        typealias Status = TrainInformation.Status
        XCTAssertEqual(Status.classify(status: nil, text: [normalToei], fallback: "x"), .normal)
        XCTAssertEqual(Status.classify(status: nil, text: ["Trains are running on schedule."], fallback: "x"), .normal)
        XCTAssertEqual(Status.classify(status: ["遅延"], text: ["人身事故の影響で、遅れがでています。"], fallback: "x"), .delayed)
        XCTAssertEqual(Status.classify(status: nil, text: ["信号確認の影響で、一部列車に遅れがでています。"], fallback: "x"), .delayed)
        XCTAssertEqual(Status.classify(status: ["Delay"], text: ["…"], fallback: "x"), .delayed)
        XCTAssertEqual(Status.classify(status: ["運転見合わせ"], text: ["…遅延…"], fallback: "x"), .suspended,
                       "suspension wins over delay")
        XCTAssertEqual(Status.classify(status: nil, text: ["大雪のため、一部列車が運休しています。"], fallback: "x"), .suspended)
        XCTAssertEqual(Status.classify(status: ["SUSPENDED"], text: [], fallback: "x"), .suspended)
        XCTAssertEqual(Status.classify(status: ["ダイヤ乱れ"], text: ["…"], fallback: "ダイヤ乱れ"), .other("ダイヤ乱れ"))
        XCTAssertEqual(Status.classify(status: ["平常運転"], text: [normalToei], fallback: "平常運転"), .other("平常運転"),
                       "normal needs a record without a status")
        XCTAssertEqual(Status.classify(status: nil, text: ["お知らせ"], fallback: "お知らせ"), .other("お知らせ"))
    }

    // MARK: - Broken input

    func testTruncatedFile() throws {
        let whole = try bytes("TrainInformation_Toei.json")
        let name = "TrainInformation_Toei.json"
        // The file is one line; byte 300 ends `"odpt:operator":"odpt.Operator:Toei"` of the first record.
        for (length, expected) in [
            (300, "TrainInformation_Toei.json:1:301: truncated JSON: the input ends inside an object"),
            (290, "TrainInformation_Toei.json:1:281: truncated JSON: the string starting here is never closed"),
        ] {
            do {
                _ = try ODPTTimetableDecoder.trainInformation(Array(whole.prefix(length)), file: name)
                XCTFail("a file truncated at \(length) bytes decoded")
            } catch let error as DecodeError {
                XCTAssertEqual(error.description, expected)
            }
        }
    }

    func testHTMLPage() {
        let page = "<!DOCTYPE html>\n<html><head><title>503 Service Temporarily Unavailable</title></head></html>"
        XCTAssertEqual(error(page, file: "status.json")?.description,
                       #"status.json: expected ODPT JSON, got an HTML page ("<!DOCTYPE html> <html><head><title>503 Service Temporarily U…")"#)
    }

    func testMissingRailway() {
        let json = """
        [{"@type": "odpt:TrainInformation", "odpt:railway": "odpt.Railway:Toei.Mita", "odpt:trainInformationText": "平常"},
         {"@type": "odpt:TrainInformation", "owl:sameAs": "odpt.TrainInformation:Toei.Oedo", "odpt:trainInformationText": "平常"}]
        """
        XCTAssertEqual(error(json)?.description,
                       #"status.json: record 2 of 2 (odpt.TrainInformation:Toei.Oedo): missing "odpt:railway""#)
    }

    func testOtherBadRecords() {
        XCTAssertEqual(error(#"[{"@type": "odpt:TrainInformation", "odpt:railway": "odpt.Railway:Toei.Mita"}]"#)?.description,
                       #"status.json: record 1 of 1: missing "odpt:trainInformationText""#)
        XCTAssertEqual(error(#"[{"odpt:railway": "odpt.Railway:Toei.Mita", "odpt:trainInformationText": 3}]"#)?.description,
                       #"status.json: record 1 of 1: "odpt:trainInformationText" must be a string or an object of strings per language, got 3"#)
        XCTAssertEqual(error(#"[{"@type": "odpt:StationTimetable", "odpt:railway": "x"}]"#)?.description,
                       "status.json: record 1 of 1: this is odpt:StationTimetable, not odpt:TrainInformation")
        XCTAssertEqual(error(#"[{"odpt:railway": ["odpt.Railway:Toei.Mita"], "odpt:trainInformationText": "平常"}]"#)?.description,
                       #"status.json: record 1 of 1: "odpt:railway" must be a string, got […] (1 item)"#)
    }

    func testOperatorDerivedFromTheRailway() throws {
        let json = #"[{"odpt:railway": "odpt.Railway:Toei.Mita", "odpt:trainInformationText": "現在、１５分以上の遅延はありません。"}]"#
        let lines = try ODPTTimetableDecoder.trainInformation(Array(json.utf8), file: "status.json")
        XCTAssertEqual(lines.first?.operator, "odpt.Operator:Toei")
        XCTAssertEqual(lines.first?.status, .normal)
    }
}
