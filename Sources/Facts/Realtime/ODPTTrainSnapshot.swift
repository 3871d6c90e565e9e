import Timetable

/// One `odpt:Train` response as the join reads it: the trains (one per railway and train number)
/// and when the data was observed and until when it holds.
public struct ODPTTrainSnapshot: Sendable, Equatable {
    /// One record per railway and train number. JR East 2017 data lists each train twice (two
    /// `dct:valid` values); the record with the latest `dc:date`, then the latest `dct:valid`, then
    /// the first in the file, is kept.
    public var trains: [ODPTTrain]
    /// The data's time: the latest `dc:date` of its records, else the fetch time.
    public var observedAt: Int64
    /// The latest `dct:valid` of its records; nil when none has one.
    public var validUntil: Int64?
    /// How many records were dropped as repeats of a train.
    public var repeatedRecords: Int

    /// A snapshot of `trains` fetched at `fetchedAt` (seconds since the epoch).
    public init(trains: [ODPTTrain], fetchedAt: Int64) {
        var kept: [String: Int] = [:]
        var unique: [ODPTTrain] = []
        for train in trains {
            let key = String(ODPTRealtimeTarget.withoutPrefix(train.railway)) + " " + train.trainNumber
            guard let index = kept[key] else {
                kept[key] = unique.count
                unique.append(train)
                continue
            }
            let current = unique[index]
            let newer = (train.date ?? .min, train.validUntil ?? .min) > (current.date ?? .min, current.validUntil ?? .min)
            if newer { unique[index] = train }
        }
        self.trains = unique
        self.repeatedRecords = trains.count - unique.count
        self.observedAt = trains.compactMap(\.date).max() ?? fetchedAt
        self.validUntil = trains.compactMap(\.validUntil).max()
    }

    /// Why the snapshot must not be used at `now`, or nil when it is fresh: its data is older than
    /// `maxAge` seconds, or `now` is more than `maxAge` past its `dct:valid`.
    public func staleness(now: Int64, maxAge: Int64) -> String? {
        let age = now - observedAt
        if age > maxAge {
            return "the odpt:Train data is \(age) s old (observed at dc:date \(observedAt)), more than the maximum age \(maxAge) s"
        }
        if let validUntil, now - validUntil > maxAge {
            return "the odpt:Train data expired at dct:valid \(validUntil), \(now - validUntil) s ago, more than the maximum age \(maxAge) s"
        }
        return nil
    }
}
