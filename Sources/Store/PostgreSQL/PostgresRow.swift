import Messages
/// One result row of a `PostgresConnection` query, in PostgreSQL's text format (nil for NULL).
public struct PostgresRow: Sendable {
    /// The columns, in the query's order.
    public let values: [String?]
    /// The redacted URL, for errors.
    let source: String

    /// Column `index` as text; NULL throws.
    public func text(_ index: Int) throws(StoreError) -> String {
        guard let value = values[index] else { throw null(index) }
        return value
    }

    /// Column `index` as text, nil for NULL.
    public func optionalText(_ index: Int) -> String? { values[index] }

    /// Column `index` as an integer; NULL or not an integer throws.
    public func int64(_ index: Int) throws(StoreError) -> Int64 {
        guard let value = values[index] else { throw null(index) }
        guard let number = Int64(value) else {
            throw StoreError(path: source, operation: Message(.storeReadingColumn, ["index": .number(index)]),
                             message: Message(.storeNotInteger, ["value": .inQuotes(value)]),
                             code: .badValue)
        }
        return number
    }

    /// Column `index` as an integer, nil for NULL (or a value that is not an integer).
    public func optionalInt64(_ index: Int) -> Int64? { values[index].flatMap { Int64($0) } }

    private func null(_ index: Int) -> StoreError {
        StoreError(path: source, operation: Message(.storeReadingColumn, ["index": .number(index)]), message: Message(.storeValueNull), code: .badValue)
    }
}
