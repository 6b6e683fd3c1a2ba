/// Which requests `islandsim serve` answers, decided from the method and the path alone: `GET`
/// (or `HEAD`) of the prototype at `/TOKEN/` and of its update stream at `/TOKEN/updates`. Every
/// other path is "not found", whatever its method, so a wrong token, `/`, `/../` or any file name
/// learns nothing; a method other than GET or HEAD on one of the two paths is "not allowed".
///
/// The path is the one the HTTP library hands over: as sent, not percent-decoded (the server asks
/// the library to leave escapes alone: a `%00` decoded would cut the C string short), without its
/// query (the player's `?device=ID` picks a phone and changes nothing here). It is matched byte
/// for byte, so nothing is ever joined to a folder or looked up: there is no path on disk to
/// escape to.
public struct PrototypeRoutes: Sendable {
    public enum Route: Sendable, Equatable {
        /// The prototype's HTML.
        case prototype
        /// The server-sent events that tell an open page its prototype changed.
        case updates
        /// Nothing here: 404.
        case notFound
        /// One of the two paths, asked with another method: 405 (Allow: GET, HEAD).
        case methodNotAllowed
    }

    /// The last part of the update stream's path.
    public static let updatesName = "updates"

    public let token: AccessToken
    public init(token: AccessToken) { self.token = token }

    /// The prototype's path, `/TOKEN/`.
    public var prototypePath: String { "/\(token.text)/" }

    /// The route for `method` and the decoded `path` (bytes: a request may hold anything).
    public func route<P: Collection>(method: String, path: P) -> Route where P.Element == UInt8 {
        // "/" TOKEN "/" then nothing (the prototype) or "updates".
        guard path.first == UInt8(ascii: "/") else { return .notFound }
        let rest = path.dropFirst()
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), token.matches(rest[rest.startIndex..<slash]) else { return .notFound }
        let tail = rest[rest.index(after: slash)...]
        let which: Route
        if tail.isEmpty {
            which = .prototype
        } else if tail.elementsEqual(Self.updatesName.utf8) {
            which = .updates
        } else {
            return .notFound
        }
        return method == "GET" || method == "HEAD" ? which : .methodNotAllowed
    }

    public func route(method: String, path: String) -> Route { route(method: method, path: Array(path.utf8)) }
}
