import Foundation
import Messages
import Timetable

/// One thing wrong with the worker or its data, as the health check finds it: what, about which
/// board / source / channel, since when, and why. The worker notifies the `health:` channels once
/// when a problem starts and once when it ends (``HealthEpisodes``); `status` lists the problems at
/// its top and exits 1 while there is any.
public struct HealthProblem: Sendable, Equatable {
    /// What kind of problem.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A board has no loadable source: its rules cannot fire.
        case board
        /// A service date a leave-now rule needs is unknown (its timetable could not be loaded):
        /// the rule notifies nothing from that date on.
        case timetable
        /// A source has been failing, or its refresh overdue, for longer than the limit.
        case source
        /// A feed's service has ended, or ends within the limit.
        case feed
        /// A channel failed the limit's number of attempts in a row.
        case channel
        /// A channel's secret is missing: its notifications are held.
        case secret
        /// The worker could not commit its state.
        case commit
        /// The worker is not running (only `status` says this: a dead worker tells no one), or on a
        /// shared state partitions of the rules have no live worker.
        case worker
    }

    public var kind: Kind
    /// The board, source or channel id (for ``Kind/feed``: `board/source label`; ``Kind/commit``:
    /// `state`; ``Kind/timetable``: the board).
    public var subject: String
    /// ``subject`` for people when it holds words (a feed's source label: `kawasaki-west/gtfs-jp-rinkobus
    /// 停留所 1510-57` in Japanese); nil: the subject as it is.
    public var subjectText: Message?
    /// When it began, as far as is known (seconds since the epoch); nil when nobody saw it begin
    /// (`status` without the worker's episode: it began before now, when is not known).
    public var since: Int64?
    /// Why, for people: the failures, the last error, the missing secret.
    public var detail: Message
    /// Not a problem yet: the condition holds, but not for as long as its limit (a source failing
    /// since its first fetch, a board waiting for its first timetable). The worker opens its episode
    /// now, without a notice, so the limit counts from here; `status` does not list it.
    public var isPending = false
    /// Not a problem: nothing a rule needs is concerned (a board, source or channel no rule uses:
    /// ``HealthDependencies``). `status` lists it as information and stays healthy; the worker tells
    /// no one.
    public var isInformation = false

    public init(kind: Kind, subject: String, since: Int64?, detail: Message) {
        self.kind = kind
        self.subject = subject
        self.since = since
        self.detail = detail
    }

    /// The episode's identity: `board:ginza-live`, `source:weather-chofu`, `channel:hook`.
    public var id: String { Self.id(kind, subject) }

    /// The identity of a problem of `kind` about `subject`.
    public static func id(_ kind: Kind, _ subject: String) -> String { kind.rawValue + ":" + subject }

    /// What the problem is about, for titles: `board ginza-live`, `channel hook`.
    public var subjectMessage: Message {
        guard let subjectText else { return Self.subjectMessage(kind, subject) }
        return kind == .feed ? Message(.healthSubjectFeed, ["feed": .message(subjectText)]) : subjectText
    }

    /// ``subjectMessage`` of a problem known by its id only (a recovery after a restart).
    public static func subjectMessage(_ kind: Kind, _ subject: String) -> Message {
        switch kind {
        case .board, .timetable: return Message(.healthSubjectBoard, ["board": .text(subject)])
        case .source: return Message(.healthSubjectSource, ["source": .text(subject)])
        case .feed: return Message(.healthSubjectFeed, ["feed": .text(subject)])
        case .channel, .secret: return Message(.healthSubjectChannel, ["channel": .text(subject)])
        case .commit: return Message(.healthSubjectState)
        case .worker: return Message(.healthSubjectWorker)
        }
    }

    /// One line: `board ginza-live: no source could be loaded (…) (since …)` (`clock` gives the times).
    public func summary(clock: ZoneClock) -> Message {
        guard let since else { return Message(.healthProblemLineUndated, ["subject": .message(subjectMessage), "detail": .message(detail)]) }
        return Message(.healthProblemLine, ["subject": .message(subjectMessage), "detail": .message(detail), "since": .text(clock.iso8601(since))])
    }
}
