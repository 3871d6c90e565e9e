extension Board {
    /// Whether any service date of the board can be unknown: a source (or day-type file) could not
    /// be loaded, or a source has validity dates (`valid_from` / `valid_until`, ODPT `dct:valid`,
    /// GTFS `feed_end_date`). False for most boards, which then cost nothing to ask.
    public var mayHaveUnknownDates: Bool {
        !unknownServices.isEmpty || sources.contains { $0.validFrom != nil || $0.validUntil != nil }
    }

    /// Service date `date` when it is unknown — a source or day-type file that serves it could not
    /// be loaded, a source's validity ended and no other source takes over, or a source starts later
    /// and no source of the board runs then — with every source that makes it so; nil when the
    /// board's sources answer for the date (even if they run nothing then: a GTFS feed whose
    /// calendar ended knows it runs nothing).
    public func unknownDate(_ date: LocalDate) -> UnknownServiceDate? {
        guard mayHaveUnknownDates else { return nil }
        let dayType = calendar.dayType(of: date)
        var causes: [UnknownServiceDate.Cause] = []
        for unknown in unknownServices where unknown.covers(date, dayType: dayType) {
            let day = ServiceDayClock(clock: clock, date: date, base: unknown.timeBase)
            causes.append(UnknownServiceDate.Cause(sourceText: unknown.sourceText, origin: unknown.origin, reason: .notLoaded(unknown.reason),
                                                   isPending: unknown.isPending, line: unknown.line, stop: unknown.stop,
                                                   destination: unknown.destination,
                                                   from: day.instant(seconds: 0), until: day.instant(seconds: unknown.spanSeconds)))
        }
        if sources.contains(where: { $0.validFrom != nil || $0.validUntil != nil }) {
            for notice in servicePeriodNotices(on: date) {
                guard case .validity = notice.limit else { continue }
                if case .notStarted = notice.kind, sources.contains(where: { $0.runsWithinDates(date) }) { continue }
                let source = sources[notice.sourceIndex]
                let day = ServiceDayClock(clock: clock, date: date, base: source.timetable.timeBase)
                causes.append(UnknownServiceDate.Cause(sourceText: notice.sourceText, origin: notice.origin, reason: .outOfValidity(notice),
                                                       line: source.line, stop: source.stop, destination: source.destination,
                                                       from: day.instant(seconds: 0), until: day.instant(seconds: source.timetable.serviceSpanSeconds)))
            }
        }
        return causes.isEmpty ? nil : UnknownServiceDate(date: date, dayType: dayType, causes: causes)
    }

    /// The first unknown service date (see ``unknownDate(_:)``) whose departures may still leave
    /// after `instant` (its ``UnknownServiceDate/until`` is later), from two service days before
    /// `instant`'s date through `last`, keeping only the causes `relevant` says matter to the asker
    /// (a rule's filters); nil when every such date is known. No departure at or after its
    /// ``UnknownServiceDate/from`` can be given as the next one.
    public func firstUnknownDate(after instant: Int64, through last: LocalDate,
                                 relevant: (UnknownServiceDate.Cause, UnknownServiceDate) -> Bool = { _, _ in true }) -> UnknownServiceDate? {
        guard mayHaveUnknownDates else { return nil }
        // Without failed sources only dates outside some source's validity can be unknown: the
        // dates inside every source's validity are skipped at once.
        let latestStart = unknownServices.isEmpty ? sources.compactMap(\.validFrom).max() : nil
        let earliestEnd = unknownServices.isEmpty ? sources.compactMap(\.validUntil).min() : nil
        var date = clock.localTime(at: instant).date.adding(days: -Board.previousServiceDays)
        while date <= last {
            if unknownServices.isEmpty, latestStart.map({ date >= $0 }) ?? true, earliestEnd.map({ date <= $0 }) ?? true {
                guard let earliestEnd else { return nil }
                date = earliestEnd.adding(days: 1)
                continue
            }
            if var unknown = unknownDate(date) {
                unknown.causes = unknown.causes.filter { $0.until > instant && relevant($0, unknown) }
                if !unknown.causes.isEmpty { return unknown }
            }
            date = date.adding(days: 1)
        }
        return nil
    }
}
