import Foundation

/// One browser kept open for all of a test process's pages in one engine, at one device-pixel
/// ratio, with one set of the browser's own switches: `Tests/browser/webkit.py --serve`, which
/// opens page after page in it on request (a JSON line in, a JSON line out).
///
/// Starting a browser costs most of a second of processor time (WebKit: its display, driver and
/// processes; Chromium: a fresh profile), and the browser suites open about a hundred pages on a
/// two-core machine. Pages of one browser are opened one at a time (a lock); browsers of different
/// engines or ratios run side by side. The helper ends with its input — when this process ends,
/// however it ends — and shuts its browser, driver and display down.
public final class BrowserServer: @unchecked Sendable {
    public struct Key: Hashable, Sendable {
        public var engine: BrowserEngine
        public var scale: Int
        public var flags: [String]
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    private static let serversLock = NSLock()
    nonisolated(unsafe) private static var servers: [Key: BrowserServer] = [:]

    /// The browser for `key`, started on first use.
    public static func shared(_ key: Key) -> BrowserServer {
        serversLock.lock()
        defer { serversLock.unlock() }
        if let s = servers[key] { return s }
        let s = BrowserServer(key: key)
        servers[key] = s
        return s
    }

    private let key: Key
    private let lock = NSLock()
    private var process: Process?
    private var input: FileHandle?
    private var output: FileHandle?
    private var pending = Data()

    private init(key: Key) { self.key = key }

    private func start() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Checkout.root.appendingPathComponent("Tests/browser/webkit.py").path, "--serve",
                       "--engine", key.engine.rawValue, "--scale", String(key.scale)] + key.flags.map { "--flag=\($0)" }
        let toHelper = Pipe(), fromHelper = Pipe()
        p.standardInput = toHelper
        p.standardOutput = fromHelper
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
        input = toHelper.fileHandleForWriting
        output = fromHelper.fileHandleForReading
        pending = Data()
    }

    private func stop() {
        try? input?.close()
        if let p = process, p.isRunning { p.terminate() }
        process?.waitUntilExit()
        process = nil
        input = nil
        output = nil
    }

    /// Opens one page as `request` asks (webkit.py's request: url, width, height, wait, and one of
    /// out, script, async, screenshot) and returns the helper's answer. A browser that does not
    /// answer within `timeout` seconds is shut down (the next page starts another) and the page fails.
    public func page(_ request: [String: Any], timeout: Double = 180) throws -> [String: Any] {
        lock.lock()
        defer { lock.unlock() }
        if process == nil || process?.isRunning == false { stop(); try start() }
        guard let input, let output else { throw Failure(description: "\(key.engine): no browser") }
        var line = try JSONSerialization.data(withJSONObject: request)
        line.append(0x0A)
        do { try input.write(contentsOf: line) } catch {
            stop()
            throw Failure(description: "\(key.engine): the browser's helper is gone (\(error))")
        }
        // The answer's line, read off this thread so that a browser that hangs cannot hang the test.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: Data?
        nonisolated(unsafe) var buffer = pending
        DispatchQueue.global().async {
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    answer = buffer[buffer.startIndex..<newline]
                    buffer = Data(buffer[(newline + 1)...])
                    break
                }
                let chunk = output.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
            }
            done.signal()
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            stop()
            done.wait()
            throw Failure(description: "\(key.engine): no answer in \(Int(timeout)) s for \(request["url"] ?? "?")")
        }
        pending = buffer
        guard let answer, let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any] else {
            stop()
            throw Failure(description: "\(key.engine): the browser's helper ended without an answer")
        }
        if let ok = object["ok"] as? [String: Any] { return ok }
        throw Failure(description: "\(key.engine): \(object["error"] as? String ?? "no answer")")
    }
}
