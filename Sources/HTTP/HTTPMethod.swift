/// An HTTP request method such as `GET` or `POST`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the wire, e.g. `"GET"`.
    public let rawValue: String

    /// A method from its token; tokens are case-sensitive (`"GET"`, not `"get"`).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `GET`: fetch a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: like `GET` without a body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`: submit a body.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource with the body.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")

    /// The method token.
    public var description: String { rawValue }
}
