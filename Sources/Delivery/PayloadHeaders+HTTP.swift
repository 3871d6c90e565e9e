import Channels
import HTTP

extension HTTPHeaders {
    /// The HTTP request headers of a channel payload, in order.
    public init(_ payload: PayloadHeaders) {
        self.init(payload.map { HTTPHeaders.Field(name: $0.name, value: $0.value) })
    }
}
