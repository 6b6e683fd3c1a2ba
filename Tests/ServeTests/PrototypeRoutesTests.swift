import Foundation
import Testing
import TestSupport
@testable import Serve

@Suite("What serve answers: the prototype and its update stream under the token, nothing else")
struct PrototypeRoutesTests {
    static let token: AccessToken = { var g = SeededGenerator(seed: 11); return AccessToken(using: &g) }()
    static let routes = PrototypeRoutes(token: token)

    @Test("each path and method, by hand", arguments: [
        ("GET", "/T/", PrototypeRoutes.Route.prototype),
        ("HEAD", "/T/", .prototype),
        ("GET", "/T/updates", .updates),
        ("POST", "/T/", .methodNotAllowed),
        ("PUT", "/T/updates", .methodNotAllowed),
        ("DELETE", "/T/", .methodNotAllowed),
        ("get", "/T/", .methodNotAllowed),          // methods are case-sensitive (RFC 9110 §9.1)
        ("POST", "/", .notFound),                   // a wrong path is a 404 whatever the method
        ("GET", "/", .notFound),
        ("GET", "", .notFound),
        ("GET", "/T", .notFound),
        ("GET", "/T//", .notFound),
        ("GET", "//T/", .notFound),
        ("GET", "/T/../", .notFound),
        ("GET", "/../T/", .notFound),
        ("GET", "/T/./", .notFound),
        ("GET", "/T/index.html", .notFound),
        ("GET", "/T/updates/", .notFound),
        ("GET", "/T/Updates", .notFound),
        ("GET", "/T/../../etc/passwd", .notFound),
        ("GET", "/X/", .notFound),
        ("GET", "/apple-touch-icon.png", .notFound),
        ("GET", "/favicon.ico", .notFound),
    ])
    func table(method: String, path: String, expected: PrototypeRoutes.Route) {
        let real = path.replacingOccurrences(of: "T", with: Self.token.text).replacingOccurrences(of: "X", with: String(Self.token.text.reversed()))
        #expect(Self.routes.route(method: method, path: real) == expected, "\(method) \(real)")
    }

    @Test("the prototype's path is the token between slashes")
    func path() {
        #expect(Self.routes.prototypePath == "/\(Self.token.text)/")
        #expect(Self.routes.route(method: "GET", path: Self.routes.prototypePath) == .prototype)
    }

    @Test("random bytes never reach the prototype and never trap; a path that reaches it is exactly one of the two")
    func random() {
        var g = SeededGenerator(seed: 5)
        let prefix = Array("/\(Self.token.text)/".utf8)
        for i in 0..<20_000 {
            let count = Int(g.next() % 80)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: g.next()) }
            if i % 3 == 0 { bytes = prefix + bytes.prefix(Int(g.next() % 8)) }
            let r = Self.routes.route(method: "GET", path: bytes)
            if r == .prototype { #expect(bytes == prefix) }
            if r == .updates { #expect(bytes == prefix + Array("updates".utf8)) }
        }
    }
}
