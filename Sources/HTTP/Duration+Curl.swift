extension Duration {
    /// Whole milliseconds, rounded up so a positive duration never becomes zero (“no limit”).
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 1 }
        let millis = seconds.multipliedReportingOverflow(by: 1000)
        guard !millis.overflow else { return Int.max }
        let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return max(1, Int(millis.partialValue + fraction))
    }

    /// Whole seconds, rounded up, at least one.
    var curlSeconds: Int { max(1, (curlMilliseconds + 999) / 1000) }
}
