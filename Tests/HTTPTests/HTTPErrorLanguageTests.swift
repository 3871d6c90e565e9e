import HTTP
import Messages
import XCTest

/// A transfer error says what failed in the reader's language when it is shown, quoting libcurl's
/// own words and the request (secrets redacted) as they are; its English is what logs and stored
/// errors keep, unchanged.
final class HTTPErrorLanguageTests: XCTestCase {
    func testEveryKindOfFailureInBothLanguages() {
        let request = HTTPRequest(url: "https://api.example/data?appid=SECRET")
        for code in HTTPError.Code.allCases {
            let error = HTTPError(code, request: request, detail: "libcurl says so", curlCode: 7, status: code == .unexpectedStatus ? 503 : nil)
            let english = error.descriptionMessage.english, japanese = error.descriptionMessage.rendered(in: .japanese)
            XCTAssertTrue(english.hasPrefix("GET https://api.example/data?appid=REDACTED: "), english)
            XCTAssertTrue(english.hasSuffix(": libcurl says so (curl error 7)"), english)
            XCTAssertEqual(error.reason, String(english.dropFirst("GET https://api.example/data?appid=REDACTED: ".count)))
            XCTAssertTrue(japanese.hasPrefix("GET https://api.example/data?appid=REDACTED: "), japanese)
            XCTAssertTrue(japanese.hasSuffix(": libcurl says so（curl エラー 7）"), "\(code): \(japanese)")
            XCTAssertNotEqual(japanese, english, "\(code)")
            XCTAssertFalse(japanese.contains("SECRET"))
            XCTAssertEqual(Language.japanese.speaking { "\(error)" }, japanese)
            XCTAssertEqual("\(error)", english)
        }
        let status = HTTPError(.unexpectedStatus, request: request, detail: "Service Unavailable", status: 503)
        XCTAssertEqual(status.reason, "unexpected status code 503: Service Unavailable")
        XCTAssertEqual(status.reasonText.rendered(in: .japanese), "予期しないステータスコード 503: Service Unavailable")
        XCTAssertEqual(HTTPError(.timeout, request: request, detail: "").reasonText.rendered(in: .japanese), "タイムアウトしました")
    }
}
