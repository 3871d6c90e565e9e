import Foundation

/// Resolves ``SecretReference``s from an environment given to it (never read from the process
/// here, so tests and the worker decide), systemd credentials and files.
public struct SecretSource: Sendable {
    /// The environment variables, e.g. `ProcessInfo.processInfo.environment` in the worker.
    public var environment: [String: String]

    /// A source reading `environment`; systemd credentials come from its `CREDENTIALS_DIRECTORY`.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// `$CREDENTIALS_DIRECTORY`, set by systemd for a unit with `LoadCredential=`.
    public var credentialsDirectory: String? {
        environment["CREDENTIALS_DIRECTORY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The secret `reference` names, trimmed of surrounding whitespace.
    ///
    /// - Parameter owner: what the secret is for, used in the error (`weather source "chofu"`).
    /// - Throws: ``SecretError`` naming every variable, credential and file looked at.
    public func resolve(_ reference: SecretReference, for owner: String) throws(SecretError) -> String {
        var reasons: [String] = []
        if let name = reference.environmentVariable {
            if let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                return value
            }
            reasons.append(environment[name] == nil ? "the environment variable \(name) is not set"
                                                    : "the environment variable \(name) is empty")
        }
        if let name = reference.credentialName {
            if let directory = credentialsDirectory {
                let path = directory + "/" + name
                if FileManager.default.fileExists(atPath: path) {
                    switch Self.read(path, what: "the credential file") {
                    case .success(let value): return value
                    case .failure(let failure): reasons.append(failure.reason)
                    }
                } else if reference.credential != nil || reference.file == nil {
                    reasons.append("there is no credential \(name) in $CREDENTIALS_DIRECTORY (\(directory))")
                }
            } else if reference.credential != nil {
                reasons.append("the credential \(name) was asked for but $CREDENTIALS_DIRECTORY is not set")
            }
        }
        if let path = reference.file {
            switch Self.read(path, what: "the key file") {
            case .success(let value): return value
            case .failure(let failure): reasons.append(failure.reason)
            }
        }
        throw SecretError(owner: owner, reasons: reasons)
    }

    /// The trimmed content of a secret file, or why it cannot be used (never quoting the content).
    private static func read(_ path: String, what: String) -> Result<String, SecretReadFailure> {
        guard FileManager.default.fileExists(atPath: path) else { return .failure(SecretReadFailure("\(what) \(path) does not exist")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(SecretReadFailure("\(what) \(path) cannot be read"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(SecretReadFailure("\(what) \(path) is not UTF-8 text"))
        }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return .failure(SecretReadFailure("\(what) \(path) is empty")) }
        return .success(value)
    }
}

/// Why a secret file could not be used, as a sentence.
private struct SecretReadFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
