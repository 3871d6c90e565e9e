import Messages

/// Service dates of a board source whose timetable could not be loaded: a broken or missing
/// day-type file of a bus CSV source (the dates that file serves), or a whole source that could not
/// be read (every date it is configured for). Such a date is *unknown*, never a day without
/// departures: no answer may skip over it (see ``Board/firstUnknownDate(after:through:relevant:)``).
///
/// The board keeps it beside its sources (``Board/unknownServices``): the loaded sources answer
/// for their dates, this says which dates nobody can answer for, and why.
public struct UnknownService: Sendable, Equatable {
    /// Which service dates are unknown.
    public enum Dates: Sendable, Equatable {
        /// Every date the source is configured for (its `valid_from` / `valid_until`, if any).
        case all
        /// The dates whose day type this key serves, among the keys configured for the source:
        /// the key is the first of `configured` in ``DayTypeKey/preference(for:)``.
        case dayType(DayTypeKey, configured: Set<DayTypeKey>)
    }

    /// The source's label for people ("X1 (platform 1), weekday"), in the reader's language when shown.
    public var sourceText: Message
    /// Where the source is configured (`rules/boards.yaml:5:9`), when known.
    public var origin: String?
    /// Why, naming the data's place (`…/bad.csv:1:3: minute "O5" is not a number`).
    public var reason: Message
    /// True when the source is only waiting for its data (an ODPT API timetable not fetched yet).
    public var isPending: Bool
    /// Which dates.
    public var dates: Dates
    /// The configured first and last dates of the source (nil: no limit).
    public var validFrom: LocalDate?
    public var validUntil: LocalDate?
    /// What the source's times would count from (the start of an unknown date's service).
    public var timeBase: ServiceTimeBase
    /// How long after the start of its service date a departure of the source can leave, in
    /// seconds: 30 h for a bus CSV (hours 0–29), 48 h otherwise (ODPT's wrap, GTFS's 47:59:59).
    public var spanSeconds: Int
    /// The labels its departures would carry, when the configuration (or a file name) gives them;
    /// nil: unknown too, so any label filter may want its departures.
    public var line: String?
    public var stop: String?
    public var destination: String?

    /// The span of a bus CSV's service date (its hours go up to 29).
    public static let busCSVSpanSeconds = 30 * 3600
    /// The span of any other timetable's service date.
    public static let defaultSpanSeconds = 48 * 3600

    public init(source: Message, origin: String?, reason: Message, isPending: Bool = false, dates: Dates,
                validFrom: LocalDate? = nil, validUntil: LocalDate? = nil, timeBase: ServiceTimeBase = .wallClock,
                spanSeconds: Int = UnknownService.defaultSpanSeconds, line: String? = nil, stop: String? = nil, destination: String? = nil) {
        self.sourceText = source
        self.origin = origin
        self.reason = reason
        self.isPending = isPending
        self.dates = dates
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.timeBase = timeBase
        self.spanSeconds = spanSeconds
        self.line = line
        self.stop = stop
        self.destination = destination
    }

    /// The source's label in English (what JSON names it by).
    public var source: String { sourceText.english }

    /// Whether service date `date`, of day type `dayType`, is unknown for this source.
    public func covers(_ date: LocalDate, dayType: DayType) -> Bool {
        if let validFrom, date < validFrom { return false }
        if let validUntil, date > validUntil { return false }
        switch dates {
        case .all: return true
        case .dayType(let key, let configured):
            return DayTypeKey.preference(for: dayType).first(where: configured.contains) == key
        }
    }
}

/// A service date of a board that is unknown, as an answer sees it: which date, from which instant
/// no departure can be trusted, until when the date matters, and which sources make it unknown.
public struct UnknownServiceDate: Sendable, Equatable {
    /// Why one source is unknown on the date.
    public struct Cause: Sendable, Equatable {
        /// Why.
        public enum Reason: Sendable, Equatable {
            /// Its data (or the day-type file for the date) could not be loaded: why, naming the place.
            case notLoaded(Message)
            /// Its validity (`valid_until`, `dct:valid`, `feed_end_date`, …) ended and no other
            /// source takes over, or it starts later and no source of the board runs on the date.
            case outOfValidity(ServicePeriodNotice)
        }

        /// The source's label for people.
        public var sourceText: Message
        /// Where the source is configured, when known.
        public var origin: String?
        public var reason: Reason
        /// Only waiting for its data (an ODPT API timetable not fetched yet).
        public var isPending: Bool
        /// The labels its departures would carry, when known (nil: any).
        public var line: String?
        public var stop: String?
        public var destination: String?
        /// The first instant a departure of the source on the date could leave, and the instant
        /// after its last one can.
        public var from: Int64
        public var until: Int64

        /// The source's label in English.
        public var source: String { sourceText.english }

        public init(sourceText: Message, origin: String?, reason: Reason, isPending: Bool = false, line: String? = nil, stop: String? = nil,
                    destination: String? = nil, from: Int64, until: Int64) {
            self.sourceText = sourceText
            self.origin = origin
            self.reason = reason
            self.isPending = isPending
            self.line = line
            self.stop = stop
            self.destination = destination
            self.from = from
            self.until = until
        }
    }

    /// The service date.
    public var date: LocalDate
    /// Its day type.
    public var dayType: DayType
    /// The sources that make it unknown, in configuration order (at least one).
    public var causes: [Cause]

    public init(date: LocalDate, dayType: DayType, causes: [Cause]) {
        self.date = date
        self.dayType = dayType
        self.causes = causes
    }

    /// No departure at or after this instant can be trusted to be the next one: a departure of
    /// the date may leave then (the start of the date's service).
    public var from: Int64 { causes.map(\.from).min() ?? 0 }
    /// From this instant on the date no longer matters: every departure it could have has left.
    public var until: Int64 { causes.map(\.until).max() ?? 0 }
    /// Whether every cause is only waiting for data.
    public var isPending: Bool { causes.allSatisfy(\.isPending) }
}
