/// `text` in double quotes, with quotes, backslashes and control characters escaped, shortened
/// when very long, as diagnostics quote bad values.
package func diagnosticQuoted(_ text: String) -> String {
    var result = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == 80 {
            result += "…"
            break
        }
        count += 1
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
