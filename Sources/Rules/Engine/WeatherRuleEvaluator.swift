import Messages
import Config
import Facts
import Foundation
import Notifications
import Timetable
import Weather

/// `weather`: runs the rule's change detector on the latest forecast; each event it reports (on
/// a transition, with the detector's hysteresis) becomes one notification.
struct WeatherRuleEvaluator {
    let rule: RuleSpec
    let spec: WeatherRuleSpec

    func evaluate(facts: FactSet, state: inout RuleState, now: Int64, trace: inout Trace) -> RuleOutcome {
        var outcome = RuleOutcome()
        guard let snapshot = facts.forecasts[spec.weather] else {
            trace.note(.explainNoForecast, ["source": .inQuotes(spec.weather)])
            return outcome
        }
        let forecast = snapshot.value
        let date = Date(timeIntervalSince1970: TimeInterval(now))
        let age = snapshot.age(at: now)
        trace.note(.explainForecastFetched, ["time": .text(rule.common.clock.iso8601(snapshot.fetchedAt)), "age": .number(Int(age / 60)),
                                             "minutely": .number(forecast.minutely.count), "hourly": .number(forecast.hourly.count), "alerts": .number(forecast.alerts.count)])
        // `max_age`: a forecast this old is not used; the detector's memory stays as it was.
        if let maxAge = spec.maxAgeSeconds, age > Int64(maxAge) {
            trace.note(.explainForecastTooOld, ["minutes": .number(maxAge / 60)])
            return outcome
        }
        /// Runs a detector on the stored state of this rule and stores its new state.
        func run<Detector: StoredWeatherDetector>(_ detector: Detector) -> (events: [WeatherEvent], state: Detector.State, previous: Detector.State) {
            let previous = Detector.stored(in: state.weather) ?? Detector.State.initial
            let result = detector.evaluate(forecast, previous: previous, now: date)
            state.weather = Detector.store(result.state)
            return (result.events, result.state, previous)
        }
        let events: [WeatherEvent]
        switch spec.condition {
        case .rainStarts(let within, let threshold):
            let detector = RainStartDetector(thresholdMillimetresPerHour: threshold, lookahead: TimeInterval(within))
            let result = run(detector)
            events = result.events
            // Wake when rain enters the window (an event, or an episode going on) or a dry spell
            // re-arms the detector: the same answers as evaluating every minute.
            if let next = detector.nextChange(after: date, forecast: forecast, state: result.state) {
                outcome.wake(at: Int64(next.timeIntervalSince1970.rounded(.up)))
            }
            trace.note(result.state.inEpisode ? Message(.explainInRainEpisode)
                : Message(.explainNoRainExpected, ["threshold": .text("\(threshold)"), "minutes": .number(Int(within / 60))]))
        case .precipitationProbability(let atLeast, let within):
            let result = run(PrecipitationProbabilityDetector(threshold: atLeast, window: .ahead(from: 0, to: TimeInterval(within))))
            events = result.events
            trace.note(.explainProbability, ["percent": .number(Int(atLeast * 100)), "hours": .number(Int(within / 3600)), "answer": .key(result.state.isActive ? .explainYes : .explainNo)])
        case .pressureDrop(let hpa, let within):
            let result = run(PressureDropDetector(dropHectopascals: hpa, horizon: TimeInterval(within)))
            events = result.events
            trace.note(.explainPressureDrop, ["hpa": .text("\(hpa)"), "hours": .number(Int(within / 3600)), "answer": .key(result.state.isActive ? .explainYes : .explainNo)])
        case .temperatureDrop(let degrees, let within):
            let result = run(TemperatureDropDetector(dropCelsius: degrees, horizon: TimeInterval(within)))
            events = result.events
            trace.note(.explainTemperatureDrop, ["degrees": .text("\(degrees)"), "answer": .key(result.state.isActive ? .explainYes : .explainNo)])
        case .newAlert:
            events = run(NewAlertDetector()).events
            trace.note(.explainAlerts, ["total": .number(forecast.alerts.count), "new": .number(events.count)])
        case .forecastChanged(let within):
            let result = run(ForecastChangeDetector(window: .ahead(from: 0, to: TimeInterval(within))))
            events = result.events
            trace.note(result.previous.baseline == nil ? Message(.explainFirstForecast)
                : Message(.explainComparedForecast, ["change": .key(events.isEmpty ? .explainNoChange : .explainChanged)]))
        }
        state.lastSnapshotAt = snapshot.fetchedAt
        for event in events {
            let notification = self.notification(event, now: now, age: age)
            trace.note(.explainWeatherFires, ["text": .text(notification.text)])
            outcome.due.append(DueNotice(forgetAfter: max(now, notification.expiresAt ?? now) + 86_400, notice: notification))
        }
        return outcome
    }

