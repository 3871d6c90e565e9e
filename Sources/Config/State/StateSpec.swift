import Secrets

/// The `state:` section: where the workers keep their state when it is a PostgreSQL database
/// shared by several workers, instead of `--state` on every command line (`--state` overrides it).
///
/// ```yaml
/// state:
///   url: postgresql://leavenow@db.example/leavenow?sslmode=require   # never with a password
///   password_env: LEAVENOW_DB_PASSWORD    # or password_file: (also the systemd credential's name)
/// ```
///
/// The password comes from the secret reference (an environment variable, a systemd credential
/// named like it, or a file); without one, libpq's `PGPASSWORD` / `~/.pgpass`. A password written
/// in the URL is refused: it would sit in a file every worker's configuration is copied from.
/// At most one file of a rules directory has the section.
public struct StateSpec: Sendable, Equatable {
    /// The `postgresql://` / `postgres://` URL, without a password (checked by `PostgresURLSyntax`).
    public var url: String
    /// Where the password comes from (`password_env` / `password_file`); nil: libpq's own ways.
    public var password: SecretReference?
    /// Where the section's mapping starts.
    public var location: ConfigLocation
    /// Where the `url:` value is.
    public var urlLocation: ConfigLocation

    /// A section.
    public init(url: String, password: SecretReference?, location: ConfigLocation, urlLocation: ConfigLocation) {
        self.url = url
        self.password = password
        self.location = location
        self.urlLocation = urlLocation
    }
}
