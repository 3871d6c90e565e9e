/// The source index: each source's last fetch, check, error and next refresh (`leavenow sources`,
/// `status`, the health watch).
public protocol SourceIndexStore: AnyObject {
    /// Records a fetch of source `name`. A nil `fetchedAt` / `checkedAt` keeps the previous value (a
    /// failed fetch does not make the data newer); `lastError`, `bytesSaved`, `nextRefreshAt` replace it.
    func recordSourceFetch(name: String, fetchedAt: Int64?, checkedAt: Int64?, lastError: String?, bytesSaved: Int,
                           nextRefreshAt: Int64?) throws

    /// Every source recorded, by name.
    func sourceStates() throws -> [SourceStateRow]
}
