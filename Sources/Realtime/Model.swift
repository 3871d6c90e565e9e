/// A decoded GTFS-Realtime feed (`transit_realtime.FeedMessage`): its header, its entities, and what
/// the decoder had to tolerate (enum values this version of the spec does not know).
public struct FeedMessage: Sendable, Equatable {
    /// Version, incrementality and creation time of the feed.
    public var header: FeedHeader
    /// The entities, in feed order.
    public var entities: [FeedEntity]
    /// Values the decoder kept but did not recognise (one per field occurrence), in feed order.
    public var warnings: [RealtimeWarning]

    /// A feed from its parts.
    public init(header: FeedHeader, entities: [FeedEntity], warnings: [RealtimeWarning] = []) {
        self.header = header
        self.entities = entities
        self.warnings = warnings
    }

    /// The trip updates of the feed, in feed order.
    public var tripUpdates: [TripUpdate] { entities.compactMap(\.tripUpdate) }
    /// The vehicle positions of the feed, in feed order.
    public var vehiclePositions: [VehiclePosition] { entities.compactMap(\.vehicle) }
    /// The alerts of the feed, in feed order.
    public var alerts: [Alert] { entities.compactMap(\.alert) }
}

/// `FeedHeader`.
public struct FeedHeader: Sendable, Equatable {
    /// `gtfs_realtime_version` ("2.0", "1.0").
    public var version: String
    /// Whether the feed is the whole data set or a difference (FULL_DATASET when absent).
    public var incrementality: Incrementality
    /// When the feed content was created, POSIX seconds; nil when absent.
    public var timestamp: UInt64?
    /// `feed_version`: the static GTFS feed_info.feed_version the data is based on, when given.
    public var feedVersion: String?

    /// A header from its fields.
    public init(version: String, incrementality: Incrementality = .fullDataset, timestamp: UInt64? = nil, feedVersion: String? = nil) {
        self.version = version
        self.incrementality = incrementality
        self.timestamp = timestamp
        self.feedVersion = feedVersion
    }
}

/// `FeedEntity`: exactly one of trip update, vehicle or alert is normally present (shapes, stops and
/// trip modifications — experimental — are not decoded).
public struct FeedEntity: Sendable, Equatable {
    /// The entity id (unique within the message).
    public var id: String
    /// `is_deleted` (differential feeds).
    public var isDeleted: Bool
    /// The trip update, when the entity is one.
    public var tripUpdate: TripUpdate?
    /// The vehicle position, when the entity is one.
    public var vehicle: VehiclePosition?
    /// The alert, when the entity is one.
    public var alert: Alert?

    /// An entity from its fields.
    public init(id: String, isDeleted: Bool = false, tripUpdate: TripUpdate? = nil, vehicle: VehiclePosition? = nil, alert: Alert? = nil) {
        self.id = id
        self.isDeleted = isDeleted
        self.tripUpdate = tripUpdate
        self.vehicle = vehicle
        self.alert = alert
    }
}

/// `TripDescriptor`: which trip instance a message is about.
public struct TripDescriptor: Sendable, Equatable {
    /// `trip_id` of trips.txt (absent for frequency-based or unscheduled trips).
    public var tripId: String?
    /// `route_id` of routes.txt.
    public var routeId: String?
    /// `direction_id` (0 or 1).
    public var directionId: UInt32?
    /// `start_time`, `HH:MM:SS` as in GTFS (may exceed 24:00:00).
    public var startTime: String?
    /// `start_date`, `YYYYMMDD`: the service date of the trip instance.
    public var startDate: String?
    /// `schedule_relationship` (SCHEDULED when absent).
    public var scheduleRelationship: TripScheduleRelationship

    /// A descriptor from its fields.
    public init(tripId: String? = nil, routeId: String? = nil, directionId: UInt32? = nil, startTime: String? = nil,
                startDate: String? = nil, scheduleRelationship: TripScheduleRelationship = .scheduled) {
        self.tripId = tripId
        self.routeId = routeId
        self.directionId = directionId
        self.startTime = startTime
        self.startDate = startDate
        self.scheduleRelationship = scheduleRelationship
    }
}

/// `VehicleDescriptor`.
public struct VehicleDescriptor: Sendable, Equatable {
    /// Internal system id of the vehicle.
    public var id: String?
    /// User-visible label (a train number, a bus number).
    public var label: String?
    /// License plate.
    public var licensePlate: String?

    /// A descriptor from its fields.
    public init(id: String? = nil, label: String? = nil, licensePlate: String? = nil) {
        self.id = id
        self.label = label
        self.licensePlate = licensePlate
    }
}

