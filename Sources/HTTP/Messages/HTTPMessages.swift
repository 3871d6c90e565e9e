import Messages

// What HTTP says to people, in English and Japanese side by side (see `MessageKey`). A new
// message is one more `static let` here, in the section of its area.
extension MessageKey {
    // MARK: Transfer errors (HTTP)

    static let httpTimedOut = MessageKey("httpTimedOut",
        en: "timed out",
        ja: "タイムアウトしました")
    static let httpCouldNotConnect = MessageKey("httpCouldNotConnect",
        en: "could not connect",
        ja: "接続できません")
    static let httpCouldNotResolve = MessageKey("httpCouldNotResolve",
        en: "could not resolve the host name",
        ja: "ホスト名を解決できません")
    static let httpTLSFailed = MessageKey("httpTLSFailed",
        en: "TLS failed",
        ja: "TLS に失敗しました")
    static let httpTooLarge = MessageKey("httpTooLarge",
        en: "response too large",
        ja: "応答が大きすぎます")
    static let httpTooManyRedirects = MessageKey("httpTooManyRedirects",
        en: "too many redirects",
        ja: "リダイレクトが多すぎます")
    static let httpTruncatedBody = MessageKey("httpTruncatedBody",
        en: "response body truncated",
        ja: "応答の本文が途中で切れています")
    static let httpMalformedResponse = MessageKey("httpMalformedResponse",
        en: "malformed response",
        ja: "応答の形式が正しくありません")
    static let httpNetwork = MessageKey("httpNetwork",
        en: "connection failed during the transfer",
        ja: "転送中に接続が切れました")
    static let httpCancelled = MessageKey("httpCancelled",
        en: "cancelled",
        ja: "取り消されました")
    static let httpInvalidRequest = MessageKey("httpInvalidRequest",
        en: "invalid request",
        ja: "リクエストが正しくありません")
    static let httpUnexpectedStatus = MessageKey("httpUnexpectedStatus",
        en: "unexpected status code {status}",
        ja: "予期しないステータスコード {status}")
    static let httpTransferFailed = MessageKey("httpTransferFailed",
        en: "transfer failed",
        ja: "転送に失敗しました")
    static let httpCurlError = MessageKey("httpCurlError",
        en: " (curl error {code})",
        ja: "（curl エラー {code}）")
}
