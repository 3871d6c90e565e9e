/// The service dates a timetable's publisher says it holds for, as the data itself states them:
/// ODPT `dct:issued` (the date a revision, ダイヤ改正, takes effect) and `dct:valid` (until when the
/// data is guaranteed), GTFS `feed_info.txt` `feed_start_date` / `feed_end_date`.
///
/// A board uses these as a source's `valid_from` / `valid_until` when the configuration gives none
/// (an explicit setting wins, each end on its own): see `BoardTimetable.validFrom`.
public struct PublishedValidity: Sendable, Equatable {
    /// The first service date; nil when the data states none.
    public var from: LocalDate?
    /// The last service date; nil when the data states none.
    public var until: LocalDate?
    /// The field `from` comes from, for messages (`dct:issued`, `feed_start_date`).
    public var fromField: String
    /// The field `until` comes from (`dct:valid`, `feed_end_date`).
    public var untilField: String

    /// A validity; nil when neither end is given.
    public init?(from: LocalDate?, until: LocalDate?, fromField: String, untilField: String) {
        guard from != nil || until != nil else { return nil }
        self.from = from
        self.until = until
        self.fromField = fromField
        self.untilField = untilField
    }
}
