import Config
import Foundation
import Secrets
import Store

/// `--state` as a PostgreSQL URL or an SQLite file — or, without `--state`, the `state:` section of
/// the configuration — and the store it opens, for every command that reads or writes the worker's
/// state (`run`, `status`, `outbox`, `sources`, `fetch`).
extension CommandContext {
    /// `--state`: a `postgresql://` / `postgres://` URL (checked: a malformed one is a usage error
    /// naming what is wrong, without its password), else the SQLite file of ``statePath(_:)``.
    func stateLocation(_ option: String?) throws -> StateLocation {
        if let option, PostgresURL.isPostgresURL(option) {
            do {
                return try StateLocation(option)
            } catch {
                throw CommandFailure.usage(Message(.stateBadOption, ["error": .text("\(error)")]).text)
            }
        }
        return .file(try statePath(option))
    }

    /// The state a command uses: `--state` when given (``stateLocation(_:)``; the configuration's
    /// `state:` is then not read); else the `state:` section of the rules directory (`--rules`, or the
    /// default one), its password resolved from its secret reference; else the default SQLite file.
    ///
    /// - Throws: a failure naming the section's place when it has problems or its password cannot be
    ///   found (never the password).
    func stateLocation(_ option: String?, rulesOption: String?) throws -> StateLocation {
        if option != nil { return try stateLocation(option) }
        guard let spec = try configuredState(rulesOption: rulesOption) else { return try stateLocation(nil) }
        return .postgres(try Self.location(of: spec, secrets: SecretSource(environment: environment)))
    }

    /// The state of a command that loaded the rules directory already (`run`): the `state:` section of
    /// its `configuration`, its password resolved from its secret reference; else the default SQLite file.
    func stateLocation(configured spec: StateSpec?) throws -> StateLocation {
        guard let spec else { return try stateLocation(nil) }
        return .postgres(try Self.location(of: spec, secrets: SecretSource(environment: environment)))
    }

    /// The `state:` section of the rules directory, nil when it has none (or there is no directory).
    func configuredState(rulesOption: String?) throws -> StateSpec? {
        let directory = rulesDirectory(rulesOption)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        do {
            return try Configuration.loadState(directory: directory)
        } catch {
            throw CommandFailure.failure("\(directory) has problems:\n" + error.rendered)
        }
    }

    /// The URL of a `state:` section with the password of its secret reference (none: libpq's
    /// `PGPASSWORD` / `~/.pgpass`).
    static func location(of spec: StateSpec, secrets: SecretSource) throws -> PostgresURL {
        let url: PostgresURL
        do {
            url = try PostgresURL(spec.url)
        } catch {
            throw CommandFailure.failure(Message(.stateBadURL, ["place": .text("\(spec.urlLocation)"), "error": .text("\(error.message)")]).text)
        }
        guard let reference = spec.password else { return url }
        do {
            return url.replacingPassword(try secrets.resolve(reference, for: "the state"))
        } catch {
            throw CommandFailure.failure(Message(.stateNoPassword, ["place": .text("\(spec.location)"), "url": .text(url.redacted),
                                                                   "reasons": .text(error.reasons.joined(separator: "; "))]).text)
        }
    }

    /// Opens the state at `location`. An SQLite file that does not exist yet fails with `missing`
    /// (the worker has not run: a read-only command must not create an empty state by mistake); a
    /// PostgreSQL database is connected to and migrated (its password comes from the URL, the
    /// `state:` section's secret reference, or libpq's `PGPASSWORD` / `~/.pgpass`, and is never printed).
    ///
    /// `readOnly`: the command only reads the state, so an SQLite file this user may read but not
    /// write (another user's worker) is opened read-only.
    func openState(_ location: StateLocation, readOnly: Bool = false, missing: (String) -> String) throws -> any NotificationStore {
        if case .file(let path) = location, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure.failure(missing(path))
        }
        return try readOnly ? location.openForReading() : location.open()
    }
}
