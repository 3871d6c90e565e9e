import Foundation

/// Settings shared by every request of a client.
public struct HTTPClientConfiguration: Sendable {
    /// Which proxy requests go through.
    public enum Proxy: Sendable, Equatable {
        /// libcurl's default: `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy` from the
        /// environment.
        case environment
        /// No proxy, whatever the environment says.
        case direct
        /// This proxy URL (e.g. `http://proxy.example:3128`).
        case url(String)
    }

    /// The `User-Agent` header; a request's own `User-Agent` header wins.
    public var userAgent: String
    /// A transfer slower than this many bytes per second for ``lowSpeedTime`` is a stall and
    /// fails with ``HTTPError/Code/timeout``.
    public var lowSpeedLimit: Int
    /// How long a transfer may stay below ``lowSpeedLimit``.
    public var lowSpeedTime: Duration
    /// How many idle connections an easy-interface client keeps for reuse.
    public var maxIdleConnections: Int
    /// The proxy; the environment's by default.
    public var proxy: Proxy
    /// The clock that stamps ``HTTPResponse/receivedAt``.
    public var now: @Sendable () -> Date

    /// The default `User-Agent`.
    public static let defaultUserAgent = "leavenow/0.1 (+https://github.com/leavenow/leavenow)"

    /// Settings; by default a stall is under 10 bytes/s for 30 s.
    public init(
        userAgent: String = HTTPClientConfiguration.defaultUserAgent,
        lowSpeedLimit: Int = 10,
        lowSpeedTime: Duration = .seconds(30),
        maxIdleConnections: Int = 4,
        proxy: Proxy = .environment,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.userAgent = userAgent
        self.lowSpeedLimit = lowSpeedLimit
        self.lowSpeedTime = lowSpeedTime
        self.maxIdleConnections = maxIdleConnections
        self.proxy = proxy
        self.now = now
    }
}
