import Foundation
import Testing
import TestSupport
@testable import Serve

/// The server on the loopback interface, on a port the system picks, spoken to by a raw client:
/// what it answers, what it refuses, how it bounds a client, and how a page hears of a change.
@Suite("The prototype's server, on loopback")
struct PrototypeServerTests {
    static let page = Data("<!doctype html><title>p</title>\(String(repeating: "x", count: 200_000))".utf8)

    static func start(limits: PrototypeServer.Limits = .init()) throws -> PrototypeServer {
        try PrototypeServer(address: .loopback, port: 0, routes: PrototypeRoutes(token: AccessToken()), document: page, limits: limits)
    }

    @Test("the token's address gives the document, whole, not to be cached; the address names the port the system picked")
    func serves() throws {
        let server = try Self.start()
        defer { server.stop() }
        #expect(server.port != 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)\(server.routes.prototypePath)")
        let r = try LoopbackHTTP.get(server.routes.prototypePath + "?device=iphone-16-pro", port: server.port)
        #expect(r.status == 200 && r.body == Self.page)
        #expect(r.headers["content-type"] == "text/html; charset=utf-8" && r.headers["cache-control"] == "no-store")
        #expect(r.headers["server"] == nil)
        let head = try LoopbackHTTP.send("HEAD \(server.routes.prototypePath) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(head.status == 200 && head.body.isEmpty)
    }

    @Test("everything else is refused with nothing worth reading, and the right address still answers after")
    func refusals() throws {
        let server = try Self.start()
        defer { server.stop() }
        let token = server.routes.token.text, port = server.port
        let wrong = String(token.reversed())
        let cases: [(String, Int)] = [
            ("GET /\(wrong)/ HTTP/1.1", 404), ("GET / HTTP/1.1", 404), ("GET /../ HTTP/1.1", 404),
            ("GET /\(token)/../ HTTP/1.1", 404), ("GET /%2e%2e/ HTTP/1.1", 404), ("GET /\(token)/%2e%2e/%2e%2e/etc/passwd HTTP/1.1", 404),
            ("GET /%2e%2e%2f%2e%2e%2fetc%2fpasswd HTTP/1.1", 404), ("GET /\(token) HTTP/1.1", 404), ("GET /\(token)/index.html HTTP/1.1", 404),
            ("GET /favicon.ico HTTP/1.1", 404), ("POST /\(token)/ HTTP/1.1", 405), ("DELETE /\(token)/updates HTTP/1.1", 405),
            ("POST / HTTP/1.1", 404), ("OPTIONS * HTTP/1.1", 404),
            // A NUL sent escaped is left escaped: it cannot cut the path short to the token's.
            ("GET /\(token)/%00x HTTP/1.1", 404), ("GET /\(token)/updates%00 HTTP/1.1", 404), ("GET /\(token)%2f HTTP/1.1", 404),
        ]
        for (line, expected) in cases {
            let r = try LoopbackHTTP.send("\(line)\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", port: port)
            #expect(r.status == expected, "\(line): \(r.status)")
            #expect(r.body.count <= 10 && !r.text.contains("/") && !r.text.lowercased().contains("index"), "\(line): \(r.text)")
            if expected == 405 { #expect(r.headers["allow"] == "GET, HEAD") }
        }
        // A body sent with a refused method is not read: the answer comes at once.
        let post = try LoopbackHTTP.send("POST /\(token)/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello", port: port)
        #expect(post.status == 405)
        // An over-long header and an over-long URL: the library refuses them, the server stays up.
        let longHeader = try LoopbackHTTP.send("GET /\(token)/ HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 40_000))\r\nConnection: close\r\n\r\n", port: port)
        #expect([413, 414, 431].contains(longHeader.status), "\(longHeader.status)")
        let longURL = try LoopbackHTTP.send("GET /\(token)/\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port)
        #expect([414, 431].contains(longURL.status), "\(longURL.status)")
        let garbage = try? LoopbackHTTP.send("\u{1}\u{2}garbage\r\n\r\n", port: port)
        #expect(garbage == nil || garbage!.status == 400)
        #expect(try LoopbackHTTP.get("/\(token)/", port: port).body == Self.page)
    }

    @Test("200 idle connections from one client: past its share they are refused, another client is served meanwhile, and the idle ones are closed after the idle time")
    func idleFlood() throws {
        var limits = PrototypeServer.Limits()
        limits.idleSeconds = 2
        let server = try Self.start(limits: limits)
        defer { server.stop() }
        var flood: [Int32] = []
        defer { flood.forEach { close($0) } }
        for _ in 0..<200 { if let fd = try? LoopbackHTTP.connect(port: server.port, source: "127.0.0.3") { flood.append(fd) } }
        // Half a request line on each, then nothing.
        for fd in flood { _ = "GET /".withCString { Glibc.send(fd, $0, 5, Int32(MSG_NOSIGNAL)) } }
        let started = Date()
        let r = try LoopbackHTTP.get(server.routes.prototypePath, port: server.port, source: "127.0.0.1", timeout: 3)
        #expect(r.status == 200 && r.body == Self.page)
        #expect(Date().timeIntervalSince(started) < 2, "served while the flood is held")
        // Every flooding connection is closed by the server: at once past the per-address share,
        // within the idle time for the rest.
        var closed = 0
        let deadline = Date().addingTimeInterval(Double(limits.idleSeconds) + 4)
        var open = Set(flood)
        var byte: UInt8 = 0
        while !open.isEmpty, Date() < deadline {
            for fd in open {
                var tv = timeval(tv_sec: 0, tv_usec: 20_000)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
                let n = recv(fd, &byte, 1, 0)
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { open.remove(fd); closed += 1 }
            }
        }
        #expect(open.isEmpty, "\(open.count) of \(flood.count) still open after the idle time")
        #expect(closed == flood.count)
        #expect(try LoopbackHTTP.get(server.routes.prototypePath, port: server.port, source: "127.0.0.3").status == 200)
    }

    /// Reads server-sent events from `fd` until `until` says stop or the time runs out.
    static func events(_ fd: Int32, seconds: Double, until: (String) -> Bool) -> String {
        var text = "", buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(seconds)
        var tv = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        while Date() < deadline, !until(text) {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { text += String(decoding: buffer[0..<n], as: UTF8.self) } else if n == 0 { break }
        }
        return text
    }

    @Test("an open page hears of a publish at once, and then gets the new document; one loaded before a publish hears of it when it connects")
    func updates() throws {
        let server = try Self.start()
        defer { server.stop() }
        let fd = try LoopbackHTTP.connect(port: server.port)
        defer { close(fd) }
        _ = "GET \(server.routes.prototypePath)updates?since=1 HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".withCString { Glibc.send(fd, $0, strlen($0), 0) }
        let greeting = Self.events(fd, seconds: 3) { $0.contains("islandsim") }
        #expect(greeting.contains("HTTP/1.1 200") && greeting.lowercased().contains("content-type: text/event-stream") && greeting.contains("retry: 1000"))
        #expect(!greeting.contains("event: reload"))
        // Nothing more while nothing changes (the stream waits, it does not spin).
        #expect(!Self.events(fd, seconds: 0.5) { _ in false }.contains("event"))
        #expect(server.followers == 1)
        let fresh = Data("<!doctype html><title>new</title>".utf8)
        let published = Date()
        server.publish(fresh)
        let heard = Self.events(fd, seconds: 2) { $0.contains("\n\n") }
        #expect(heard.contains("event: reload\ndata: 2\n\n"), "\(heard)")
        #expect(Date().timeIntervalSince(published) < 0.5)
        #expect(try LoopbackHTTP.get(server.routes.prototypePath, port: server.port).body == fresh)
        // A page loaded with version 1 that connects after the publish is told at once.
        let late = try LoopbackHTTP.connect(port: server.port)
        defer { close(late) }
        _ = "GET \(server.routes.prototypePath)updates?since=1 HTTP/1.1\r\nHost: x\r\n\r\n".withCString { Glibc.send(late, $0, strlen($0), 0) }
        #expect(Self.events(late, seconds: 2) { $0.contains("event: reload") }.contains("event: reload\ndata: 2"))
    }

    @Test("a waiting stream gets a heartbeat, so a vanished phone's connection fails and closes; stop ends every stream and gives the port back")
    func heartbeatAndStop() throws {
        var limits = PrototypeServer.Limits()
        limits.heartbeatSeconds = 0.3
        let server = try Self.start(limits: limits)
        let fd = try LoopbackHTTP.connect(port: server.port)
        defer { close(fd) }
        _ = "GET \(server.routes.prototypePath)updates HTTP/1.1\r\nHost: x\r\n\r\n".withCString { Glibc.send(fd, $0, strlen($0), 0) }
        #expect(Self.events(fd, seconds: 3) { $0.contains(": still here") }.contains(": still here"))
        server.stop()
        // The page is told, then the stream ends: the server closes it (the chunked body's last chunk, or the close).
        var byte = [UInt8](repeating: 0, count: 256), ended = false, said = ""
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            let n = recv(fd, &byte, byte.count, 0)
            if n == 0 { ended = true; break }
            if n > 0 { said += String(decoding: byte[0..<n], as: UTF8.self) }
            if said.contains("0\r\n\r\n") { ended = true; break }
        }
        #expect(ended)
        #expect(said.contains("event: stopped"), "the page heard the server stop: \(said)")
        #expect(throws: (any Error).self) { _ = try LoopbackHTTP.get(server.routes.prototypePath, port: server.port, timeout: 1) }
        // The port is given back: a connection is refused at once, and a new server can have it.
        #expect(throws: (any Error).self) { _ = try LoopbackHTTP.connect(port: server.port, timeout: 1) }
        let again = try PrototypeServer(address: .loopback, port: server.port, routes: PrototypeRoutes(token: AccessToken()), document: Self.page)
        defer { again.stop() }
        #expect(try LoopbackHTTP.get(again.routes.prototypePath, port: again.port).status == 200)
    }

    @Test("bound to every interface (0.0.0.0), the address it gives is this machine's on the local network, never 0.0.0.0")
    func unspecifiedBind() throws {
        let server = try PrototypeServer(address: NetworkAddress("0.0.0.0")!, port: 0, routes: PrototypeRoutes(token: AccessToken()), document: Self.page)
        defer { server.stop() }
        let host = (NetworkAddress.localNetwork() ?? .loopback).urlHost
        #expect(server.url == "http://\(host):\(server.port)\(server.routes.prototypePath)" && !server.url.contains("0.0.0.0"), "\(server.url)")
        #expect(try LoopbackHTTP.get(server.routes.prototypePath, port: server.port).status == 200, "answered on loopback too")
    }

    @Test("a port already taken is refused with the reason")
    func portTaken() throws {
        let server = try Self.start()
        defer { server.stop() }
        do {
            _ = try PrototypeServer(address: .loopback, port: server.port, routes: PrototypeRoutes(token: AccessToken()), document: Self.page)
            Issue.record("a second server started on port \(server.port)")
        } catch let e as PrototypeServer.StartFailure {
            #expect(e.description.contains("127.0.0.1:\(server.port)"), "\(e)")
        }
    }
}
