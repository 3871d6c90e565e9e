/// A few key/value facts of the state: the worker's status record, the health episodes, when the
/// outbox was last purged, the fleet's partition count.
public protocol MetaStore: AnyObject {
    /// The value stored under `key`, if any.
    func meta(_ key: String) throws -> String?

    /// Stores `value` under `key`; nil removes it.
    func setMeta(_ key: String, _ value: String?) throws
}
