import HTTP

/// How a ``Dispatcher`` sends: connection pool, time limits, retries.
public struct DispatcherConfiguration: Sendable {
    /// The most connections open at once, to all channels together (reused between calls).
    public var maxConnections: Int
    /// The most connections to one host (Slack, Discord and ntfy each get their own share).
    public var maxConnectionsPerHost: Int?
    /// The longest time to connect (DNS, TCP, TLS).
    public var connectTimeout: Duration
    /// The longest time for one request; a slower one is a timeout, retried.
    public var requestTimeout: Duration
    /// The largest response body read (answers to notifications are short).
    public var maxResponseBytes: Int
    /// The `User-Agent` header.
    public var userAgent: String
    /// The proxy; the environment's by default.
    public var proxy: HTTPClientConfiguration.Proxy
    /// When failures are tried again.
    public var retrySchedule: RetrySchedule
    /// The program desktop notifications are shown with.
    public var notifySend: String
    /// The longest run of `notify-send`.
    public var desktopTimeout: Duration

    /// Settings: by default 16 connections, 5 s to connect, 15 s per request, 64 KiB answers.
    public init(
        maxConnections: Int = 16,
        maxConnectionsPerHost: Int? = nil,
        connectTimeout: Duration = .seconds(5),
        requestTimeout: Duration = .seconds(15),
        maxResponseBytes: Int = 64 * 1024,
        userAgent: String = HTTPClientConfiguration.defaultUserAgent,
        proxy: HTTPClientConfiguration.Proxy = .environment,
        retrySchedule: RetrySchedule = RetrySchedule(),
        notifySend: String = "notify-send",
        desktopTimeout: Duration = .seconds(10)
    ) {
        self.maxConnections = maxConnections
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.userAgent = userAgent
        self.proxy = proxy
        self.retrySchedule = retrySchedule
        self.notifySend = notifySend
        self.desktopTimeout = desktopTimeout
    }
}
