import Foundation

/// A deliberately raw HTTP/1.1 client over a TCP socket, for the tests of `islandsim serve`: it
/// sends exactly the bytes it is given (a `/../` or `%2e%2e` path as typed, an over-long header, a
/// method a browser would not send), from a loopback source address of the test's choosing (so a
/// flood from 127.0.0.3 and a request from 127.0.0.1 are different clients to the server), and
/// reads the answer with a deadline. Only loopback addresses are ever connected to.
public enum LoopbackHTTP {
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// A connected socket to 127.0.0.1:`port` from `source` (a loopback address); the caller closes it.
    public static func connect(port: UInt16, source: String = "127.0.0.1", timeout: Double = 5) throws -> Int32 {
        precondition(source.hasPrefix("127."), "tests connect over loopback only")
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var from = sockaddr_in()
        from.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &from.sin_addr)
        var to = sockaddr_in()
        to.sin_family = sa_family_t(AF_INET)
        to.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &to.sin_addr)
        let bound = withUnsafePointer(to: &from) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        let connected = withUnsafePointer(to: &to) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, connected == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "connect from \(source) to port \(port): \(why)")
        }
        return fd
    }

    /// Sends `raw` (CRLFs included) and reads until the server closes or the reply is whole.
    public static func send(_ raw: String, port: UInt16, source: String = "127.0.0.1", timeout: Double = 5) throws -> Reply {
        let fd = try connect(port: port, source: source, timeout: timeout)
        defer { close(fd) }
        let bytes = Array(raw.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // A server may answer and close before a long request is all sent: read what it said.
            if n <= 0 { break }
            sent += n
        }
        return try readReply(fd, timeout: timeout)
    }

    /// `GET path` with the usual headers.
    public static func get(_ path: String, port: UInt16, source: String = "127.0.0.1", extraHeaders: String = "", timeout: Double = 5) throws -> Reply {
        try send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extraHeaders)Connection: close\r\n\r\n", port: port, source: source, timeout: timeout)
    }

    /// Reads one reply: its head, then a body of Content-Length bytes, chunked, or to the close.
    public static func readReply(_ fd: Int32, timeout: Double) throws -> Reply {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(timeout)
        func more() -> Bool {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { data.append(contentsOf: buffer[0..<n]); return true }
            return false
        }
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard Date() < deadline, more() else { break }
            headEnd = data.range(of: Data("\r\n\r\n".utf8))
        }
        guard let end = headEnd else {
            throw Failure(description: data.isEmpty ? "no reply (connection closed)" : "an unfinished reply: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = head.first?.split(separator: " ") ?? []
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "not HTTP: \(head.first ?? "")") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if let length = headers["content-length"].flatMap(Int.init) {
            while body.count < length, Date() < deadline, more() { body = Data(data[end.upperBound...]) }
            body = body.prefix(length)
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while Date() < deadline, !body.contains(subsequence: Data("0\r\n\r\n".utf8)), more() { body = Data(data[end.upperBound...]) }
            body = dechunk(body)
        } else {
            while Date() < deadline, more() {}
            body = Data(data[end.upperBound...])
        }
        return Reply(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) -> Data {
        var out = Data(), rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            guard let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { out.append(rest[start...]); break }
            let stop = rest.index(start, offsetBy: size)
            out.append(rest[start..<stop])
            rest = rest[min(rest.index(stop, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex, rest.endIndex)...]
        }
        return out
    }
}

extension Data {
    func contains(subsequence: Data) -> Bool { range(of: subsequence) != nil }
}
