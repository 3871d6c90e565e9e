/// An entry of `feeds:`: an Atom / RSS URL or a Qiita Advent Calendar.
public struct FeedSpec: Sendable, Equatable {
    public var id: String
    /// The feed's URL (for an Advent Calendar, its `/feed` URL).
    public var url: String
    /// `2024/ios` when the feed is a Qiita Advent Calendar.
    public var adventCalendar: String?
    /// How often to fetch (default 15 minutes).
    public var refreshSeconds: Int
    public var location: ConfigLocation
}
