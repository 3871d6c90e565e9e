import Messages

/// Where a secret (an API key, a consumer key) comes from. Never the secret itself.
///
/// Resolved by ``SecretSource`` in this order: the environment variable, the systemd credential
/// (`$CREDENTIALS_DIRECTORY/<credential>`; by default named like the variable), the file.
public struct SecretReference: Sendable, Equatable, CustomStringConvertible {
    /// `key_env`: the environment variable holding the secret.
    public var environmentVariable: String?
    /// `key_file`: a file holding the secret (surrounding whitespace and newlines are trimmed).
    public var file: String?
    /// The systemd credential name (`LoadCredential=<name>:…`); the variable's name when nil.
    public var credential: String?

    /// A reference to an environment variable, a systemd credential and / or a file.
    public init(environmentVariable: String? = nil, file: String? = nil, credential: String? = nil) {
        self.environmentVariable = environmentVariable
        self.file = file
        self.credential = credential
    }

    /// The credential name looked up in `$CREDENTIALS_DIRECTORY`.
    public var credentialName: String? { credential ?? environmentVariable }

    /// What the user should check when the secret is refused: `OPENWEATHER_API_KEY`,
    /// `the key file /etc/leavenow/owm.key`, `the credential owm-key`.
    public var hint: String { hintMessage.text }

    /// ``hint`` kept for the reader's language.
    public var hintMessage: Message {
        if let environmentVariable { return .verbatim(environmentVariable) }
        if let credential { return Message(.secretHintCredential, ["name": .text(credential)]) }
        if let file { return Message(.secretHintKeyFile, ["path": .text(file)]) }
        return Message(.secretHintConfiguration)
    }

    /// The places looked at, e.g. `key_env OPENWEATHER_API_KEY`. Never the secret.
    public var description: String {
        var parts: [String] = []
        if let environmentVariable { parts.append("key_env \(environmentVariable)") }
        if let credential { parts.append("credential \(credential)") }
        if let file { parts.append("key_file \(file)") }
        return parts.isEmpty ? "no key configured" : parts.joined(separator: ", ")
    }
}
