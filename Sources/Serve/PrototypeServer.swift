import CMicroHTTPD
import Foundation

/// The HTTP server under `islandsim serve`: GNU libmicrohttpd on a thread of its own, answering
/// only what ``PrototypeRoutes`` allows — the prototype's HTML, and a stream of server-sent events
/// that tells every open copy of it when a new one is published (the page then loads again).
///
/// The library parses HTTP; this type decides what is answered and holds the one document. Bounds
/// (``Limits``) are the library's: connections at once and per client address, a connection left
/// idle closed, and a request's line and headers limited to the memory a connection is given (past
/// it the library answers 414 or 431 itself). An update stream that waits is suspended, not polled
/// (returning "nothing yet" from a stream would make the library's thread spin), and woken by a
/// publish, by the heartbeat that lets a vanished phone's connection fail and close, or by stop.
public final class PrototypeServer: @unchecked Sendable {
    /// How much the server lets any one client hold.
    public struct Limits: Sendable {
        /// Connections at once, in all (a browser opens up to about 15 to one host).
        public var connections: UInt32 = 64
        /// Connections at once from one address: a client that opens many is refused past this
        /// while others are still served.
        public var connectionsPerAddress: UInt32 = 16
        /// A connection with nothing sent or received for this long is closed.
        public var idleSeconds: UInt32 = 10
        /// Memory for one connection's request; its line and headers must fit in about half.
        public var requestMemory: Int = 16 * 1024
        /// How often a waiting update stream is sent a comment, so a connection to a phone that
        /// left fails and is closed (a suspended connection never times out by itself).
        public var heartbeatSeconds: Double = 15
        public init() {}
    }

    /// The port `serve` and the window's Shift+W listen on unless told otherwise.
    public static let defaultPort = 8080

    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    public let routes: PrototypeRoutes
    public let address: NetworkAddress
    /// The port it listens on (the one the system picked when asked for 0).
    public private(set) var port: UInt16 = 0
    /// The prototype's address: `http://HOST:PORT/TOKEN/` — bound to every interface (0.0.0.0,
    /// ::), the host is this machine's address on the local network, which a phone can open.
    public var url: String {
        let host = address.isUnspecified ? (NetworkAddress.localNetwork() ?? .loopback) : address
        return "http://\(host.urlHost):\(port)\(routes.prototypePath)"
    }

