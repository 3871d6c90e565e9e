import Messages

extension Configuration {
    /// The `health:` section's checks across files: every channel it names is configured.
    func healthProblems() -> [(location: ConfigLocation, message: Message)] {
        guard let health else { return [] }
        let known = channels.map(\.id)
        return zip(health.channels, health.channelLocations).compactMap { name, location in
            guard !known.contains(name) else { return nil }
            let hint = NameSuggestion.hintMessage(for: name, among: known, plural: Message(.pluralChannels))
            return (location, Message(.configHealthUnknownChannel, ["name": .quoted(name), "hint": .message(hint)]))
        }
    }

    /// The health limits in force: the section's, or ``HealthSpec/defaults``.
    public var healthLimits: HealthSpec { health ?? .defaults }
}
