/// How long the phases of a transfer took, measured by libcurl from the start of the transfer.
public struct HTTPTiming: Sendable, Equatable {
    /// Until the host name was resolved.
    public var nameLookup: Duration
    /// Until the TCP connection was made.
    public var connect: Duration
    /// Until the TLS handshake finished (zero for plain http or a reused connection).
    public var tlsHandshake: Duration
    /// Until the first byte of the answer arrived.
    public var firstByte: Duration
    /// The whole transfer, redirects included.
    public var total: Duration
    /// How many redirects were followed.
    public var redirectCount: Int

    /// Timings in the order libcurl reports them.
    public init(
        nameLookup: Duration = .zero, connect: Duration = .zero, tlsHandshake: Duration = .zero,
        firstByte: Duration = .zero, total: Duration = .zero, redirectCount: Int = 0
    ) {
        self.nameLookup = nameLookup
        self.connect = connect
        self.tlsHandshake = tlsHandshake
        self.firstByte = firstByte
        self.total = total
        self.redirectCount = redirectCount
    }
}
