import JSONText

extension JSONValue {
    /// A whole number that fits in an `Int64`; nil for anything else (null, a fraction, a string).
    var wholeNumber: Int64? {
        guard let number = numberValue, number.rounded() == number, abs(number) < 9.2e18 else { return nil }
        return Int64(number)
    }
}
