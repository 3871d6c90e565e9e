internal import CCurl

/// `curl_global_init` runs once, on first use, before any handle is made (Swift initialises
/// globals lazily and thread-safely). It is never cleaned up: the process keeps libcurl loaded.
private let curlGlobalInitResult: UInt32 = curl_global_init(Int(CURL_GLOBAL_ALL)).rawValue

enum CurlGlobal {
    /// Initialises libcurl if needed; nil on success, otherwise libcurl's message.
    static func ensureInitialized() -> String? {
        let code = CURLcode(rawValue: curlGlobalInitResult)
        guard code != CURLE_OK else { return nil }
        return "curl_global_init failed: " + String(cString: curl_easy_strerror(code))
    }
}
