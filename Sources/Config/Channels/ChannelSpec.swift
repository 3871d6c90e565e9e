import Channels
import Secrets

/// A delivery channel under `channels:`: its id, kind and place, the values as written, the
/// references to its secrets, and its values as its kind checked them (``ChannelRegistry``).
public struct ChannelSpec: Sendable, Equatable {
    /// The kind (`type:`), one of ``ChannelRegistry/integrations``.
    public typealias Kind = ChannelKind

    /// The channel id.
    public var id: String
    /// The kind.
    public let kind: Kind
    /// The settings as given (strings), already checked against the kind's known keys.
    public let settings: [String: String]
    /// The secrets the settings reference (`url_env` / `url_file` → `url`), by prefix; a `_file`
    /// path is resolved against the YAML file's directory.
    public let secrets: [String: SecretReference]
    /// The settings as the kind checked them, or every problem found.
    public let checked: Result<CheckedChannelSettings, ChannelSettingsError>
    /// Where the channel is configured.
    public var location: ConfigLocation

    /// A channel from its parts (settings as they would be written in YAML); `resolve` makes a
    /// secret file's path absolute. The settings are checked here (see ``checked``).
    public init(id: String, kind: Kind, settings: [String: String], location: ConfigLocation,
                resolve: (String) -> String = { $0 }) {
        self.id = id
        self.kind = kind
        self.settings = settings
        self.location = location
        secrets = ChannelRegistry.secretReferences(kind: kind, values: settings, resolve: resolve)
        do throws(ChannelSettingsError) {
            checked = .success(try ChannelRegistry.check(kind: kind, values: settings))
        } catch {
            checked = .failure(error)
        }
    }

    /// The keys each kind accepts besides `id` and `type`.
    public static func knownKeys(for kind: Kind) -> [String] { ChannelRegistry.knownKeys(for: kind) }

    /// Equal ids, kinds, settings, secrets and places (the checked settings follow from them).
    public static func == (lhs: ChannelSpec, rhs: ChannelSpec) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.settings == rhs.settings && lhs.secrets == rhs.secrets
            && lhs.location == rhs.location
    }
}
