import Config
import Delivery
import Secrets

/// What the configured channels can deliver with an environment (this command's: the worker's may
/// differ): the channels that cannot — a secret not set or unreadable, a desktop channel without a
/// D-Bus session bus or `notify-send`, which the worker holds — with what to do about them, and
/// those whose configuration is wrong. `check` warns about the held ones (and fails on the wrong
/// ones), `dry-run` marks their notifications.
struct ChannelReadiness {
    /// The warnings about the channels, in their order: each held channel (`file:line:col: channel
    /// "desktop": no D-Bus session bus (…); the worker holds this channel's notifications until …`)
    /// and what else is worth fixing (a secret written in the configuration).
    var warnings: [Message] = []
    /// The held channels by id, and why (without the place: `no D-Bus session bus (…)`).
    var held: [String: Message] = [:]
    /// The channels that cannot be used at all (a value the worker would refuse).
    var unusable: [ChannelConfigurationError] = []

    init(channels: [ChannelSpec], environment: [String: String]) {
        let secrets = SecretSource(environment: environment)
        let desktop = DesktopNotifier(environment: environment)
        for channel in channels {
            do {
                let endpoint = try ChannelEndpoint(channel, secrets: secrets)
                warnings += endpoint.warnings
                guard endpoint.kind == .desktop else { continue }
                do {
                    try desktop.checkReady()
                } catch {
                    held[channel.id] = error.text
                    warnings.append(ChannelConfigurationError(channel: channel.id, location: channel.location, text: error.holdMessage)
                        .descriptionMessage)
                }
            } catch {
                guard error.secret != nil else {
                    unusable.append(error)
                    continue
                }
                held[channel.id] = error.text
                warnings.append(Message(.checkChannelHeld, ["problem": .message(error.descriptionMessage)]))
            }
        }
    }
}
