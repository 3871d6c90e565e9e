import Channels
import Foundation
import Messages
import Notifications
import Timetable

/// Reads the `rules:`, `weather:`, `feeds:` and `channels:` sections of a configuration file.
///
/// Like `BoardConfigParser`, it reports every problem and leaves out any item that has one.
/// References to boards, channels and sources are checked later, across all files
/// (`Configuration.load`).
public struct RuleConfigParser {
    public let context: ConfigFileContext
    var diagnostics: DiagnosticCollector { context.diagnostics }

    public init(context: ConfigFileContext) { self.context = context }

    // MARK: rules

    /// Reads the rules, and the references every rule makes (also those of rules with problems, so
    /// that a reference to an unknown board is reported together with everything else).
    public func parseRules(_ node: YAMLNode) -> (rules: [RuleSpec], references: [RuleReferenceUse]) {
        guard let items = diagnostics.decode(node, YAMLValue.list) else { return ([], []) }
        var rules: [RuleSpec] = []
        var uses: [RuleReferenceUse] = []
        for item in items {
            let (rule, id, references) = parseRule(item)
            if let rule { rules.append(rule) }
            uses += references.map { RuleReferenceUse(rule: id ?? "", reference: $0) }
        }
        return (rules, uses)
    }

    /// Reads one rule; nil when it has any problem (all reported). Also answers the id and the
    /// references it makes.
    public func parseRule(_ node: YAMLNode) -> (rule: RuleSpec?, id: String?, references: [RuleReference]) {
        let before = diagnostics.diagnostics.count
        guard var rule = MappingReader(node, what: Message(.nounRule), diagnostics: diagnostics) else { return (nil, nil, []) }
        var references: [RuleReference] = []
        func reference(_ target: RuleReference.Target, _ key: String, _ reader: inout MappingReader) -> String? {
            guard let value = reader.require(key), let name = diagnostics.decode(value, YAMLValue.string) else { return nil }
            references.append(RuleReference(target: target, name: name, location: context.location(of: value)))
            return name
        }
        func optionalReference(_ target: RuleReference.Target, _ key: String, _ reader: inout MappingReader) -> String? {
            guard reader.contains(key) else { return nil }
            return reference(target, key, &reader)
        }
        let id = rule.requireID(what: Message(.nounRule))
        var kind: RuleKindSpec?
        var kindName: String?
        if let kindNode = rule.require("kind"), let name = diagnostics.decode(kindNode, YAMLValue.string) {
            kindName = name
            switch name {
            case "leave_now": kind = parseLeaveNow(&rule, reference: reference)
            case "weather": kind = parseWeatherRule(&rule, reference: reference)
            case "new_article": kind = parseNewArticle(&rule, reference: reference)
            case "service_status": kind = parseServiceStatusRule(&rule, node: node, reference: optionalReference)
            default:
                let kinds = ["leave_now", "weather", "new_article", "service_status"]
                diagnostics.report(.configUnknownRuleKind, unknownName(name, among: kinds), at: kindNode.mark)
                rule.ignore(contentsOf: RuleConfigParser.kindKeys)
            }
        } else {
            rule.ignore(contentsOf: RuleConfigParser.kindKeys)
        }
        var common = parseCommon(&rule, variables: kindName.flatMap(TemplateVariables.names(forKind:)))
        if let channelNodes = rule.optionalList("channels") {
            for channel in channelNodes {
                guard let name = diagnostics.decode(channel, YAMLValue.string) else { continue }
                references.append(RuleReference(target: .channel, name: name, location: context.location(of: channel)))
                common?.channels.append(name)
            }
        }
        if !rule.contains("channels") || common?.channels.isEmpty == true {
            diagnostics.report(.configRuleNeedsChannels, ["id": .quoted(id ?? "")], at: node.mark)
        }
        rule.finish()
        guard diagnostics.diagnostics.count == before, let id, let kind, let common else { return (nil, id, references) }
        return (RuleSpec(id: id, kind: kind, common: common, location: context.location(of: node), references: references),
                id, references)
    }