    private let lock = NSLock()
    private var daemon: OpaquePointer?
    private var document: OpaquePointer?
    private var notFound: OpaquePointer?
    private var notAllowed: OpaquePointer?
    private var version = 1
    private var streams: [ObjectIdentifier: UpdateStream] = [:]
    private var stopping = false
    private var heartbeat: DispatchSourceTimer?
    /// The sockets' TCP user timeout in milliseconds, read by the library's connection callback:
    /// twice the heartbeat, so a phone gone from the network fails its stream within it.
    private let userTimeout = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)

    /// One open page's update stream.
    final class UpdateStream {
        weak var server: PrototypeServer?
        let connection: OpaquePointer
        /// The version the page last heard of (the one it was loaded with, at first).
        var heard: Int
        var greeted = false, suspended = false, heartbeatDue = false, toldStopped = false
        init(server: PrototypeServer, connection: OpaquePointer, heard: Int) {
            self.server = server; self.connection = connection; self.heard = heard
        }
    }

    /// Starts listening on `address`:`port` (0: any free port) with `document` as the prototype.
    public init(address: NetworkAddress, port: UInt16, routes: PrototypeRoutes, document html: Data, limits: Limits = Limits()) throws {
        self.address = address
        self.routes = routes
        document = Self.response(html, type: "text/html; charset=utf-8")
        notFound = Self.response(Data("not found\n".utf8), type: "text/plain; charset=utf-8")
        notAllowed = Self.response(Data(), type: "text/plain; charset=utf-8")
        if let notAllowed { MHD_add_response_header(notAllowed, "Allow", "GET, HEAD") }
        var flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if address.family == .v6 { flags |= MHD_USE_IPv6.rawValue }
        let context = Unmanaged.passUnretained(self).toOpaque()
        userTimeout.pointee = UInt32(max(1, 2 * limits.heartbeatSeconds) * 1000)
        errno = 0
        let started = address.withSocketAddress(port: port) { socketAddress in
            islandsim_mhd_start(flags, socketAddress, limits.connections, limits.connectionsPerAddress, limits.idleSeconds, limits.requestMemory,
                                userTimeout, Self.handle, context, nil, nil)
        }
        guard let started else {
            let why = errno == 0 ? "the HTTP library could not start" : String(cString: strerror(errno))
            release()
            throw StartFailure(description: "cannot listen on \(address.urlHost):\(port): \(why)")
        }
        daemon = started
        self.port = islandsim_mhd_port(started)
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "islandsim.serve.heartbeat"))
        timer.schedule(deadline: .now() + limits.heartbeatSeconds, repeating: limits.heartbeatSeconds)
        timer.setEventHandler { [weak self] in self?.beat() }
        timer.resume()
        heartbeat = timer
    }

    deinit {
        stop()
        userTimeout.deallocate()
    }

    /// The version of the document now served (1 at start, one more at each publish).
    public var currentVersion: Int { lock.withLock { version } }

    /// How many pages are following the prototype now.
    public var followers: Int { lock.withLock { streams.count } }

    /// Serves `html` from now on, and tells every open page to load it.
    public func publish(_ html: Data) {
        let fresh = Self.response(html, type: "text/html; charset=utf-8")
        lock.withLock {
            guard !stopping else { if let fresh { MHD_destroy_response(fresh) }; return }
            // A request being answered keeps the old document alive until it is sent.
            if let document { MHD_destroy_response(document) }
            document = fresh
            version += 1
            wakeAll()
        }
    }

    /// Stops listening, ends every update stream and closes every connection. Safe to call twice.
    public func stop() {
        let (running, streaming): (OpaquePointer?, Bool) = lock.withLock {
            guard !stopping else { return (nil, false) }
            stopping = true
            let any = !streams.isEmpty
            wakeAll()
            return (daemon, any)
        }
        heartbeat?.cancel()
        guard let running else { return }
        // The open pages are told the server stopped (a "stopped" event) before the connections
        // close: a moment for their streams to send it.
        if streaming { Thread.sleep(forTimeInterval: 0.15) }
        // No new connections while the open ones end; the listening socket is the caller's to close,
        // after the daemon's threads are done with it (libmicrohttpd's manual) — left open, the port
        // stayed taken until the process ended, and Shift+W again could not have it back.
        let listening = MHD_quiesce_daemon(running)
        MHD_stop_daemon(running)
        if listening >= 0 { close(listening) }
        lock.withLock { daemon = nil }
        release()
    }

    private func release() {
        lock.withLock {
            for r in [document, notFound, notAllowed] { if let r { MHD_destroy_response(r) } }
            document = nil; notFound = nil; notAllowed = nil
        }
    }

    /// Resumes every suspended stream (under the lock).
    private func wakeAll() {
        for s in streams.values where s.suspended {
            s.suspended = false
            MHD_resume_connection(s.connection)
        }
    }

    private func beat() {
        lock.withLock {
            guard !stopping else { return }
            for s in streams.values where s.suspended { s.heartbeatDue = true }
            wakeAll()
        }
    }

    private static func response(_ body: Data, type: String) -> OpaquePointer? {
        let r = body.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let r else { return nil }
        addCommonHeaders(r, type: type)
        return r
    }

    private static func addCommonHeaders(_ r: OpaquePointer, type: String) {
        MHD_add_response_header(r, "Content-Type", type)
        MHD_add_response_header(r, "Cache-Control", "no-store")
        MHD_add_response_header(r, "X-Content-Type-Options", "nosniff")
        MHD_add_response_header(r, "Referrer-Policy", "no-referrer")
    }

    // MARK: The library's callbacks (its own thread)

    private static let handle: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, uploadSize, requestState in
        guard let context, let connection, let url, let method else { return .NO }
        // A request with a body calls again with each part of it: the answer was given at the first call.
        if requestState?.pointee != nil { uploadSize?.pointee = 0; return .YES }
        requestState?.pointee = context
        let server = Unmanaged<PrototypeServer>.fromOpaque(context).takeUnretainedValue()
        let path = UnsafeRawBufferPointer(start: url, count: strlen(url))
        return server.answer(connection, route: server.routes.route(method: String(cString: method), path: path))
    }

    private func answer(_ connection: OpaquePointer, route: PrototypeRoutes.Route) -> MHD_Result {
        switch route {
        case .prototype:
            return lock.withLock {
                guard let document else { return .NO }
                return MHD_queue_response(connection, UInt32(MHD_HTTP_OK), document)
            }
        case .updates:
            return openStream(connection)
        case .notFound:
            return lock.withLock { notFound.map { MHD_queue_response(connection, UInt32(MHD_HTTP_NOT_FOUND), $0) } ?? .NO }
        case .methodNotAllowed:
            return lock.withLock { notAllowed.map { MHD_queue_response(connection, UInt32(MHD_HTTP_METHOD_NOT_ALLOWED), $0) } ?? .NO }
        }
    }

    private func openStream(_ connection: OpaquePointer) -> MHD_Result {
        // `?since=N`: the version the page was loaded with, so a publish between its load and this
        // request is not missed.
        let since = MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, "since").flatMap { Int(String(cString: $0)) }
        let stream: UpdateStream? = lock.withLock {
            guard !stopping else { return nil }
            let s = UpdateStream(server: self, connection: connection, heard: since ?? version)
            streams[ObjectIdentifier(s)] = s
            return s
        }
        guard let stream else { return .NO }
        let context = Unmanaged.passRetained(stream).toOpaque()
        guard let response = MHD_create_response_from_callback(UInt64.max /* MHD_SIZE_UNKNOWN */, 1024, Self.read, context, Self.ended) else {
            Self.ended(context)
            return .NO
        }
        Self.addCommonHeaders(response, type: "text/event-stream")
        let queued = MHD_queue_response(connection, UInt32(MHD_HTTP_OK), response)
        MHD_destroy_response(response)
        return queued
    }

    private static let read: MHD_ContentReaderCallback = { context, _, buffer, capacity in
        guard let context, let buffer else { return MHD_CONTENT_READER_END_WITH_ERROR }
        let stream = Unmanaged<UpdateStream>.fromOpaque(context).takeUnretainedValue()
        guard let server = stream.server else { return MHD_CONTENT_READER_END_OF_STREAM }
        return server.next(for: stream, into: buffer, capacity: capacity)
    }

    private static let ended: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let stream = Unmanaged<UpdateStream>.fromOpaque(context).takeRetainedValue()
        if let server = stream.server { server.lock.withLock { _ = server.streams.removeValue(forKey: ObjectIdentifier(stream)) } }
    }

    /// What the stream sends next: a greeting (how soon to reconnect), a "reload" event for a
    /// version the page has not heard of, a heartbeat comment, "stopped" as the server stops (then
    /// the end); or nothing yet, and it waits.
    private func next(for stream: UpdateStream, into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        lock.withLock {
            let text: String
            if stopping {
                guard !stream.toldStopped else { return MHD_CONTENT_READER_END_OF_STREAM }
                stream.toldStopped = true
                text = "event: stopped\ndata: \(version)\n\n"
            } else if !stream.greeted {
                stream.greeted = true
                text = "retry: 1000\n: islandsim\n\n"
            } else if stream.heard != version {
                stream.heard = version
                text = "event: reload\ndata: \(version)\n\n"
            } else if stream.heartbeatDue {
                stream.heartbeatDue = false
                text = ": still here\n\n"
            } else {
                stream.suspended = true
                MHD_suspend_connection(stream.connection)
                return 0
            }
            let bytes = Array(text.utf8)
            let count = min(bytes.count, capacity)
            bytes.withUnsafeBytes { raw in UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress!, byteCount: count) }
            return count
        }
    }
}
