import CGTFSRealtime
import Messages

/// Why a body could not be decoded as a GTFS-Realtime feed. `description` names the source first,
/// in the reader's language.
public struct RealtimeDecodeError: MessageError, Sendable, Equatable {
    /// What the bytes look like, when that explains why they are not a feed.
    public enum Hint: Sendable, Equatable {
        /// Only whitespace.
        case whitespace
        /// They start with this character (`{` or `[`): JSON.
        case json(Character)
        /// They start with `<`: HTML or XML.
        case markup
    }

    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// Zero bytes.
        case empty
        /// More bytes than the cap allows (`size`, `limit`).
        case tooLarge(size: Int, limit: Int)
        /// protobuf-c could not unpack the bytes as a `transit_realtime.FeedMessage` (truncated,
        /// corrupt, another message, or a required field missing); `hint` says what the bytes look like.
        case notAFeedMessage(size: Int, hint: Hint?)
    }

    /// The source named in the message (a file path, a URL, a label).
    public let source: String
    /// What failed.
    public let reason: Reason

    /// An error about `source`.
    public init(source: String, reason: Reason) {
        self.source = source
        self.reason = reason
    }

    /// `SOURCE: not a GTFS-Realtime FeedMessage: …`, kept for the reader's language.
    public var descriptionMessage: Message {
        let what: Message
        switch reason {
        case .empty:
            what = Message(.realtimeEmpty)
        case .tooLarge(let size, let limit):
            what = Message(.realtimeTooLarge, ["size": .number(size), "limit": .number(limit)])
        case .notAFeedMessage(let size, let hint):
            let unpack = Message(.realtimeNotAFeedMessage, ["size": .number(size)])
            switch hint {
            case nil: what = unpack
            case .whitespace: what = unpack + .verbatim("; ") + Message(.realtimeHintWhitespace)
            case .json(let character): what = unpack + .verbatim("; ") + Message(.realtimeHintJSON, ["character": .text("\"\(character)\"")])
            case .markup: what = unpack + .verbatim("; ") + Message(.realtimeHintMarkup)
            }
        }
        return .verbatim("\(source): ") + what
    }
}

/// Decodes GTFS-Realtime protobuf bodies (`FeedMessage`) with the protobuf-c code generated from
/// gtfs-realtime.proto, into the Swift model. Pure: bytes in, a value or a `RealtimeDecodeError` out.
///
/// Unknown enum values are kept (`unknown(N)`) and listed in `FeedMessage.warnings`; unknown fields
/// and extensions are skipped by protobuf-c; strings that are not valid UTF-8 are repaired (U+FFFD).
public enum RealtimeDecoder {
    /// The default size cap: 16 MiB (a large city's full TripUpdates feed is a few MB).
    public static let defaultSizeLimit = 16 << 20

    /// Decodes `bytes`, naming `source` in errors. Bodies over `sizeLimit` bytes are rejected unread.
    public static func decode(_ bytes: [UInt8], source: String, sizeLimit: Int = defaultSizeLimit) throws(RealtimeDecodeError) -> FeedMessage {
        try bytes.withUnsafeBufferPointer { (buffer) throws(RealtimeDecodeError) -> FeedMessage in
            try decode(buffer, source: source, sizeLimit: sizeLimit)
        }
    }

    /// Decodes the bytes of `buffer`, naming `source` in errors.
    public static func decode(_ buffer: UnsafeBufferPointer<UInt8>, source: String, sizeLimit: Int = defaultSizeLimit) throws(RealtimeDecodeError) -> FeedMessage {
        guard buffer.count > 0, let base = buffer.baseAddress else { throw RealtimeDecodeError(source: source, reason: .empty) }
        guard buffer.count <= sizeLimit else {
            throw RealtimeDecodeError(source: source, reason: .tooLarge(size: buffer.count, limit: sizeLimit))
        }
        // The unpacked tree is several times the wire size (a struct with has_ flags and a descriptor
        // pointer per message, pointer arrays, string copies): start with 8× and double as needed.
        var arena = UnpackArena(expected: buffer.count * 8)
        guard let message = transit_realtime__feed_message__unpack(&arena.allocator, buffer.count, base) else {
            throw RealtimeDecodeError(source: source, reason: .notAFeedMessage(size: buffer.count, hint: hint(buffer)))
        }
        var reader = Reader()
        let feed = reader.feed(message.pointee)
        transit_realtime__feed_message__free_unpacked(message, &arena.allocator)
        arena.release()
        return feed
    }

