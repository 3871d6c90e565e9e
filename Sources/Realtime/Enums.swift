// The GTFS-Realtime enums (gtfs-realtime.proto). A value the spec version compiled in does not
// define is kept as `unknown(N)` and reported as a `RealtimeWarning`, never rejected.

/// A GTFS-Realtime enum: its known values by number, and `unknown(N)` for the rest.
public protocol RealtimeEnum: Sendable, Hashable, CustomStringConvertible {
    /// The value for a wire number (`unknown(N)` when the spec defines none).
    init(rawValue: Int32)
    /// The wire number.
    var rawValue: Int32 { get }
    /// Whether the value is one this spec version does not define.
    var isUnknown: Bool { get }
}

/// `FeedHeader.Incrementality`.
public enum Incrementality: RealtimeEnum {
    /// `FULL_DATASET` = 0.
    case fullDataset
    /// `DIFFERENTIAL` = 1.
    case differential
    /// A number the spec does not define for the incrementality.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 0: self = .fullDataset
        case 1: self = .differential
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .fullDataset: return 0
        case .differential: return 1
        case .unknown(let value): return value
        }
    }

    /// Whether the number is one the spec does not define.
    public var isUnknown: Bool { if case .unknown = self { return true } else { return false } }

    /// The proto name (`SCHEDULED`), or `unknown(N)`.
    public var description: String {
        switch self {
        case .fullDataset: return "FULL_DATASET"
        case .differential: return "DIFFERENTIAL"
        case .unknown(let value): return "unknown(\(value))"
        }
    }
}

/// `TripDescriptor.ScheduleRelationship`: how the trip instance relates to the static schedule.
public enum TripScheduleRelationship: RealtimeEnum {
    /// `SCHEDULED` = 0.
    case scheduled
    /// `ADDED` = 1.
    case added
    /// `UNSCHEDULED` = 2.
    case unscheduled
    /// `CANCELED` = 3.
    case canceled
    /// `REPLACEMENT` = 5.
    case replacement
    /// `DUPLICATED` = 6.
    case duplicated
    /// `DELETED` = 7.
    case deleted
    /// `NEW` = 8.
    case `new`
    /// A number the spec does not define for the trip schedule relationship.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 0: self = .scheduled
        case 1: self = .added
        case 2: self = .unscheduled
        case 3: self = .canceled
        case 5: self = .replacement
        case 6: self = .duplicated
        case 7: self = .deleted
        case 8: self = .new
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .scheduled: return 0
        case .added: return 1
        case .unscheduled: return 2
        case .canceled: return 3
        case .replacement: return 5
        case .duplicated: return 6
        case .deleted: return 7
        case .new: return 8
        case .unknown(let value): return value
        }
    }

    /// Whether the number is one the spec does not define.
    public var isUnknown: Bool { if case .unknown = self { return true } else { return false } }

    /// The proto name (`SCHEDULED`), or `unknown(N)`.
    public var description: String {
        switch self {
        case .scheduled: return "SCHEDULED"
        case .added: return "ADDED"
        case .unscheduled: return "UNSCHEDULED"
        case .canceled: return "CANCELED"
        case .replacement: return "REPLACEMENT"
        case .duplicated: return "DUPLICATED"
        case .deleted: return "DELETED"
        case .new: return "NEW"
        case .unknown(let value): return "unknown(\(value))"
        }
    }
}

/// `StopTimeUpdate.ScheduleRelationship`.
public enum StopScheduleRelationship: RealtimeEnum {
    /// `SCHEDULED` = 0.
    case scheduled
    /// `SKIPPED` = 1.
    case skipped
    /// `NO_DATA` = 2.
    case noData
    /// `UNSCHEDULED` = 3.
    case unscheduled
    /// A number the spec does not define for the stop schedule relationship.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 0: self = .scheduled
        case 1: self = .skipped
        case 2: self = .noData
        case 3: self = .unscheduled
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .scheduled: return 0
        case .skipped: return 1
        case .noData: return 2
        case .unscheduled: return 3
        case .unknown(let value): return value
        }
    }

    /// Whether the number is one the spec does not define.
    public var isUnknown: Bool { if case .unknown = self { return true } else { return false } }

    /// The proto name (`SCHEDULED`), or `unknown(N)`.
    public var description: String {
        switch self {
        case .scheduled: return "SCHEDULED"
        case .skipped: return "SKIPPED"
        case .noData: return "NO_DATA"
        case .unscheduled: return "UNSCHEDULED"
        case .unknown(let value): return "unknown(\(value))"
        }
    }
}

/// `VehiclePosition.VehicleStopStatus`: where the vehicle is relative to its current stop.
public enum VehicleStopStatus: RealtimeEnum {
    /// `INCOMING_AT` = 0.
    case incomingAt
    /// `STOPPED_AT` = 1.
    case stoppedAt
    /// `IN_TRANSIT_TO` = 2.
    case inTransitTo
    /// A number the spec does not define for the vehicle stop status.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 0: self = .incomingAt
        case 1: self = .stoppedAt
        case 2: self = .inTransitTo
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .incomingAt: return 0
        case .stoppedAt: return 1
        case .inTransitTo: return 2
        case .unknown(let value): return value
        }
    }

    /// Whether the number is one the spec does not define.
    public var isUnknown: Bool { if case .unknown = self { return true } else { return false } }

    /// The proto name (`SCHEDULED`), or `unknown(N)`.
    public var description: String {
        switch self {
        case .incomingAt: return "INCOMING_AT"
        case .stoppedAt: return "STOPPED_AT"
        case .inTransitTo: return "IN_TRANSIT_TO"
        case .unknown(let value): return "unknown(\(value))"
        }
    }
}

