import Messages
import Timetable

/// How one kind of timetable body (an `odpt:StationTimetable` response, filtered to a station and
/// a direction) is decoded. A format that reads bodies declares its decoder next to it; the
/// decoders of Facts run it as a ``TimetableBody``.
public protocol TimetableBodyDecoder: Sendable, Equatable {
    /// What the body should be, for "HTML instead of JSON" messages (`JSON`).
    var expectedFormat: Message { get }
    /// The timetable of `bytes`; `label` names the body in errors.
    func decode(_ bytes: [UInt8], label: String) throws -> DayTypeTimetable
}

/// A timetable body to decode: one ``TimetableBodyDecoder`` with its selection.
public struct TimetableBody: Sendable, Equatable, CustomStringConvertible {
    private let decoder: any TimetableBodyDecoder

    /// A body decoded by `decoder`.
    public init(_ decoder: some TimetableBodyDecoder) {
        self.decoder = decoder
    }

    /// What the body should be (`JSON`).
    public var expectedFormat: Message { decoder.expectedFormat }

    /// The timetable of `bytes`.
    public func decode(_ bytes: [UInt8], label: String) throws -> DayTypeTimetable { try decoder.decode(bytes, label: label) }

    /// The decoder and its selection.
    public var description: String { "\(decoder)" }

    /// The same decoder with the same selection.
    public static func == (lhs: TimetableBody, rhs: TimetableBody) -> Bool { lhs.decoder.isEqual(to: rhs.decoder) }
}

extension TimetableBodyDecoder {
    fileprivate func isEqual(to other: any TimetableBodyDecoder) -> Bool { (other as? Self) == self }
}
