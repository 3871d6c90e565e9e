/// A national holiday of Japan.
public struct Holiday: Sendable, Hashable, Codable {
    public var date: LocalDate
    /// The name as the Cabinet Office writes it (元日, 振替休日, 休日 …).
    public var name: String
    public init(date: LocalDate, name: String) { self.date = date; self.name = name }
}

extension LocalDate: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        self = date
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Japanese national holidays (STUB: replaced by the holidays work).
public enum JapaneseHolidays {
    /// The holiday's name on `date`, or nil on an ordinary day.
    public static func name(on date: LocalDate) -> String? { nil }
    /// Holidays in `first...last`, in date order.
    public static func holidays(from first: LocalDate, through last: LocalDate) -> [Holiday] { [] }
}