/// `Alert.Cause`.
public enum AlertCause: RealtimeEnum {
    /// `UNKNOWN_CAUSE` = 1.
    case unknownCause
    /// `OTHER_CAUSE` = 2.
    case otherCause
    /// `TECHNICAL_PROBLEM` = 3.
    case technicalProblem
    /// `STRIKE` = 4.
    case strike
    /// `DEMONSTRATION` = 5.
    case demonstration
    /// `ACCIDENT` = 6.
    case accident
    /// `HOLIDAY` = 7.
    case holiday
    /// `WEATHER` = 8.
    case weather
    /// `MAINTENANCE` = 9.
    case maintenance
    /// `CONSTRUCTION` = 10.
    case construction
    /// `POLICE_ACTIVITY` = 11.
    case policeActivity
    /// `MEDICAL_EMERGENCY` = 12.
    case medicalEmergency
    /// `SPECIAL_EVENT` = 13.
    case specialEvent
    /// A number the spec does not define for the alert cause.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 1: self = .unknownCause
        case 2: self = .otherCause
        case 3: self = .technicalProblem
        case 4: self = .strike
        case 5: self = .demonstration
        case 6: self = .accident
        case 7: self = .holiday
        case 8: self = .weather
        case 9: self = .maintenance
        case 10: self = .construction
        case 11: self = .policeActivity
        case 12: self = .medicalEmergency
        case 13: self = .specialEvent
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .unknownCause: return 1
        case .otherCause: return 2
        case .technicalProblem: return 3
        case .strike: return 4
        case .demonstration: return 5
        case .accident: return 6
        case .holiday: return 7
        case .weather: return 8
        case .maintenance: return 9
        case .construction: return 10
        case .policeActivity: return 11
        case .medicalEmergency: return 12
        case .specialEvent: return 13
        case .unknown(let value): return value
        }
    }

    /// Whether the number is one the spec does not define.
    public var isUnknown: Bool { if case .unknown = self { return true } else { return false } }

    /// The proto name (`SCHEDULED`), or `unknown(N)`.
    public var description: String {
        switch self {
        case .unknownCause: return "UNKNOWN_CAUSE"
        case .otherCause: return "OTHER_CAUSE"
        case .technicalProblem: return "TECHNICAL_PROBLEM"
        case .strike: return "STRIKE"
        case .demonstration: return "DEMONSTRATION"
        case .accident: return "ACCIDENT"
        case .holiday: return "HOLIDAY"
        case .weather: return "WEATHER"
        case .maintenance: return "MAINTENANCE"
        case .construction: return "CONSTRUCTION"
        case .policeActivity: return "POLICE_ACTIVITY"
        case .medicalEmergency: return "MEDICAL_EMERGENCY"
        case .specialEvent: return "SPECIAL_EVENT"
        case .unknown(let value): return "unknown(\(value))"
        }
    }
}

/// `Alert.Effect`.
public enum AlertEffect: RealtimeEnum {
    /// `NO_SERVICE` = 1.
    case noService
    /// `REDUCED_SERVICE` = 2.
    case reducedService
    /// `SIGNIFICANT_DELAYS` = 3.
    case significantDelays
    /// `DETOUR` = 4.
    case detour
    /// `ADDITIONAL_SERVICE` = 5.
    case additionalService
    /// `MODIFIED_SERVICE` = 6.
    case modifiedService
    /// `OTHER_EFFECT` = 7.
    case otherEffect
    /// `UNKNOWN_EFFECT` = 8.
    case unknownEffect
    /// `STOP_MOVED` = 9.
    case stopMoved
    /// `NO_EFFECT` = 10.
    case noEffect
    /// `ACCESSIBILITY_ISSUE` = 11.
    case accessibilityIssue
    /// A number the spec does not define for the alert effect.
    case unknown(Int32)

    /// The value for a wire number.
    public init(rawValue: Int32) {
        switch rawValue {
        case 1: self = .noService
        case 2: self = .reducedService
        case 3: self = .significantDelays
        case 4: self = .detour
        case 5: self = .additionalService
        case 6: self = .modifiedService
        case 7: self = .otherEffect
        case 8: self = .unknownEffect
        case 9: self = .stopMoved
        case 10: self = .noEffect
        case 11: self = .accessibilityIssue
        default: self = .unknown(rawValue)
        }
    }

    /// The wire number.
    public var rawValue: Int32 {
        switch self {
        case .noService: return 1
        case .reducedService: return 2
        case .significantDelays: return 3
        case .detour: return 4
        case .additionalService: return 5
        case .modifiedService: return 6
        case .otherEffect: return 7
        case .unknownEffect: return 8
        case .stopMoved: return 9
        case .noEffect: return 10
        case .accessibilityIssue: return 11
        case .unknown(let value): return value
        }
    }

    /// Whether the number is one the spec does not define.
    public var isUnknown: Bool { if case .unknown = self { return true } else { return false } }

    /// The proto name (`SCHEDULED`), or `unknown(N)`.
    public var description: String {
        switch self {
        case .noService: return "NO_SERVICE"
        case .reducedService: return "REDUCED_SERVICE"
        case .significantDelays: return "SIGNIFICANT_DELAYS"
        case .detour: return "DETOUR"
        case .additionalService: return "ADDITIONAL_SERVICE"
        case .modifiedService: return "MODIFIED_SERVICE"
        case .otherEffect: return "OTHER_EFFECT"
        case .unknownEffect: return "UNKNOWN_EFFECT"
        case .stopMoved: return "STOP_MOVED"
        case .noEffect: return "NO_EFFECT"
        case .accessibilityIssue: return "ACCESSIBILITY_ISSUE"
        case .unknown(let value): return "unknown(\(value))"
        }
    }
}
