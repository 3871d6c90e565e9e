import Notifications

extension Configuration {
    /// The rules with a human title where their kind's built-in one would show an id: a `weather`
    /// rule without `title:` is titled by its weather source's `title:` — `Weather: 調布駅北口` /
    /// `天気: 調布駅北口` — or just `Weather` / `天気` when the source has none (never
    /// `Weather: chofu`); a `new_article` rule on a Qiita Advent Calendar is titled `Qiita Advent
    /// Calendar 2024 (ios)` rather than `2024/ios`. Leave-now rules are titled by their board's
    /// title, service-status rules by the line's name, other feeds by the feed's own title: those
    /// built-in titles are the evaluators'. A `title:` the rule sets always wins.
    func withBuiltInTitles() -> [RuleSpec] {
        rules.map { rule in
            guard rule.common.title.isEmpty, let title = builtInTitle(of: rule) else { return rule }
            var common = rule.common
            common.title = title.mapValues { MessageTemplate(literal: $0) }
            return RuleSpec(id: rule.id, kind: rule.kind, common: common, location: rule.location, references: rule.references)
        }
    }

    /// The title of `rule` in each language, when its kind's built-in title would name an id.
    func builtInTitle(of rule: RuleSpec) -> [MessageLanguage: String]? {
        switch rule.kind {
        case .weather(let spec):
            guard let source = weather.first(where: { $0.id == spec.weather }) else { return nil }
            guard let name = source.title else { return [.en: "Weather", .ja: "天気"] }
            return [.en: "Weather: \(name)", .ja: "天気: \(name)"]
        case .newArticle(let spec):
            guard let calendar = feeds.first(where: { $0.id == spec.feed })?.adventCalendar else { return nil }
            let parts = calendar.split(separator: "/")
            guard parts.count == 2 else { return nil }
            let name = "Qiita Advent Calendar \(parts[0]) (\(parts[1]))"
            return [.en: name, .ja: name]
        case .leaveNow, .serviceStatus:
            return nil
        }
    }
}
