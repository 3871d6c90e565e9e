/// `service_status`: tell the user when a watched line's service is disrupted (and, optionally,
/// when it is back to normal), once per disruption episode.
///
/// ```yaml
/// - id: ginza-line-disruption
///   kind: service_status
///   status: tokyo-metro          # an `odpt: service_status:` id (default: the board's `status:`)
///   lines: [銀座線]               # titles (ja / en) or railway ids; or `board: ginza` for that board's lines
///   when: [delayed, suspended]   # default; `other` is a status that is neither
///   notify_recovery: true        # also when the line is back to normal (default false)
///   max_age: 15m                 # a snapshot older than this is not used (default 3 × the source's refresh)
///   channels: [phone]
/// ```
public struct ServiceStatusRuleSpec: Sendable {
    /// The service status source's id; nil = the `status:` of `board`.
    public var status: String?
    /// The board whose lines are watched (and whose `status:` is used when `status` is nil).
    public var board: String?
    /// The lines watched, as titles (銀座線, Ginza Line) or railway ids (odpt.Railway:TokyoMetro.Ginza);
    /// nil = the board's lines, or every railway of the operator when no board is given.
    public var lines: [String]?
    /// The statuses that notify (default delayed and suspended).
    public var when: Set<ServiceStatusCondition>
    /// Also notify when an episode ends (the line is back to normal).
    public var notifyRecovery: Bool
    /// A snapshot older than this is not used; nil = 3 × the source's refresh.
    public var maxAgeSeconds: Int?

    public init(status: String? = nil, board: String? = nil, lines: [String]? = nil,
                when: Set<ServiceStatusCondition> = [.delayed, .suspended], notifyRecovery: Bool = false, maxAgeSeconds: Int? = nil) {
        self.status = status
        self.board = board
        self.lines = lines
        self.when = when
        self.notifyRecovery = notifyRecovery
        self.maxAgeSeconds = maxAgeSeconds
    }
}

/// A status a `service_status` rule can watch for.
public enum ServiceStatusCondition: String, Sendable, CaseIterable, Codable {
    case delayed, suspended, other
}
