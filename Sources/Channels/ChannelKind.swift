/// The `type:` of a channel (`webhook`, `slack`, `gotify`, …): the name of one
/// ``ChannelIntegration`` in the ``ChannelRegistry``. Each kind's file declares its constant
/// (`ChannelKind.gotify`), so adding a kind touches no list of cases.
public struct ChannelKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The `type:` name as written in the YAML.
    public var rawValue: String

    /// The kind named `rawValue` (whether the registry knows it is ``ChannelRegistry/integration(for:)``'s answer).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The kind named by a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Every kind the registry knows, in the registry's order.
    public static var allCases: [ChannelKind] { ChannelRegistry.integrations.map { $0.kind } }

    /// The name.
    public var description: String { rawValue }
}