/// `TripUpdate`: predictions for one trip instance.
public struct TripUpdate: Sendable, Equatable {
    /// The trip instance.
    public var trip: TripDescriptor
    /// The vehicle serving it, when given.
    public var vehicle: VehicleDescriptor?
    /// Updates for some of its stops, in the feed's order (the spec: sorted by stop_sequence).
    public var stopTimeUpdates: [StopTimeUpdate]
    /// When the vehicle's progress was last measured, POSIX seconds.
    public var timestamp: UInt64?
    /// Trip-level delay in seconds (experimental in the spec).
    public var delay: Int32?

    /// A trip update from its fields.
    public init(trip: TripDescriptor, vehicle: VehicleDescriptor? = nil, stopTimeUpdates: [StopTimeUpdate] = [],
                timestamp: UInt64? = nil, delay: Int32? = nil) {
        self.trip = trip
        self.vehicle = vehicle
        self.stopTimeUpdates = stopTimeUpdates
        self.timestamp = timestamp
        self.delay = delay
    }
}

/// `TripUpdate.StopTimeEvent`: a predicted arrival or departure as a delay, an absolute time, or both.
public struct StopTimeEvent: Sendable, Equatable {
    /// Seconds late (negative: early) against the schedule.
    public var delay: Int32?
    /// The predicted instant, POSIX seconds.
    public var time: Int64?
    /// Expected error of the prediction in seconds (nil: unknown).
    public var uncertainty: Int32?

    /// An event from its fields.
    public init(delay: Int32? = nil, time: Int64? = nil, uncertainty: Int32? = nil) {
        self.delay = delay
        self.time = time
        self.uncertainty = uncertainty
    }
}

/// `TripUpdate.StopTimeUpdate`: the realtime state of one stop of the trip.
public struct StopTimeUpdate: Sendable, Equatable {
    /// `stop_sequence` of stop_times.txt, when given.
    public var stopSequence: UInt32?
    /// `stop_id` of stops.txt, when given.
    public var stopId: String?
    /// The arrival prediction.
    public var arrival: StopTimeEvent?
    /// The departure prediction.
    public var departure: StopTimeEvent?
    /// `schedule_relationship` (SCHEDULED when absent).
    public var scheduleRelationship: StopScheduleRelationship

    /// An update from its fields.
    public init(stopSequence: UInt32? = nil, stopId: String? = nil, arrival: StopTimeEvent? = nil,
                departure: StopTimeEvent? = nil, scheduleRelationship: StopScheduleRelationship = .scheduled) {
        self.stopSequence = stopSequence
        self.stopId = stopId
        self.arrival = arrival
        self.departure = departure
        self.scheduleRelationship = scheduleRelationship
    }
}

/// `VehiclePosition`.
public struct VehiclePosition: Sendable, Equatable {
    /// The trip the vehicle serves, when given.
    public var trip: TripDescriptor?
    /// The vehicle.
    public var vehicle: VehicleDescriptor?
    /// Where it is.
    public var position: Position?
    /// `current_stop_sequence`.
    public var currentStopSequence: UInt32?
    /// `stop_id` of the current stop.
    public var stopId: String?
    /// `current_status` relative to the current stop (nil when absent; the spec's default is IN_TRANSIT_TO).
    public var currentStatus: VehicleStopStatus?
    /// When the position was measured, POSIX seconds.
    public var timestamp: UInt64?

    /// A position from its fields.
    public init(trip: TripDescriptor? = nil, vehicle: VehicleDescriptor? = nil, position: Position? = nil,
                currentStopSequence: UInt32? = nil, stopId: String? = nil, currentStatus: VehicleStopStatus? = nil,
                timestamp: UInt64? = nil) {
        self.trip = trip
        self.vehicle = vehicle
        self.position = position
        self.currentStopSequence = currentStopSequence
        self.stopId = stopId
        self.currentStatus = currentStatus
        self.timestamp = timestamp
    }
}

/// `Position` (WGS-84).
public struct Position: Sendable, Equatable {
    /// Degrees north.
    public var latitude: Float
    /// Degrees east.
    public var longitude: Float
    /// Degrees clockwise from true north.
    public var bearing: Float?
    /// Meters travelled.
    public var odometer: Double?
    /// Meters per second.
    public var speed: Float?

    /// A position from its fields.
    public init(latitude: Float, longitude: Float, bearing: Float? = nil, odometer: Double? = nil, speed: Float? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.bearing = bearing
        self.odometer = odometer
        self.speed = speed
    }
}