    /// Keys that belong to one rule kind or another (not "unknown" when the kind itself is wrong).
    static let kindKeys = ["board", "lines", "stops", "destinations", "days", "day_types", "between", "last_only", "pick", "buffer",
                           "heads_up", "rain", "weather", "when", "feed", "first_run", "title_contains", "authors", "digest",
                           "status", "notify_recovery", "max_age", "moved_by", "when_suspended"]

    private func parseLeaveNow(_ rule: inout MappingReader,
                               reference: (RuleReference.Target, String, inout MappingReader) -> String?) -> RuleKindSpec? {
        let board = reference(.board, "board", &rule)
        var spec = LeaveNowSpec(board: board ?? "")
        spec.lines = stringSet(&rule, "lines")
        spec.stops = stringSet(&rule, "stops")
        spec.destinations = stringSet(&rule, "destinations")
        spec.days = weekdays(&rule, "days")
        if let nodes = rule.optionalList("day_types") {
            var types = Set<DayType>()
            for node in nodes {
                guard let text = diagnostics.decode(node, YAMLValue.string) else { continue }
                if let type = DayType(rawValue: text) { types.insert(type) } else {
                    let known = ["weekday", "saturday", "sunday", "holiday"]
                    diagnostics.report(.configUnknownDayType, ["name": .quoted(text),
                                                               "suggestion": .message(NameSuggestion.prefixMessage(for: text, among: known))], at: node.mark)
                }
            }
            spec.dayTypes = types
        }
        spec.window = window(&rule, "between")
        spec.lastOnly = rule.optionalBool("last_only") ?? false
        if let node = rule.optional("pick"), let text = diagnostics.decode(node, YAMLValue.string) {
            if let pick = LeaveNowSpec.Pick(rawValue: text) { spec.pick = pick } else {
                diagnostics.report(.configPick, ["found": .quoted(text)], at: node.mark)
            }
        }
        spec.bufferSeconds = rule.optional("buffer", YAMLValue.duration) ?? 0
        if let nodes = rule.optionalList("heads_up") {
            let offsets = nodes.compactMap { diagnostics.decode($0, YAMLValue.duration) }
            if nodes.isEmpty { diagnostics.report(.configHeadsUpEmpty, at: rule.node.mark) }
            spec.headsUpSeconds = Array(Set(offsets)).sorted(by: >)
        }
        if let rainNode = rule.optional("rain"), var rain = MappingReader(rainNode, what: Message(.nounKeyValue, ["key": .text("rain")]), diagnostics: diagnostics) {
            let weather = reference(.weather, "weather", &rain)
            let extra = rain.require("extra_walk", YAMLValue.duration)
            let threshold = rain.optional("threshold").flatMap { number($0, unit: "mm/h") }
            rain.finish()
            if let weather, let extra {
                spec.rain = RainAdjustment(weather: weather, extraWalkSeconds: extra, thresholdMillimetresPerHour: threshold ?? 0.1)
            }
        }
        if let node = rule.optional("moved_by"), let seconds = diagnostics.decode(node, YAMLValue.duration) {
            if seconds < LeaveNowSpec.minimumMovedBySeconds || seconds > 3600 {
                diagnostics.report(.configMovedByRange, ["found": .text(seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s")], at: node.mark)
            } else {
                spec.movedBySeconds = seconds
            }
        }
        if let node = rule.optional("when_suspended"), let text = diagnostics.decode(node, YAMLValue.string) {
            if let policy = LeaveNowSpec.SuspensionPolicy(rawValue: text) { spec.whenSuspended = policy } else {
                diagnostics.report(.configWhenSuspended, ["found": .quoted(text)], at: node.mark)
            }
        }
        // The engine looks a day and a bit ahead for departures whose notifications are due.
        let lead = (spec.headsUpSeconds.max() ?? 0) + spec.bufferSeconds + (spec.rain?.extraWalkSeconds ?? 0)
        if lead > LeaveNowSpec.maximumLeadSeconds {
            diagnostics.report(.configLeadTooLong, ["minutes": .number(lead / 60), "hours": .number(LeaveNowSpec.maximumLeadSeconds / 3600)],
                               at: rule.node.mark)
        }
        return .leaveNow(spec)
    }

    private func parseWeatherRule(_ rule: inout MappingReader,
                                  reference: (RuleReference.Target, String, inout MappingReader) -> String?) -> RuleKindSpec? {
        let weather = reference(.weather, "weather", &rule)
        let maxAge = rule.optional("max_age", YAMLValue.duration)
        guard let whenNode = rule.require("when"),
              var when = MappingReader(whenNode, what: Message(.nounWeatherCondition), diagnostics: diagnostics) else { return nil }
        let conditions = ["rain_starts", "precipitation_probability", "pressure_drop", "temperature_drop", "new_alert", "forecast_changed"]
        let present = conditions.filter { when.contains($0) }
        guard present.count == 1 else {
            let list = MessageArgument.message(.list(conditions))
            diagnostics.report(present.isEmpty
                ? Message(.configWeatherConditionNeedsOne, ["list": list])
                : Message(.configWeatherConditionTakesOne, ["list": list, "found": .message(.joined(present.map(Message.verbatim),
                                                                                                    separator: Message(.andSeparator)))]),
                at: whenNode.mark)
            when.ignore(contentsOf: conditions)
            when.finish()
            return nil
        }
        let key = present[0]
        let node = when.optional(key)!
        when.finish()
        var condition: WeatherConditionSpec?
        if key == "new_alert" {
            if diagnostics.decode(node, YAMLValue.bool) == true { condition = .newAlert } else if node.scalarText == "false" {
                diagnostics.report(.configNewAlertFalse, at: node.mark)
            }
        } else if var settings = MappingReader(node, what: Message(.nounKeyValue, ["key": .text(key)]), diagnostics: diagnostics) {
            switch key {
            case "rain_starts":
                let within = settings.require("within", YAMLValue.duration)
                let threshold = settings.optional("threshold").flatMap { number($0, unit: "mm/h") } ?? 0.1
                if let within { condition = .rainStarts(withinSeconds: within, thresholdMillimetresPerHour: threshold) }
            case "precipitation_probability":
                let atLeast = settings.require("at_least").flatMap(probability)
                let within = settings.require("within", YAMLValue.duration)
                if let atLeast, let within { condition = .precipitationProbability(atLeast: atLeast, withinSeconds: within) }
            case "pressure_drop":
                let hpa = settings.require("hpa").flatMap { number($0, unit: "hPa") }
                let within = settings.require("within", YAMLValue.duration)
                if let hpa, let within { condition = .pressureDrop(hectopascals: hpa, withinSeconds: within) }
            case "temperature_drop":
                let degrees = settings.require("degrees").flatMap { number($0, unit: "°C") }
                let within = settings.optional("within", YAMLValue.duration) ?? 24 * 3600
                if let degrees { condition = .temperatureDrop(degrees: degrees, withinSeconds: within) }
            default:  // forecast_changed
                if let within = settings.require("within", YAMLValue.duration) { condition = .forecastChanged(withinSeconds: within) }
            }
            settings.finish()
        }
        guard let weather, let condition else { return nil }
        return .weather(WeatherRuleSpec(weather: weather, condition: condition, maxAgeSeconds: maxAge))
    }

    private func parseNewArticle(_ rule: inout MappingReader,
                                 reference: (RuleReference.Target, String, inout MappingReader) -> String?) -> RuleKindSpec? {
        let feed = reference(.feed, "feed", &rule)
        var spec = NewArticleSpec(feed: feed ?? "")
        if let node = rule.optional("first_run"), let text = diagnostics.decode(node, YAMLValue.string) {
            switch text {
            case "silent": spec.firstRunSilent = true
            case "notify": spec.firstRunSilent = false
            default: diagnostics.report(.configFirstRun, ["found": .quoted(text)], at: node.mark)
            }
        }
        spec.titleContains = rule.optionalList("title_contains")?.compactMap { diagnostics.decode($0, YAMLValue.string) }
        spec.authors = rule.optionalList("authors")?.compactMap { diagnostics.decode($0, YAMLValue.string) }
        spec.digest = rule.optionalBool("digest") ?? false
        return feed == nil ? nil : .newArticle(spec)
    }

    private func parseCommon(_ rule: inout MappingReader, variables: [String]?) -> RuleCommonSpec? {
        var zone = TimeZone(identifier: BoardConfigParser.defaultTimeZone)!
        if let node = rule.optional("timezone"), let name = diagnostics.decode(node, YAMLValue.string) {
            if let parsed = TimeZone(identifier: name) { zone = parsed } else {
                diagnostics.report(.configUnknownTimezone, ["name": .quoted(name), "hint": .message(NameSuggestion.timeZoneHint(for: name))], at: node.mark)
            }
        }
        var common = RuleCommonSpec(timeZone: zone)
        if let activeNode = rule.optional("active"),
           var active = MappingReader(activeNode, what: Message(.nounKeyValue, ["key": .text("active")]), diagnostics: diagnostics) {
            common.activeDays = weekdays(&active, "days")
            common.activeHours = window(&active, "hours")
            active.finish()
        }
        common.quietHours = window(&rule, "quiet_hours")
        common.cooldownSeconds = rule.optional("cooldown", YAMLValue.duration) ?? 0
        if let node = rule.optional("max_per_day"), let count = diagnostics.decode(node, YAMLValue.integer) {
            if count < 1 { diagnostics.report(.configMaxPerDay, ["count": .number(count)], at: node.mark) }
            common.maxPerDay = count
        }
        if let node = rule.optional("urgency"), let text = diagnostics.decode(node, YAMLValue.string) {
            if let urgency = Urgency(rawValue: text) { common.urgency = urgency } else {
                diagnostics.report(.configUrgency, ["found": .quoted(text)], at: node.mark)
            }
        }
        if let node = rule.optional("language"), let text = diagnostics.decode(node, YAMLValue.string) {
            if let language = MessageLanguage(rawValue: text) { common.language = language } else {
                diagnostics.report(.configLanguage, ["found": .quoted(text)], at: node.mark)
            }
        }
        common.message = templates(&rule, "message", variables: variables)
        common.title = templates(&rule, "title", variables: variables)
        return common
    }

    /// `message: "text"` (for the rule's language) or `message: {ja: …, en: …}`.
    private func templates(_ rule: inout MappingReader, _ key: String, variables: [String]?) -> [MessageLanguage: MessageTemplate] {
        guard let node = rule.optional(key) else { return [:] }
        var result: [MessageLanguage: MessageTemplate] = [:]
        func parse(_ node: YAMLNode, _ languages: [MessageLanguage]) {
            guard let text = diagnostics.decode(node, YAMLValue.string) else { return }
            do {
                let template = try MessageTemplate(text)
                if let variables {
                    for name in template.variables where !variables.contains(name) {
                        diagnostics.report(.configUnknownTemplateVariable, ["variable": .text("{{\(name)}}"), "list": .message(.list(variables))], at: node.mark)
                    }
                }
                for language in languages { result[language] = template }
            } catch {
                diagnostics.report(.configBadTemplate, ["problem": .message(error.text)], at: node.mark)
            }
        }
        if node.mappingPairs != nil {
            guard var reader = MappingReader(node, what: Message(.nounKeyValue, ["key": .text(key)]), diagnostics: diagnostics) else { return [:] }
            for language in MessageLanguage.allCases {
                if let value = reader.optional(language.rawValue) { parse(value, [language]) }
            }
            reader.finish()
        } else {
            parse(node, MessageLanguage.allCases)
        }
        return result
    }

    // MARK: weather, feeds and channels

    public func parseWeather(_ node: YAMLNode) -> [WeatherSpec] {
        guard let items = diagnostics.decode(node, YAMLValue.list) else { return [] }
        return items.compactMap { item in
            let before = diagnostics.diagnostics.count
            guard var reader = MappingReader(item, what: Message(.nounWeatherSource), diagnostics: diagnostics) else { return nil }
            let id = reader.requireID(what: Message(.nounWeatherSource))
            let title = reader.optionalString("title")
            var provider: WeatherSpec.Provider?
            if let node = reader.require("provider"), let text = diagnostics.decode(node, YAMLValue.string) {
                provider = WeatherSpec.Provider(rawValue: text)
                if provider == nil {
                    let providers = ["openweather", "open_meteo", "jma"]
                    diagnostics.report(.configUnknownWeatherProvider, unknownName(text, among: providers), at: node.mark)
                }
            }
            let latitude = reader.optional("lat").flatMap { number($0, unit: "degrees", range: -90...90) }
            let longitude = reader.optional("lon").flatMap { number($0, unit: "degrees", range: -180...180) }
            let office = reader.optionalString("office")
            let area = reader.optionalString("area")
            var units = WeatherSpec.Units.metric
            if let node = reader.optional("units"), let text = diagnostics.decode(node, YAMLValue.string) {
                if let parsed = WeatherSpec.Units(rawValue: text) { units = parsed } else {
                    diagnostics.report(.configUnits, ["found": .quoted(text)], at: node.mark)
                }
            }
            var version = "3.0"
            if let node = reader.optional("version"), let text = diagnostics.decode(node, YAMLValue.string) {
                if ["3.0", "2.5"].contains(text) { version = text } else {
                    diagnostics.report(.configVersion, ["found": .quoted(text)], at: node.mark)
                }
            }
            let key = reader.optionalSecret("key", resolve: context.resolve(path:))
            let refresh = reader.optional("refresh", YAMLValue.duration) ?? 600
            var idleRefresh = max(refresh, WeatherSpec.defaultIdleRefresh)
            if let node = reader.optional("idle_refresh"), let seconds = diagnostics.decode(node, YAMLValue.duration) {
                if seconds < refresh {
                    diagnostics.report(.configIdleRefreshShort, ["value": .text(node.scalarText ?? "")], at: node.mark)
                }
                idleRefresh = seconds
            }
            reader.finish()
            // A value given but bad is reported at the value: missing means not there at all.
            switch provider {
            case .openweather?, .openMeteo?:
                if !reader.contains("lat") || !reader.contains("lon") {
                    diagnostics.report(.configNeedsLatLon, ["provider": .text(provider!.rawValue)], at: item.mark)
                }
            case .jma?:
                if !reader.contains("office") { diagnostics.report(.configJMANeedsOffice, at: item.mark) }
            case nil: break
            }
            guard diagnostics.diagnostics.count == before, let id, let provider else { return nil }
            return WeatherSpec(id: id, provider: provider, latitude: latitude, longitude: longitude, office: office, area: area,
                                     units: units, version: version, key: key,
                                     refreshSeconds: refresh, idleRefreshSeconds: idleRefresh, location: context.location(of: item), title: title)
        }
    }

    public func parseFeeds(_ node: YAMLNode) -> [FeedSpec] {
        guard let items = diagnostics.decode(node, YAMLValue.list) else { return [] }
        return items.compactMap { item in
            let before = diagnostics.diagnostics.count
            guard var reader = MappingReader(item, what: Message(.nounFeed), diagnostics: diagnostics) else { return nil }
            let id = reader.requireID(what: Message(.nounFeed))
            let url = reader.optionalString("url")
            var calendar: String?
            var calendarURL: String?
            if let node = reader.optional("advent_calendar"), let text = diagnostics.decode(node, YAMLValue.string) {
                let parts = text.split(separator: "/")
                if parts.count == 2, let year = Int(parts[0]), year >= 2011, BoardConfigParser.isValidSlug(String(parts[1])) {
                    calendar = text
                    calendarURL = "https://qiita.com/advent-calendar/\(year)/\(parts[1])/feed"
                } else {
                    diagnostics.report(.configAdventCalendar, ["found": .quoted(text)], at: node.mark)
                }
            }
            let refresh = reader.optional("refresh", YAMLValue.duration) ?? 900
            reader.finish()
            if (url == nil) == (reader.contains("advent_calendar") == false) {
                diagnostics.report(url == nil ? .configFeedNeedsURL : .configFeedBothURL, at: item.mark)
            }
            if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
                diagnostics.report(.configFeedURLScheme, ["found": .quoted(url)], at: item.mark)
            }
            guard diagnostics.diagnostics.count == before, let id, let resolved = url ?? calendarURL else { return nil }
            return FeedSpec(id: id, url: resolved, adventCalendar: calendar, refreshSeconds: refresh,
                                  location: context.location(of: item))
        }
    }

    /// The `channels:` list: each channel's `type:` must name a kind of the ``ChannelRegistry``, its
    /// keys be that kind's, and every value the kind's checks refuse is reported at the value.
    public func parseChannels(_ node: YAMLNode) -> [ChannelSpec] {
        guard let items = diagnostics.decode(node, YAMLValue.list) else { return [] }
        return items.compactMap { item -> ChannelSpec? in
            let before = diagnostics.diagnostics.count
            guard var reader = MappingReader(item, what: Message(.nounChannel), diagnostics: diagnostics) else { return nil }
            let id = reader.requireID(what: Message(.nounChannel))
            var kind: ChannelKind?
            if let node = reader.require("type"), let text = diagnostics.decode(node, YAMLValue.string) {
                kind = ChannelKind(rawValue: text)
                if ChannelRegistry.integration(for: ChannelKind(rawValue: text)) == nil {
                    kind = nil
                    let kinds = ChannelRegistry.integrations.map(\.kind.rawValue)
                    diagnostics.report(.configUnknownChannelType, unknownName(text, among: kinds), at: node.mark)
                }
            }
            var settings: [String: String] = [:]
            var valueNodes: [String: YAMLNode] = [:]
            // An unknown kind accepts every kind's keys (its type is the one problem reported).
            for key in ChannelRegistry.knownKeys(for: kind ?? ChannelKind(rawValue: "")) {
                if let node = reader.optional(key), let value = diagnostics.decode(node, YAMLValue.string) {
                    settings[key] = value
                    valueNodes[key] = node
                }
            }
            reader.finish()
            guard let kind else { return nil }
            // The values delivery would refuse, each at its place (the kind's file holds the checks).
            let spec = ChannelSpec(id: id ?? "", kind: kind, settings: settings, location: context.location(of: item),
                                   resolve: context.resolve(path:))
            if case .failure(let error) = spec.checked {
                for problem in error.problems {
                    diagnostics.report(problem.text, at: problem.key.flatMap { valueNodes[$0]?.mark } ?? item.mark)
                }
            }
            guard diagnostics.diagnostics.count == before, id != nil else { return nil }
            return spec
        }
    }

    // MARK: values

    private func stringSet(_ reader: inout MappingReader, _ key: String) -> Set<String>? {
        reader.optionalList(key).map { Set($0.compactMap { diagnostics.decode($0, YAMLValue.string) }) }
    }

    /// `[mon, tue]`, or the shorthands `weekdays` / `weekends` / `everyday`.
    private func weekdays(_ reader: inout MappingReader, _ key: String) -> Set<Weekday>? {
        guard let node = reader.optional(key) else { return nil }
        let names: [String: [Weekday]] = [
            "sun": [.sunday], "mon": [.monday], "tue": [.tuesday], "wed": [.wednesday], "thu": [.thursday],
            "fri": [.friday], "sat": [.saturday], "weekdays": [.monday, .tuesday, .wednesday, .thursday, .friday],
            "weekends": [.saturday, .sunday], "everyday": Weekday.allCases,
        ]
        let items: [YAMLNode] = node.sequenceItems ?? [node]
        var days = Set<Weekday>()
        for item in items {
            guard let text = diagnostics.decode(item, YAMLValue.string) else { continue }
            if let list = names[text.lowercased()] { days.formUnion(list) } else {
                // A slip (`weekday`, `tues`), or a day's whole name (`sunday` → `sun`).
                let known = names.keys.sorted()
                let meant = NameSuggestion.closest(to: text.lowercased(), among: known) ?? known.first { text.lowercased().hasPrefix($0) }
                diagnostics.report(.configUnknownDay, ["name": .quoted(text),
                                                       "suggestion": .message(meant.map { Message(.didYouMean, ["name": .quoted($0)]) } ?? .empty)],
                                   at: item.mark)
            }
        }
        return days
    }

    private func window(_ reader: inout MappingReader, _ key: String) -> ClockWindow? {
        guard let node = reader.optional(key), let text = diagnostics.decode(node, YAMLValue.string) else { return nil }
        guard let window = ClockWindow(text) else {
            diagnostics.report(.configTimeWindow, ["key": .text(key), "found": .quoted(text)], at: node.mark)
            return nil
        }
        return window
    }

    /// A plain number (`0.5`, `6`), optionally with its unit written after it.
    private func number(_ node: YAMLNode, unit: String, range: ClosedRange<Double> = 0...1_000_000) -> Double? {
        guard let text = diagnostics.decode(node, YAMLValue.string) else { return nil }
        var trimmed = text
        if trimmed.hasSuffix(unit) { trimmed = String(trimmed.dropLast(unit.count)).trimmingCharacters(in: .whitespaces) }
        guard let value = Double(trimmed), value.isFinite, range.contains(value) else {
            let bounds: [String: MessageArgument] = ["min": .text("\(range.lowerBound)"), "max": .text("\(range.upperBound)"), "found": .quoted(text)]
            diagnostics.report(unit.isEmpty ? Message(.configNumber, bounds) : Message(.configNumberUnit, bounds.merging(["unit": .text(unit)]) { a, _ in a }),
                               at: node.mark)
            return nil
        }
        return value
    }

    /// `60%` or `0.6`.
    private func probability(_ node: YAMLNode) -> Double? {
        guard let text = diagnostics.decode(node, YAMLValue.string) else { return nil }
        let value = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        guard let value, (0...1).contains(value) else {
            diagnostics.report(.configProbability, ["found": .quoted(text)], at: node.mark)
            return nil
        }
        return value
    }
}

extension RuleConfigParser {
    /// The arguments of `unknown … "x" (did you mean "y"? expected one of: …)`: `name`, `suggestion`, `expected`.
    func unknownName(_ name: String, among known: [String]) -> [String: MessageArgument] {
        ["name": .quoted(name), "suggestion": .message(NameSuggestion.prefixMessage(for: name, among: known)),
         "expected": .key(.expectedValues, ["list": .message(.list(known))])]
    }
}

extension BoardConfigParser {
    /// Whether a Qiita calendar slug looks valid (letters, digits, `-`, `_`).
    static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && slug.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
    }
}

extension MappingReader {
    mutating func ignore(contentsOf keys: [String]) {
        for key in keys { ignore(key) }
    }
}

@available(*, unavailable)
extension RuleConfigParser: Sendable {}
