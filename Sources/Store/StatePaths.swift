import Foundation
import Messages
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the state database lives by default.
public enum StatePaths {
    /// The default database path:
    /// - under systemd (`StateDirectory=`): `$STATE_DIRECTORY/state.db` (the first directory if it
    ///   lists several, `:`-separated);
    /// - else `$XDG_STATE_HOME/leavenow/state.db` (an absolute `XDG_STATE_HOME` only, as the XDG spec says);
    /// - else `$HOME/.local/state/leavenow/state.db`.
    public static func defaultDatabase(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let directories = environment["STATE_DIRECTORY"],
           let first = directories.split(separator: ":").first, !first.isEmpty {
            return joined(String(first), "state.db")
        }
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            return joined(stateHome, "leavenow/state.db")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return joined(home, ".local/state/leavenow/state.db")
    }

    /// Creates the directory holding `path`, and its missing parents, with mode 0700. An existing
    /// directory is left as it is (it may be `/tmp` or one the user chose).
    public static func createDirectory(containing path: String) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StoreError(path: path, operation: Message(.storeCreatingItsDirectory),
                                 message: Message(.storeNotDirectory, ["directory": .text(directory)]), code: .file(errno: ENOTDIR))
            }
            return
        }
        // Each missing directory with mkdir(2), so that a failure has its errno (Foundation's says
        // "The operation could not be completed"), and says why and what to do.
        var missing: [String] = []
        var ancestor = directory
        while !ancestor.isEmpty, ancestor != "/", ancestor != ".", !FileManager.default.fileExists(atPath: ancestor) {
            missing.append(ancestor)
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        for created in missing.reversed() where mkdir(created, 0o700) != 0 && errno != EEXIST {
            let number = errno
            throw StoreError(path: path, operation: Message(.storeCreatingDirectory, ["directory": .text(directory)]),
                             message: StateFileAccess.directoryProblem(created, errno: number), code: .file(errno: number))
        }
    }

    private static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
