/// The cache could not be read or written. Names the file and what failed.
public struct SourceCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or directory concerned.
    public var path: String
    /// What went wrong, e.g. `rename failed: Is a directory`.
    public var message: String

    /// An error about `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `<path>: <message>`.
    public var description: String { "\(path): \(message)" }
}
