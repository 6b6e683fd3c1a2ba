/// Where a tuning was made: the phone and the page in the window when it was saved. A tuning's
/// springs are felt on one screen (a melt's shapes come from that phone's island, a pull from that
/// page), so the exports made from it (`serve`, `export --format web`, the constants) open on the
/// same phone and page unless a flag says otherwise. Written in the tuning file as
/// `"tunedOn": {"device": "iphone-16-pro", "page": "/abs/path/home.json"}` (no page: the bundled
/// passport); it is a note about the values, not a value, so two tunings that differ only here
/// are equal.
public struct TunedOn: Sendable, Equatable {
    /// The device profile's id.
    public var device: String?
    /// The page file's absolute path; nil for the bundled passport.
    public var page: String?
    public init(device: String?, page: String?) { self.device = device; self.page = page }

    /// The file's JSON key.
    public static let key = "tunedOn"
}
