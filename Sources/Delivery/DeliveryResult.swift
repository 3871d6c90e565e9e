/// The result of one ``DeliveryJob``: what happened and when to try again.
public struct DeliveryResult: Sendable, Equatable {
    /// The job as given.
    public var job: DeliveryJob
    /// What happened.
    public var outcome: DeliveryOutcome
    /// When to try again (seconds since the epoch): after a retryable failure within the attempt
    /// budget, or when the rate limit allows. Nil when finished: delivered, permanent, expired,
    /// or dead (the last attempt failed).
    public var nextAttemptAt: Int64?

    /// A result.
    public init(job: DeliveryJob, outcome: DeliveryOutcome, nextAttemptAt: Int64?) {
        self.job = job
        self.outcome = outcome
        self.nextAttemptAt = nextAttemptAt
    }

    /// The attempt number the next try carries: the same after a deferral, one more after a retry.
    public var nextAttempt: Int { outcome.countsAsAttempt ? job.attempt + 1 : job.attempt }

}
