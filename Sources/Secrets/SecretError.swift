/// A secret could not be resolved. Names the variable, credential or file, never a value.
public struct SecretError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the secret is for, e.g. `weather source "chofu"`.
    public var owner: String
    /// Why it could not be resolved, one sentence per place looked at.
    public var reasons: [String]

    /// An error for `owner` with the reasons of every place looked at.
    public init(owner: String, reasons: [String]) {
        self.owner = owner
        self.reasons = reasons
    }

    /// `no API key for weather source "chofu": the environment variable OPENWEATHER_API_KEY is not set`.
    public var description: String {
        "no API key for \(owner): " + (reasons.isEmpty ? "no key_env or key_file is configured" : reasons.joined(separator: "; "))
    }
}
