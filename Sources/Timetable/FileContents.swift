import Messages

/// Whole files for the decoders, with errors that name the file.
public enum FileContents {
    /// The bytes of the file at `path`.
    ///
    /// - Throws: `DecodeError` naming `path`: no such file, a directory, or why it could not be read.
    public static func read(_ path: String) throws -> [UInt8] {
        guard let file = try FileBytes.map(path: path, label: path) else {
            throw DecodeError(file: path, text: Message(.fileNoSuchFile))
        }
        return Array(file.buffer)
    }
}
