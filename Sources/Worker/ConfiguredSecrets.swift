import Config
import Delivery
import Secrets

/// The values of every secret a configuration refers to (API keys, webhook URLs, ntfy topics and
/// tokens, signing secrets), resolved as the sources and channels resolve them, so the worker's
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
        for channel in configuration.channels {
            for setting in ChannelEndpoint.secretSettings(for: channel.kind) {
                if let reference = ChannelEndpoint.secretReference(channel, setting.prefix) { references.append(reference) }
            }
            // A URL or topic written in the YAML is a secret too (the dispatcher warns about it).
            for literal in ["url", "topic"] { if let value = channel.settings[literal] { values.append(value) } }
        }
        for reference in references {
            if let value = try? secrets.resolve(reference, for: "the log"), value.count >= 4 { values.append(value) }
        }
        return values
    }
}
