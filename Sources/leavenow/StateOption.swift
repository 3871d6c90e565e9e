import Foundation
import Store

/// `--state` as a PostgreSQL URL or an SQLite file, and the store it opens, for every command that
/// reads or writes the worker's state (`run`, `status`, `outbox`, `sources`, `fetch`).
extension CommandContext {
    /// `--state`: a `postgresql://` / `postgres://` URL (checked: a malformed one is a usage error
    /// naming what is wrong, without its password), else the SQLite file of ``statePath(_:)``.
    func stateLocation(_ option: String?) throws -> StateLocation {
        if let option, PostgresURL.isPostgresURL(option) {
            do {
                return try StateLocation(option)
            } catch {
                throw CommandFailure.usage("--state: \(error)")
            }
        }
        return .file(try statePath(option))
    }

    /// Opens the state at `location`. An SQLite file that does not exist yet fails with `missing`
    /// (the worker has not run: a read-only command must not create an empty state by mistake); a
    /// PostgreSQL database is connected to and migrated (its password comes from the URL or from
    /// libpq's `PGPASSWORD` / `~/.pgpass`, and is never printed).
    func openState(_ location: StateLocation, missing: (String) -> String) throws -> any NotificationStore {
        if case .file(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure.failure(missing(path))
        }
        return try location.open()
    }
}