/// `Alert`: a service alert and what it affects.
public struct Alert: Sendable, Equatable {
    /// When it is shown (none: always).
    public var activePeriods: [TimeRange]
    /// What it affects (agency, route, trip, stop).
    public var informedEntities: [EntitySelector]
    /// `cause` (UNKNOWN_CAUSE when absent).
    public var cause: AlertCause
    /// `effect` (UNKNOWN_EFFECT when absent).
    public var effect: AlertEffect
    /// A URL with more information, per language.
    public var url: TranslatedString?
    /// The header, per language.
    public var headerText: TranslatedString?
    /// The description, per language.
    public var descriptionText: TranslatedString?

    /// An alert from its fields.
    public init(activePeriods: [TimeRange] = [], informedEntities: [EntitySelector] = [], cause: AlertCause = .unknownCause,
                effect: AlertEffect = .unknownEffect, url: TranslatedString? = nil, headerText: TranslatedString? = nil,
                descriptionText: TranslatedString? = nil) {
        self.activePeriods = activePeriods
        self.informedEntities = informedEntities
        self.cause = cause
        self.effect = effect
        self.url = url
        self.headerText = headerText
        self.descriptionText = descriptionText
    }
}

/// `TimeRange`: an interval in POSIX seconds; an absent bound is open.
public struct TimeRange: Sendable, Equatable {
    /// Start, inclusive.
    public var start: UInt64?
    /// End, inclusive.
    public var end: UInt64?

    /// A range from its bounds.
    public init(start: UInt64? = nil, end: UInt64? = nil) {
        self.start = start
        self.end = end
    }
}

/// `EntitySelector`: what an alert is about.
public struct EntitySelector: Sendable, Equatable {
    /// `agency_id`.
    public var agencyId: String?
    /// `route_id`.
    public var routeId: String?
    /// `route_type` (GTFS route types).
    public var routeType: Int32?
    /// A trip instance.
    public var trip: TripDescriptor?
    /// `stop_id`.
    public var stopId: String?
    /// `direction_id`.
    public var directionId: UInt32?

    /// A selector from its fields.
    public init(agencyId: String? = nil, routeId: String? = nil, routeType: Int32? = nil, trip: TripDescriptor? = nil,
                stopId: String? = nil, directionId: UInt32? = nil) {
        self.agencyId = agencyId
        self.routeId = routeId
        self.routeType = routeType
        self.trip = trip
        self.stopId = stopId
        self.directionId = directionId
    }
}

/// `TranslatedString`: one text in several languages (BCP-47 tags; a translation without a language
/// is the feed's default).
public struct TranslatedString: Sendable, Equatable {
    /// One translation.
    public struct Translation: Sendable, Equatable {
        /// The text.
        public var text: String
        /// Its BCP-47 language (`ja`, `en`), nil for the default.
        public var language: String?

        /// A translation.
        public init(text: String, language: String? = nil) {
            self.text = text
            self.language = language
        }
    }

    /// The translations, in feed order.
    public var translations: [Translation]

    /// A string from its translations.
    public init(translations: [Translation]) { self.translations = translations }

    /// The text in `language` (exact tag, then its primary subtag: `ja` matches `ja-JP`), else the
    /// translation without a language, else the first one; nil when there is none.
    public func text(for language: String) -> String? {
        let wanted = language.lowercased()
        let primary = wanted.split(separator: "-").first.map(String.init) ?? wanted
        if let exact = translations.first(where: { $0.language?.lowercased() == wanted }) { return exact.text }
        if let sameLanguage = translations.first(where: { ($0.language?.lowercased().split(separator: "-").first).map(String.init) == primary }) {
            return sameLanguage.text
        }
        return translations.first(where: { $0.language == nil })?.text ?? translations.first?.text
    }
}

/// Something the decoder kept but did not recognise: an enum value this spec version does not define.
public struct RealtimeWarning: Sendable, Equatable, CustomStringConvertible {
    /// The entity id it was found in (nil for the header).
    public var entityId: String?
    /// The field, as a proto path (`trip_update.trip.schedule_relationship`).
    public var field: String
    /// The raw value.
    public var value: Int32

    /// A warning.
    public init(entityId: String?, field: String, value: Int32) {
        self.entityId = entityId
        self.field = field
        self.value = value
    }

    /// `entity "X": trip_update.trip.schedule_relationship has the unknown value 42 (kept as unknown(42))`.
    public var description: String {
        let place = entityId.map { "entity \"\($0)\": " } ?? "header: "
        return "\(place)\(field) has the unknown value \(value) (kept as unknown(\(value)))"
    }
}
