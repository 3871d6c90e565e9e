import Foundation
import Messages

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
    /// - Parameter owner: what the secret is for, used in the error (`weather source "chofu"`), the
    ///   same in every language.
    /// - Throws: ``SecretError`` naming every variable, credential and file looked at.
    public func resolve(_ reference: SecretReference, for owner: String) throws(SecretError) -> String {
        try resolve(reference, for: .verbatim(owner))
    }

    /// The secret `reference` names, trimmed of surrounding whitespace.
    ///
    /// - Parameter owner: what the secret is for, used in the error (`weather source "chofu"`).
    /// - Throws: ``SecretError`` naming every variable, credential and file looked at.
    public func resolve(_ reference: SecretReference, for owner: Message) throws(SecretError) -> String {
        var reasons: [Message] = []
        if let name = reference.environmentVariable {
            if let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                return value
            }
            reasons.append(Message(environment[name] == nil ? .secretVariableNotSet : .secretVariableEmpty, ["name": .text(name)]))
        }
        if let name = reference.credentialName {
            if let directory = credentialsDirectory {
                let path = directory + "/" + name
                if FileManager.default.fileExists(atPath: path) {
                    switch Self.read(path, what: Message(.secretCredentialFile)) {
                    case .success(let value): return value
                    case .failure(let failure): reasons.append(failure.reason)
                    }
                } else if reference.credential != nil || reference.file == nil {
                    reasons.append(Message(.secretNoCredential, ["name": .text(name), "directory": .text(directory)]))
                }
            } else if reference.credential != nil {
                reasons.append(Message(.secretCredentialNoDirectory, ["name": .text(name)]))
            }
        }
        if let path = reference.file {
            switch Self.read(path, what: Message(.secretKeyFile)) {
            case .success(let value): return value
            case .failure(let failure): reasons.append(failure.reason)
            }
        }
        throw SecretError(owner: owner, reasons: reasons)
    }

    /// The trimmed content of a secret file, or why it cannot be used (never quoting the content).
    private static func read(_ path: String, what: Message) -> Result<String, SecretReadFailure> {
        func failure(_ key: MessageKey) -> Result<String, SecretReadFailure> {
            .failure(SecretReadFailure(reason: Message(key, ["what": .message(what), "path": .text(path)])))
        }
        guard FileManager.default.fileExists(atPath: path) else { return failure(.secretFileMissing) }
        guard let data = FileManager.default.contents(atPath: path) else { return failure(.secretFileUnreadable) }
        guard let text = String(data: data, encoding: .utf8) else { return failure(.secretFileNotUTF8) }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return failure(.secretFileEmpty) }
        return .success(value)
    }
}

/// Why a secret file could not be used, as a sentence.
private struct SecretReadFailure: Error {
    let reason: Message
}
