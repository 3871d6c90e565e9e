import Messages
import Notifications
import Timetable
/// Why a rule did or did not fire: lines collected only when explaining, as catalogue messages
/// (rendered when shown: `explain` in the reader's language, `--json` and the logs in English, the
/// rule history stores them language-neutral). Nothing is made when not explaining.
struct Trace {
    let enabled: Bool
    private(set) var lines: [Message] = []

    init(enabled: Bool) { self.enabled = enabled }

    mutating func note(_ line: @autoclosure () -> Message) {
        if enabled { lines.append(line()) }
    }

    mutating func note(_ key: MessageKey, _ arguments: @autoclosure () -> [String: MessageArgument] = [:]) {
        if enabled { lines.append(Message(key, arguments())) }
    }
}

/// What evaluating one rule produced.
struct RuleOutcome {
    /// Notifications due now, in order, each with how it is recorded in the rule's state.
    var due: [DueNotice] = []
    /// The next instant this rule could produce something on its own (without new facts).
    var nextWakeUp: Int64?
    /// The unknown service date a leave-now rule stopped at: departures from its start on are
    /// not notified (their timetable could not be loaded).
    var unknown: UnknownServiceDate?

    mutating func wake(at instant: Int64) {
        nextWakeUp = min(nextWakeUp ?? instant, instant)
    }

    /// Adds what another evaluation found (its notifications after these, its wake-up).
    mutating func take(_ other: RuleOutcome) {
        due += other.due
        if let next = other.nextWakeUp { wake(at: next) }
    }
}

/// A notification an evaluation found due: how it marks the rule's state as handled, until when
/// that mark is kept, and the notification (made, or to be made if the gate lets it through; none
/// when it is only recorded as handled, superseded by a later one for the same departure).
struct DueNotice {
    /// What marks it handled: a leave-now occurrence, or a key (every other kind of notification).
    enum Mark {
        case occurrence(instant: Int64, labels: KeyLabels, offset: Int32)
        case key(String)
    }

    enum Body {
        /// Made already; with a leave time to remember as told (`RuleState.announced`, by its
        /// `…/moved` key) once it passes the engine's gate. (Boxed: the plain case stays small.)
        indirect case notice(Notice, announce: (key: String, leave: AnnouncedLeave)?)
        /// A leave-now notification of the departure at `position` of those the rule's group takes,
        /// at the heads-up at index `headsUp`, made (from `PreparedMessages`) only when sent.
        case leaveNow(position: Int32, headsUp: Int32, leaveAt: Int64, rainy: Bool)
        /// Recorded as handled, not delivered.
        case none
    }

    var mark: Mark
    /// When the mark can be forgotten.
    var forgetAfter: Int64
    /// After this instant it must not be delivered.
    var expiresAt: Int64?
    var body: Body

    init(mark: Mark, forgetAfter: Int64, expiresAt: Int64?, body: Body) {
        self.mark = mark
        self.forgetAfter = forgetAfter
        self.expiresAt = expiresAt
        self.body = body
    }

    /// A notification made already, marked by its key unless `mark` says otherwise.
    init(mark: Mark? = nil, forgetAfter: Int64, notice: Notice, announce: (key: String, leave: AnnouncedLeave)? = nil) {
        self.init(mark: mark ?? .key(notice.key), forgetAfter: forgetAfter, expiresAt: notice.expiresAt, body: .notice(notice, announce: announce))
    }
}
