import Messages

/// Which GTFS services run on which dates: `calendar.txt` (weekday flags between `start_date` and
/// `end_date`, both inclusive) amended by `calendar_dates.txt` (exception_type 1 adds the date,
/// 2 removes it). A feed may have either file or both; a service named only by trips runs never.
struct GTFSServiceCalendar: Sendable {
    /// service_id → dense index.
    private(set) var serviceIDs = ByteInterner()
    /// Bit `1 << Weekday.rawValue` set when the service runs on that weekday (calendar.txt).
    private var weekdayMasks: [UInt8] = []
    private var startDays: [Int] = []
    private var endDays: [Int] = []
    /// (service index, day number) → true when added on that date, false when removed.
    private var exceptions: [ServiceDay: Bool] = [:]

    private struct ServiceDay: Hashable, Sendable {
        var service: Int32
        var day: Int
    }

    init() {}

    /// Number of services known.
    var count: Int { serviceIDs.count }

    /// The index of a service id, adding a service that never runs when it is new.
    mutating func serviceIndex(_ id: UnsafeBufferPointer<UInt8>) -> Int32 {
        let index = serviceIDs.intern(id)
        while weekdayMasks.count < serviceIDs.count {
            weekdayMasks.append(0)
            startDays.append(Int.max)
            endDays.append(Int.min)
        }
        return index
    }

    /// Whether `service` runs on `date`.
    func runs(_ service: Int32, on date: LocalDate) -> Bool {
        runs(service, day: date.dayNumber, weekdayBit: UInt8(1) << UInt8(date.weekday.rawValue))
    }

    /// For each service index, whether it runs on `date`.
    func activeServices(on date: LocalDate) -> [Bool] {
        let day = date.dayNumber, bit = UInt8(1) << UInt8(date.weekday.rawValue)
        return (0..<Int32(count)).map { runs($0, day: day, weekdayBit: bit) }
    }

    private func runs(_ service: Int32, day: Int, weekdayBit: UInt8) -> Bool {
        if !exceptions.isEmpty, let added = exceptions[ServiceDay(service: service, day: day)] { return added }
        let index = Int(service)
        return weekdayMasks[index] & weekdayBit != 0 && startDays[index] <= day && day <= endDays[index]
    }

    /// The first and last day numbers on which any of `services` can run (calendar.txt ranges with
    /// a weekday set, and dates added by calendar_dates.txt); nil when none ever runs.
    func dayRange(of services: [Int32]) -> ClosedRange<Int>? {
        var first = Int.max, last = Int.min
        for service in services {
            let index = Int(service)
            if weekdayMasks[index] != 0, startDays[index] <= endDays[index] {
                first = min(first, startDays[index])
                last = max(last, endDays[index])
            }
        }
        let wanted = Set(services)
        for (key, added) in exceptions where added && wanted.contains(key.service) {
            first = min(first, key.day)
            last = max(last, key.day)
        }
        return first <= last ? first...last : nil
    }

    /// Reads `calendar.txt`.
    mutating func readCalendar(_ table: inout CSVTable) throws {
        let serviceColumn = try table.requiredIndex(of: "service_id")
        // Weekday.rawValue order: sunday = 0 … saturday = 6.
        let dayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        let dayColumns = try dayNames.map { try table.requiredIndex(of: $0) }
        let startColumn = try table.requiredIndex(of: "start_date")
        let endColumn = try table.requiredIndex(of: "end_date")
        try table.forEachRow { row in
            let service = Int(serviceIndex(row.bytes(serviceColumn)))
            var mask: UInt8 = 0
            for (weekday, column) in dayColumns.enumerated() {
                switch GTFSCellValue.integer(row.bytes(column)) {
                case 0: break
                case 1: mask |= UInt8(1) << UInt8(weekday)
                default: throw row.error(column: column, name: dayNames[weekday], Message(.gtfsNotZeroOrOne))
                }
            }
            guard let start = GTFSCellValue.dayNumber(row.bytes(startColumn)) else {
                throw row.error(column: startColumn, name: "start_date", Message(.gtfsNotADate))
            }
            guard let end = GTFSCellValue.dayNumber(row.bytes(endColumn)) else {
                throw row.error(column: endColumn, name: "end_date", Message(.gtfsNotADate))
            }
            weekdayMasks[service] = mask
            startDays[service] = start
            endDays[service] = end
        }
    }

    /// Reads `calendar_dates.txt`.
    mutating func readCalendarDates(_ table: inout CSVTable) throws {
        let serviceColumn = try table.requiredIndex(of: "service_id")
        let dateColumn = try table.requiredIndex(of: "date")
        let typeColumn = try table.requiredIndex(of: "exception_type")
        try table.forEachRow { row in
            let service = serviceIndex(row.bytes(serviceColumn))
            guard let day = GTFSCellValue.dayNumber(row.bytes(dateColumn)) else {
                throw row.error(column: dateColumn, name: "date", Message(.gtfsNotADate))
            }
            switch GTFSCellValue.integer(row.bytes(typeColumn)) {
            case 1: exceptions[ServiceDay(service: service, day: day)] = true
            case 2: exceptions[ServiceDay(service: service, day: day)] = false
            default: throw row.error(column: typeColumn, name: "exception_type", Message(.gtfsNotExceptionType))
            }
        }
    }
}