    /// What a body that failed to unpack looks like, when that is recognisable (text instead of protobuf).
    static func hint(_ buffer: UnsafeBufferPointer<UInt8>) -> RealtimeDecodeError.Hint? {
        guard let first = buffer.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else {
            return .whitespace
        }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json(Character(Unicode.Scalar(first)))
        case UInt8(ascii: "<"): return .markup
        default: return nil
        }
    }
}

/// Copies protobuf-c structs into the Swift model, collecting warnings.
private struct Reader {
    var warnings: [RealtimeWarning] = []
    var entityId: String?

    mutating func feed(_ m: TransitRealtime__FeedMessage) -> FeedMessage {
        let header = m.header.map { h in
            FeedHeader(
                version: string(h.pointee.gtfs_realtime_version) ?? "",
                incrementality: h.pointee.has_incrementality != 0
                    ? enumValue(h.pointee.incrementality.rawValue, "header.incrementality") : .fullDataset,
                timestamp: h.pointee.has_timestamp != 0 ? h.pointee.timestamp : nil,
                feedVersion: string(h.pointee.feed_version))
        } ?? FeedHeader(version: "") // required: protobuf-c refuses a message without it
        var entities: [FeedEntity] = []
        entities.reserveCapacity(m.n_entity)
        for i in 0..<m.n_entity {
            guard let e = m.entity[i]?.pointee else { continue }
            entities.append(entity(e))
        }
        return FeedMessage(header: header, entities: entities, warnings: warnings)
    }

    mutating func entity(_ e: TransitRealtime__FeedEntity) -> FeedEntity {
        let id = string(e.id) ?? ""
        entityId = id
        return FeedEntity(
            id: id,
            isDeleted: e.has_is_deleted != 0 && e.is_deleted != 0,
            tripUpdate: e.trip_update.map { tripUpdate($0.pointee) },
            vehicle: e.vehicle.map { vehiclePosition($0.pointee) },
            alert: e.alert.map { alert($0.pointee) })
    }

    mutating func tripUpdate(_ t: TransitRealtime__TripUpdate) -> TripUpdate {
        let descriptor = t.trip.map { trip($0.pointee, "trip_update.trip") } ?? TripDescriptor() // first: warnings in field order
        var updates: [StopTimeUpdate] = []
        updates.reserveCapacity(t.n_stop_time_update)
        for i in 0..<t.n_stop_time_update {
            guard let u = t.stop_time_update[i]?.pointee else { continue }
            updates.append(StopTimeUpdate(
                stopSequence: u.has_stop_sequence != 0 ? u.stop_sequence : nil,
                stopId: string(u.stop_id),
                arrival: u.arrival.map { event($0.pointee) },
                departure: u.departure.map { event($0.pointee) },
                scheduleRelationship: u.has_schedule_relationship != 0
                    ? enumValue(u.schedule_relationship.rawValue, "trip_update.stop_time_update.schedule_relationship") : .scheduled))
        }
        return TripUpdate(
            trip: descriptor,
            vehicle: t.vehicle.map { vehicle($0.pointee) },
            stopTimeUpdates: updates,
            timestamp: t.has_timestamp != 0 ? t.timestamp : nil,
            delay: t.has_delay != 0 ? t.delay : nil)
    }

    func event(_ e: TransitRealtime__TripUpdate__StopTimeEvent) -> StopTimeEvent {
        StopTimeEvent(delay: e.has_delay != 0 ? e.delay : nil,
                      time: e.has_time != 0 ? e.time : nil,
                      uncertainty: e.has_uncertainty != 0 ? e.uncertainty : nil)
    }