    static let title = MessageRenderer.builtIn([.en: "Weather: {{weather}}", .ja: "天気: {{weather}}"])

    func notification(_ event: WeatherEvent, now: Int64, age: Int64 = 0) -> Notice {
        let renderer = MessageRenderer(rule: rule)
        func time(_ date: Date) -> String { renderer.time(Int64(date.timeIntervalSince1970), now: now) }
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        var values: [String: String] = ["weather": spec.weather, "age": String(age / 60)]
        let occurrence: String
        let expires: Date?
        let fallback: [MessageLanguage: String]
        switch event {
        case .rainStarting(let at, let rate):
            values.merge(["condition": "rain_starts", "time": time(at), "value": number(rate)]) { $1 }
            occurrence = "rain/\(Int64(at.timeIntervalSince1970))"
            expires = at
            fallback = [.en: "Rain expected from {{time}} ({{value}} mm/h)", .ja: "{{time}}頃から雨の予報です（{{value}} mm/h）"]
        case .precipitationLikely(let probability, let at, _, let end):
            values.merge(["condition": "precipitation_probability", "time": time(at), "value": "\(Int((probability * 100).rounded()))%"]) { $1 }
            occurrence = "pop/\(Int64(at.timeIntervalSince1970))"
            expires = end
            fallback = [.en: "{{value}} chance of rain around {{time}}", .ja: "{{time}}頃の降水確率は{{value}}です"]
        case .pressureDrop(let from, let to, _, let toTime):
            values.merge(["condition": "pressure_drop", "time": time(toTime), "value": number(from - to)]) { $1 }
            occurrence = "pressure/\(Int64(toTime.timeIntervalSince1970))"
            expires = toTime
            fallback = [.en: "Pressure falls {{value}} hPa by {{time}}: headache alert", .ja: "{{time}}までに気圧が{{value}} hPa下がる予報です（頭痛に注意）"]
        case .temperatureDrop(let at, let yesterday, let forecast):
            values.merge(["condition": "temperature_drop", "time": time(at), "value": number(yesterday - forecast)]) { $1 }
            occurrence = "temperature/\(Int64(at.timeIntervalSince1970))"
            expires = at
            fallback = [.en: "{{time}} will be {{value}} °C colder than yesterday", .ja: "{{time}}は昨日より{{value}}℃低い予報です"]
        case .newAlert(let alert):
            values.merge(["condition": "new_alert", "time": time(alert.start), "alert_event": alert.event, "alert_sender": alert.sender,
                          "summary": alert.description]) { $1 }
            occurrence = "alert/\(BoardSchedule.token(alert.sender))/\(BoardSchedule.token(alert.event))/\(Int64(alert.start.timeIntervalSince1970))"
            expires = alert.end
            fallback = [.en: "{{alert_sender}}: {{alert_event}} from {{time}}", .ja: "{{alert_sender}}: {{alert_event}}（{{time}}から）"]
        case .forecastChanged(let start, let end, let change):
            let summary: String
            let ja = renderer.language == .ja
            switch change {
            case .rainNowExpected: summary = ja ? "雨が降る予報になりました" : "rain is now expected"
            case .rainNoLongerExpected: summary = ja ? "雨の予報がなくなりました" : "rain is no longer expected"
            case .probabilityRose(let from, let to): summary = ja ? "降水確率 \(Int(from * 100))% → \(Int(to * 100))%" : "chance of rain \(Int(from * 100))% → \(Int(to * 100))%"
            case .probabilityFell(let from, let to): summary = ja ? "降水確率 \(Int(from * 100))% → \(Int(to * 100))%" : "chance of rain \(Int(from * 100))% → \(Int(to * 100))%"
            }
            values.merge(["condition": "forecast_changed", "time": time(start), "summary": summary]) { $1 }
            occurrence = "change/\(Int64(start.timeIntervalSince1970))/\(now)"
            expires = end
            fallback = [.en: "Forecast changed until {{time}}: {{summary}}", .ja: "予報が変わりました: {{summary}}"]
        }
        values["time"] = values["time"] ?? ""
        let (title, text) = renderer.render(values, fallback: MessageRenderer.builtIn(fallback), fallbackTitle: Self.title)
        return Notice(key: "\(rule.id)/\(occurrence)", rule: rule.id, kind: .weather, fireAt: now,
                            expiresAt: expires.map { max(now, Int64($0.timeIntervalSince1970)) }, channels: rule.common.channels,
                            urgency: rule.common.urgency, language: rule.common.language, title: title, text: text)
    }
}
