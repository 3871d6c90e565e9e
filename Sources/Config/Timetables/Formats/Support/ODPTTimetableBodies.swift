import Messages
import Timetable

/// An `odpt:StationTimetable` response (or file), kept to one station and one direction.
public struct ODPTStationTimetableBody: TimetableBodyDecoder {
    /// The station kept; nil: every station timetable.
    public var station: String?
    /// The direction kept; nil: every direction.
    public var direction: String?

    /// JSON.
    public var expectedFormat: Message { .verbatim("JSON") }

    /// ``ODPTTimetableDecoder/stationTimetable(_:file:station:direction:)``.
    public func decode(_ bytes: [UInt8], label: String) throws -> DayTypeTimetable {
        try ODPTTimetableDecoder.stationTimetable(bytes, file: label, station: station, direction: direction)
    }
}

/// An `odpt:BusstopPoleTimetable` response (or file), kept to one pole.
public struct ODPTBusstopPoleTimetableBody: TimetableBodyDecoder {
    /// The pole kept; nil: every pole.
    public var pole: String?

    /// JSON.
    public var expectedFormat: Message { .verbatim("JSON") }

    /// ``ODPTTimetableDecoder/busstopPoleTimetable(_:file:pole:)``.
    public func decode(_ bytes: [UInt8], label: String) throws -> DayTypeTimetable {
        try ODPTTimetableDecoder.busstopPoleTimetable(bytes, file: label, pole: pole)
    }
}

extension TimetableBody {
    /// An `odpt:StationTimetable` body, optionally kept to one station and one direction.
    public static func odptStationTimetable(station: String?, direction: String?) -> TimetableBody {
        TimetableBody(ODPTStationTimetableBody(station: station, direction: direction))
    }

    /// An `odpt:BusstopPoleTimetable` body, optionally kept to one pole.
    public static func odptBusstopPoleTimetable(pole: String?) -> TimetableBody {
        TimetableBody(ODPTBusstopPoleTimetableBody(pole: pole))
    }
}
