import Config
import Foundation
import Messages
import Notifications
import Timetable

/// The notices of the worker's health: one when a problem starts, one when it ends, to the
/// `health:` section's channels, in its language. Their keys name the problem and the instant its
/// episode began (`@health/board/ginza-live/1734831180`, `…/resolved`), so the outbox refuses one
/// twice whatever happens between the check and the commit.
enum HealthNotices {
    /// The rule name the notices are queued under: `@` keeps it apart from every rule id.
    static let rule = "@health"

    /// The notice of a problem that began.
    static func problem(_ problem: HealthProblem, since: Int64, spec: HealthSpec, now: Int64) -> Notice {
        let clock = Self.clock(spec)
        let language = Self.language(spec)
        return notice(key: key(problem.kind, problem.subject, since: since), spec: spec, now: now,
                      title: Message(.healthTitleProblem, ["subject": .message(problem.subjectMessage)]).rendered(in: language),
                      text: problem.summary(clock: clock).rendered(in: language))
    }

    /// The notice of a problem that ended (known by its episode: the worker may have restarted since).
    static func resolved(kind: HealthProblem.Kind, subject: String, since: Int64, spec: HealthSpec, now: Int64) -> Notice {
        let clock = Self.clock(spec)
        let language = Self.language(spec)
        let what = HealthProblem.subjectMessage(kind, subject)
        return notice(key: key(kind, subject, since: since) + "/resolved", spec: spec, now: now,
                      title: Message(.healthTitleResolved, ["subject": .message(what)]).rendered(in: language),
                      text: Message(.healthResolvedText, ["subject": .message(what), "since": .text(clock.iso8601(since)),
                                                          "until": .text(clock.iso8601(now))]).rendered(in: language))
    }

    private static func notice(key: String, spec: HealthSpec, now: Int64, title: String, text: String) -> Notice {
        Notice(key: key, rule: rule, kind: .health, fireAt: now, expiresAt: nil, channels: spec.channels, urgency: spec.urgency,
               language: spec.language, title: title, text: text)
    }

    /// `@health/<kind>/<subject>/<since>`, the subject percent-encoded (a source label in Japanese, a
    /// space), so the key stays a valid `Idempotency-Key` header.
    static func key(_ kind: HealthProblem.Kind, _ subject: String, since: Int64) -> String {
        let token = subject.addingPercentEncoding(withAllowedCharacters: keyCharacters) ?? subject
        return "\(rule)/\(kind.rawValue)/\(token)/\(since)"
    }

    /// What a key's subject keeps as it is.
    private static let keyCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._")

    /// The clock of the section's timezone.
    static func clock(_ spec: HealthSpec) -> ZoneClock {
        ZoneClock(identifier: spec.timeZone) ?? ZoneClock(identifier: "Asia/Tokyo")!
    }

    /// The section's language for ``Message``.
    static func language(_ spec: HealthSpec) -> Language {
        spec.language == .ja ? .japanese : .english
    }
}