    mutating func trip(_ d: TransitRealtime__TripDescriptor, _ path: String) -> TripDescriptor {
        TripDescriptor(
            tripId: string(d.trip_id),
            routeId: string(d.route_id),
            directionId: d.has_direction_id != 0 ? d.direction_id : nil,
            startTime: string(d.start_time),
            startDate: string(d.start_date),
            scheduleRelationship: d.has_schedule_relationship != 0
                ? enumValue(d.schedule_relationship.rawValue, path + ".schedule_relationship") : .scheduled)
    }

    func vehicle(_ v: TransitRealtime__VehicleDescriptor) -> VehicleDescriptor {
        VehicleDescriptor(id: string(v.id), label: string(v.label), licensePlate: string(v.license_plate))
    }

    mutating func vehiclePosition(_ v: TransitRealtime__VehiclePosition) -> VehiclePosition {
        VehiclePosition(
            trip: v.trip.map { trip($0.pointee, "vehicle.trip") },
            vehicle: v.vehicle.map { vehicle($0.pointee) },
            position: v.position.map { p in
                Position(latitude: p.pointee.latitude, longitude: p.pointee.longitude,
                         bearing: p.pointee.has_bearing != 0 ? p.pointee.bearing : nil,
                         odometer: p.pointee.has_odometer != 0 ? p.pointee.odometer : nil,
                         speed: p.pointee.has_speed != 0 ? p.pointee.speed : nil)
            },
            currentStopSequence: v.has_current_stop_sequence != 0 ? v.current_stop_sequence : nil,
            stopId: string(v.stop_id),
            currentStatus: v.has_current_status != 0 ? enumValue(v.current_status.rawValue, "vehicle.current_status") : nil,
            timestamp: v.has_timestamp != 0 ? v.timestamp : nil)
    }

    mutating func alert(_ a: TransitRealtime__Alert) -> Alert {
        var periods: [TimeRange] = []
        for i in 0..<a.n_active_period {
            guard let r = a.active_period[i]?.pointee else { continue }
            periods.append(TimeRange(start: r.has_start != 0 ? r.start : nil, end: r.has_end != 0 ? r.end : nil))
        }
        var selectors: [EntitySelector] = []
        for i in 0..<a.n_informed_entity {
            guard let s = a.informed_entity[i]?.pointee else { continue }
            selectors.append(EntitySelector(
                agencyId: string(s.agency_id), routeId: string(s.route_id),
                routeType: s.has_route_type != 0 ? s.route_type : nil,
                trip: s.trip.map { trip($0.pointee, "alert.informed_entity.trip") },
                stopId: string(s.stop_id),
                directionId: s.has_direction_id != 0 ? s.direction_id : nil))
        }
        return Alert(
            activePeriods: periods,
            informedEntities: selectors,
            cause: a.has_cause != 0 ? enumValue(a.cause.rawValue, "alert.cause") : .unknownCause,
            effect: a.has_effect != 0 ? enumValue(a.effect.rawValue, "alert.effect") : .unknownEffect,
            url: a.url.map { translated($0.pointee) },
            headerText: a.header_text.map { translated($0.pointee) },
            descriptionText: a.description_text.map { translated($0.pointee) })
    }

    func translated(_ t: TransitRealtime__TranslatedString) -> TranslatedString {
        var translations: [TranslatedString.Translation] = []
        for i in 0..<t.n_translation {
            guard let x = t.translation[i]?.pointee else { continue }
            translations.append(.init(text: string(x.text) ?? "", language: string(x.language)))
        }
        return TranslatedString(translations: translations)
    }

    /// A protobuf-c enum field (stored as a C `int`, imported as `UInt32`) as a Swift enum; an
    /// undefined number is kept and recorded.
    mutating func enumValue<E: RealtimeEnum>(_ raw: UInt32, _ field: String) -> E {
        let value = E(rawValue: Int32(bitPattern: raw))
        if value.isUnknown { warnings.append(RealtimeWarning(entityId: entityId, field: field, value: value.rawValue)) }
        return value
    }

    /// A NUL-terminated C string (nil pointer: field absent), repairing invalid UTF-8.
    func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
