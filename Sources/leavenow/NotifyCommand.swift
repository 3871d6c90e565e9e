import Config
import Delivery
import Foundation
import Notifications
import Secrets
import Worker

/// `leavenow notify CHANNEL MESSAGE [--title T] [--urgency low|normal|critical] [--rules DIR]`: sends
/// one test notification through a configured channel, now, and says what happened (no outbox,
/// no retry). Exit 1 when it was not delivered.
struct NotifyCommand {

    func run(_ arguments: [String], context: CommandContext) throws -> String {
        try context.speaking { try notify(arguments, context: context) }
    }

    private func notify(_ arguments: [String], context: CommandContext) throws -> String {
        let parsed = try ParsedArguments(arguments, spec: .notify)
        let values = try parsed.requirePositionals(["CHANNEL", "MESSAGE"])
        let (configuration, directory) = try context.loadConfiguration(rulesOption: parsed.value("--rules"))
        guard configuration.channels.contains(where: { $0.id == values[0] }) else {
            let known = configuration.channels.map(\.id)
            let hint = known.isEmpty ? Message(.notifyDefinesNoChannels)
                : Message(.notifyKnownChannels, ["suggestion": .message(NameSuggestion.prefixMessage(for: values[0], among: known)),
                                                 "list": .message(.list(known))])
            throw CommandFailure.usage(Message(.notifyNoChannel, ["channel": .text("\"\(values[0])\""), "directory": .text(directory),
                                                                 "hint": .message(hint)]).text)
        }
        let urgencyText = parsed.value("--urgency") ?? "normal"
        guard let urgency = Urgency(rawValue: urgencyText) else {
            throw CommandFailure.usage(Message(.notifyBadUrgency, ["value": .text("\"\(urgencyText)\"")]).text)
        }
        let now = context.now()
        let notification = Notice(
            key: "notify/\(values[0])/\(now)-\(UInt32.random(in: 0...UInt32.max))", rule: "notify", kind: .test, fireAt: now, expiresAt: nil,
            channels: [values[0]], urgency: urgency, language: context.language == .japanese ? .ja : .en,
            title: parsed.value("--title") ?? "leavenow", text: values[1])
        let dispatcher = Dispatcher(channels: configuration.channels, secrets: SecretSource(environment: context.environment),
                                    now: { Date(timeIntervalSince1970: Double(now)) })
        for warning in dispatcher.warnings { context.warn(.verbatim(warning)) }
        let result = dispatcher.send([DeliveryJob(id: 0, notification: notification, channel: values[0])])[0]
        // The dispatcher already redacted the reason with the channel's secrets; every configured
        // secret is hidden once more before it is printed.
        let secrets = URLRedaction(knownSecrets: ConfiguredSecrets.literals(in: configuration, secrets: SecretSource(environment: context.environment)))
        let line = secrets.redact(text: "\(values[0]): \(result.outcome)")
        guard result.outcome.isDelivered else { throw CommandFailure.failure(line) }
        return line
    }
}
