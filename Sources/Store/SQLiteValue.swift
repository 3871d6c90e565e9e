import Foundation

/// A value bound to a `?` parameter of an SQL statement.
public enum SQLiteValue: Sendable, Equatable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null

    /// `.integer(value)`, or `.null` for nil.
    public init(_ value: Int64?) { self = value.map(SQLiteValue.integer) ?? .null }
    /// `.integer(value)`, or `.null` for nil.
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// `.text(value)`, or `.null` for nil.
    public init(_ value: String?) { self = value.map(SQLiteValue.text) ?? .null }

    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
}
