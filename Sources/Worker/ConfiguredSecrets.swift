import Channels
import Config
import Secrets

/// The values of every secret a configuration refers to (API keys, webhook URLs, ntfy topics and
/// tokens, signing secrets, the heartbeat URL), resolved as the sources and channels resolve them, so the worker's
/// log can hide them wherever they would appear — in every form derived from them
/// (``HTTP/URLRedaction/derivedForms(of:)``: percent-encoded, base64, a URL's Basic credential).
public enum ConfiguredSecrets {
    /// The resolvable secrets of `configuration` and every form derived from them; references that
    /// do not resolve are skipped (the source or channel reports them itself).
    public static func values(in configuration: Configuration, secrets: SecretSource) -> [String] {
        var seen = Set<String>()
        return literals(in: configuration, secrets: secrets).flatMap(URLRedaction.derivedForms(of:)).filter { seen.insert($0).inserted }
    }

    /// The resolvable secrets of `configuration` as configured (no derived forms).
    public static func literals(in configuration: Configuration, secrets: SecretSource) -> [String] {
        var references: [SecretReference] = []
        var values: [String] = []
        references += configuration.weather.compactMap(\.key)
        if let key = configuration.odpt?.key { references.append(key) }
        if let heartbeat = configuration.health?.heartbeat { references.append(heartbeat.url) }
        for channel in configuration.channels {
            // Each kind's secret settings, from its integration: the references, and a value written
            // in the YAML (a URL, a topic, a token: the dispatcher warns about it), a secret too.
            for setting in ChannelRegistry.integration(for: channel.kind)?.secrets ?? [] {
                if let reference = channel.secrets[setting.prefix] { references.append(reference) }
                if setting.literal != .refused, let value = channel.settings[setting.prefix] { values.append(value) }
            }
        }
        for reference in references {
            if let value = try? secrets.resolve(reference, for: "the log"), value.count >= 4 { values.append(value) }
        }
        return values
    }
}
