import Foundation
import Glibc

/// The logfmt text rules: keys, values (quoted only when needed, with `\"`, `\\`, `\n`, `\r`,
/// `\t` and `\u00XX` escapes) and the UTC millisecond timestamp.
public enum LogfmtEncoding {
    /// `value` as a logfmt value: bare when it is non-empty and has no space, `=`, `"` or control
    /// character; otherwise double-quoted with escapes. `a b` → `"a b"`, `x="y"` → `"x=\"y\""`.
    public static func value(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains { scalar in
            scalar.value <= 0x20 || scalar == "=" || scalar == "\"" || isControl(scalar)
        }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default:
                if isControl(scalar) {
                    quoted += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }

    /// `key` made safe as a logfmt key: every space, `=`, `"` or control character becomes `_`;
    /// an empty key becomes `_`.
    public static func key(_ key: String) -> String {
        guard !key.isEmpty else { return "_" }
        var safe = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            safe.append(scalar.value <= 0x20 || scalar == "=" || scalar == "\"" || isControl(scalar) ? "_" : scalar)
        }
        return String(safe)
    }

    /// `2026-11-29T16:05:00.123Z`: UTC, milliseconds (truncated).
    public static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds.floorDivided(by: 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ number: Int32, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2)
            + "T" + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2)
            + "." + pad(Int32(milliseconds - milliseconds.floorDivided(by: 1000) * 1000), 3) + "Z"
    }

    /// C0, DEL and C1 control characters, plus the line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}

extension Int64 {
    /// Division rounding toward negative infinity (dates before 1970 stay correct).
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
