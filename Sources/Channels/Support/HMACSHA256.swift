internal import CCrypto
import Foundation

/// HMAC-SHA256 from OpenSSL's libcrypto (`HMAC(EVP_sha256(), …)`): no hand-written cryptography.
enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key`.
    static func authenticationCode(key: some DataProtocol, message: some DataProtocol) -> [UInt8] {
        let keyBytes = Array(key)
        let messageBytes = Array(message)
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let produced = keyBytes.withUnsafeBytes { keyBuffer in
            messageBytes.withUnsafeBytes { messageBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    HMAC(EVP_sha256(), keyBuffer.baseAddress, Int32(keyBuffer.count),
                         messageBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBuffer.count,
                         outputBuffer.baseAddress, &length)
                }
            }
        }
        // HMAC fails only when libcrypto cannot allocate; an empty code never verifies.
        guard produced != nil else { return [] }
        return Array(output.prefix(Int(length)))
    }

    /// Lower-case hexadecimal.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
