import Config

/// Where the rules need each source fresh, for ``SourceRefreshPolicy``'s `needWindows`: a weather
/// source near its weather and leave-now-with-rain rules (``WeatherNeed``), a realtime feed inside
/// the leave-now windows of its board (`odpt: trains:`: of the boards at a station of its railway).
/// Other sources have no windows (polled at their interval). The worker, `fetch` and `sources` plan
/// with the same windows.
public struct SourceNeeds: Sendable {
    private let needs: [String: WeatherNeed]

    /// The needs of `configuration`'s sources (``LiveSource/all(in:)``) by its rules.
    public init(configuration: Configuration) {
        var needs: [String: WeatherNeed] = [:]
        let trains = configuration.odpt?.trains ?? []
        for source in LiveSource.all(in: configuration) {
            switch source.origin {
            case .weather(let spec):
                needs[source.cacheName] = WeatherNeed(source: spec.id, rules: configuration.rules, refreshSeconds: spec.refreshSeconds)
            case .gtfsRealtime(let id, let spec):
                needs[source.cacheName] = WeatherNeed(realtimeOf: [id.board], rules: configuration.rules, refreshSeconds: spec.refreshSeconds)
            case .odptTrain:
                guard let spec = trains.first(where: { $0.id == source.id }) else { continue }
                needs[source.cacheName] = WeatherNeed(realtimeOf: spec.boards(in: configuration.boards), rules: configuration.rules,
                                                      refreshSeconds: spec.refreshSeconds)
            case .feed, .timetable, .odptTrainInformation:
                continue
            }
        }
        self.needs = needs
    }

    /// The spans from a day before `now` to two days after where rules need `source`; nil when the
    /// source has no windows (not windowed, or needed all the time): poll it at its interval.
    public func windows(for source: LiveSource, now: Int64) -> [ClosedRange<Int64>]? {
        guard let need = needs[source.cacheName], !need.always else { return nil }
        return need.ranges(from: now - 86_400, to: now + 2 * 86_400)
    }
}
