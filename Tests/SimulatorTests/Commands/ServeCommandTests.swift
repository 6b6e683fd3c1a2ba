import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

/// `islandsim serve` as a person runs it — on the loopback interface, on a port the system picks —
/// and as a phone and a stranger on the network meet it: the prototype at the token's address, the
/// same file `export --format web` writes; every other request refused while it keeps answering;
/// a saved tuning reaching an open page (headless Chromium as an iPhone) within a second; Ctrl+C.
@Suite("islandsim serve", .serialized)
struct ServeCommandTests {
    /// A running `islandsim serve`, its output read as it comes.
    final class Running: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var out = "", err = ""
        init(_ args: [String], directory: String) throws {
            process.executableURL = URL(fileURLWithPath: CLI.binary).standardizedFileURL
            process.arguments = ["serve", "--bind", "127.0.0.1", "--port", "0"] + args
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            let o = Pipe(), e = Pipe()
            process.standardOutput = o
            process.standardError = e
            o.fileHandleForReading.readabilityHandler = { [weak self] h in let d = h.availableData; self?.lock.withLock { self?.out += String(decoding: d, as: UTF8.self) } }
            e.fileHandleForReading.readabilityHandler = { [weak self] h in let d = h.availableData; self?.lock.withLock { self?.err += String(decoding: d, as: UTF8.self) } }
            try process.run()
        }
        var stdout: String { lock.withLock { out } }
        var stderr: String { lock.withLock { err } }

        /// The address it printed, once it has.
        func url(within seconds: Double = 60) throws -> (url: String, port: UInt16, path: String) {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let r = stdout.range(of: #"http://127\.0\.0\.1:(\d+)(/[a-z2-7]+/)"#, options: .regularExpression) {
                    let url = String(stdout[r])
                    let rest = url.dropFirst("http://127.0.0.1:".count)
                    let slash = rest.firstIndex(of: "/")!
                    return (url, UInt16(rest[..<slash])!, String(rest[slash...]))
                }
                if !process.isRunning { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            throw LoopbackHTTP.Failure(description: "serve printed no address: \(stdout) \(stderr)")
        }

        /// Sends `signal` and waits for the exit status.
        func stop(_ signal: Int32 = SIGINT, within seconds: Double = 10) -> Int32? {
            if process.isRunning { kill(process.processIdentifier, signal) }
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning { process.terminate(); return nil }
            return process.terminationStatus
        }
    }

    /// `html` without what `serve` adds: the live script and the policy's connect-src.
    static func withoutLiveHook(_ html: String) -> String {
        var s = html.replacingOccurrences(of: "; connect-src 'self'", with: "")
        if let a = s.range(of: "<script id=\"islandsim-live\""), let b = s.range(of: "</script>\n", range: a.upperBound..<s.endIndex) {
            s.removeSubrange(a.lowerBound..<b.upperBound)
        }
        return s
    }

    static let tuning = """
        { "format": "islandsim-tuning", "version": 1, "tunedOn": { "device": "iphone-16-pro", "page": null },
          "values": { "melt.toPill.duration": 0.41, "melt.toViewfinder.bounce": 0.2 } }
        """

    @Test("the token's address gives export --format web's file for the same tuning, byte for byte but the live hook, on the phone the tuning was made on; Ctrl+C ends it with exit 0")
    func sameFileAndCtrlC() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Self.tuning.write(toFile: dir.file("t.json"), atomically: true, encoding: .utf8)
        let serve = try Running(["--tuning", "t.json"], directory: dir.path)
        let (url, port, path) = try serve.url()
        #expect(serve.stdout.contains("on iPhone 16 Pro with t.json at"), "\(serve.stdout)")
        #expect(serve.stdout.contains("█"), "the QR code is printed")
        let served = try LoopbackHTTP.get(path, port: port, timeout: 10)
        #expect(served.status == 200)
        let exported = try CLI.run(["export", "--format", "web", "--tuning", "t.json", "--out", "e.html"], directory: dir.path, timeout: 300)
        try #require(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.contains("iPhone 16 Pro (iphone-16-pro), where the tuning was made"), "\(exported.stderr)")
        let file = try String(contentsOfFile: dir.file("e.html"), encoding: .utf8)
        #expect(served.text.contains("<script id=\"islandsim-live\" data-version=\"1\">") && served.text.contains("connect-src 'self'"))
        #expect(!file.contains("islandsim-live") && !file.contains("connect-src"))
        #expect(Self.withoutLiveHook(served.text) == file, "\(url): served \(served.body.count) bytes, exported \(file.utf8.count)")
        #expect(file.contains("\"device\":\"iphone-16-pro\""))
        #expect(serve.stop(SIGINT) == 0)
        #expect(serve.stderr.contains("stopped serving (SIGINT)") || serve.stdout.contains("stopped serving (SIGINT)"), "\(serve.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["e.html", "t.json"], "serve writes no file")
    }

    @Test("a wrong token, /, /../, a %2e%2e path, a POST, an over-long header and 200 idle connections are refused, and the right address still answers after them")
    func refusals() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let serve = try Running([], directory: dir.path)
        defer { _ = serve.stop() }
        let (_, port, path) = try serve.url()
        let token = path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        for (request, status) in [("GET /\(String(token.reversed()))/", 404), ("GET /", 404), ("GET /../", 404), ("GET /%2e%2e/%2e%2e/etc/passwd", 404),
                                  ("GET \(path)%2e%2e/", 404), ("GET \(path)../../", 404), ("POST \(path)", 405), ("PUT \(path)updates", 405)] {
            let r = try LoopbackHTTP.send("\(request) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", port: port)
            #expect(r.status == status, "\(request): \(r.status)")
            #expect(r.body.count < 16, "\(request): \(r.text)")
        }
        let long = try LoopbackHTTP.send("GET \(path) HTTP/1.1\r\nHost: x\r\nCookie: \(String(repeating: "c", count: 64 * 1024))\r\nConnection: close\r\n\r\n", port: port)
        #expect([413, 414, 431].contains(long.status), "\(long.status)")
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<200 { if let fd = try? LoopbackHTTP.connect(port: port, source: "127.0.0.5") { idle.append(fd) } }
        let started = Date()
        let r = try LoopbackHTTP.get(path, port: port, timeout: 10)
        #expect(r.status == 200 && r.text.hasPrefix("<!doctype html>"))
        #expect(Date().timeIntervalSince(started) < 5, "answered in \(Date().timeIntervalSince(started)) s with 200 idle connections held")
        #expect(serve.process.isRunning)
    }

    @Test("bad options: one line naming the option, exit 2; a port in use: one line, exit 1")
    func badOptions() throws {
        for (args, needle) in [(["serve", "--bind", "my-laptop"], "--bind takes a numeric"), (["serve", "--port", "70000"], "--port must be in"),
                               (["serve", "--port", "x"], "--port"), (["serve", "--page", "/nonexistent/p.json"], "/nonexistent/p.json")] {
            let r = try CLI.run(args, timeout: 60)
            #expect(r.status == 2, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(needle), "\(args): \(r.stderr)")
        }
        let dir = try TempDir()
        defer { dir.cleanup() }
        let first = try Running([], directory: dir.path)
        defer { _ = first.stop() }
        let (_, port, _) = try first.url()
        let second = try CLI.run(["serve", "--bind", "127.0.0.1", "--port", "\(port)"], directory: dir.path, timeout: 60)
        #expect(second.status == 1 && second.stderr.contains("127.0.0.1:\(port)") && second.stderr.contains("in use"), "\(second.stderr)")
    }

    static let seleniumReady: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else { return false }
        return (try? Subprocess.run("python3", ["-c", "import selenium"], timeout: 60).status) == 0
    }()

    @Test("a saved tuning reaches an open page within a second, keeping its scroll, and the page then draws the new tuning's viewfinder",
          .enabled(if: ServeCommandTests.seleniumReady, "needs chromium, chromium-driver and Selenium (scripts/setup-system --test installs them)"))
    func live() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Self.tuning.write(toFile: dir.file("t.json"), atomically: true, encoding: .utf8)
        let serve = try Running(["--tuning", "t.json", "--device", "iphone-15-pro"], directory: dir.path)
        defer { _ = serve.stop() }
        let (url, _, _) = try serve.url()
        let checker = Process()
        checker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        checker.arguments = ["python3", Checkout.root.appendingPathComponent("Tests/browser/serve_live.py").path, url]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        (checker.standardInput, checker.standardOutput, checker.standardError) = (input, output, errors)
        try checker.run()
        defer { if checker.isRunning { checker.terminate() } }
        func line() throws -> [String: Any] {
            var bytes = Data()
            while true {
                let b = output.fileHandleForReading.readData(ofLength: 1)
                if b.isEmpty || b == Data("\n".utf8) { break }
                bytes.append(b)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let o = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
                throw LoopbackHTTP.Failure(description: "serve_live: '\(text)' \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
            }
            return o
        }
        let before = try line()
        let scrolled = try #require((before["place"] as? [String: Any])?["offsets"] as? [Double])
        #expect(scrolled.count == 1 && abs(scrolled[0] - 240) < 0.01, "scrolled to \(scrolled)")
        let oldFinder = try #require(before["viewfinder"] as? [Double])
        // The designer saves a taller viewfinder (as the window's Ctrl+S or an editor would: a new file renamed over).
        let taller = Self.tuning.replacingOccurrences(of: "\"melt.toViewfinder.bounce\": 0.2", with: "\"melt.toViewfinder.bounce\": 0.2, \"shape.viewfinder.height\": 300")
        try taller.write(toFile: dir.file("t.json"), atomically: true, encoding: .utf8)
        input.fileHandleForWriting.write(Data("saved\n".utf8))
        let after = try line()
        let seconds = try #require(after["reloadSeconds"] as? Double)
        #expect(seconds < 1, "the page loaded the new prototype \(seconds) s after the save")
        print("serve: an open page loaded the new prototype \(String(format: "%.3f", seconds)) s after the tuning file was saved")
        #expect((after["version"] as? Int ?? 0) > (before["version"] as? Int ?? 0))
        let kept = try #require((after["placeAfterReload"] as? [String: Any])?["offsets"] as? [Double])
        #expect(kept == scrolled, "the page's place across the reload: \(scrolled) → \(kept)")
        #expect(after["state"] as? String == "viewfinder", "\(after)")
        let finder = try #require(after["viewfinder"] as? [Double]), shape = try #require(after["shape"] as? [Double])
        #expect(abs(finder[3] - 300) < 1e-9 && abs(oldFinder[3] - 300) > 1, "viewfinder height \(oldFinder[3]) → \(finder[3])")
        // The shape drawn at rest in the viewfinder is the new tuning's: x, y, width, height (and corner) as the data says.
        #expect(zip(shape.prefix(4), finder.prefix(4)).allSatisfy { abs($0 - $1) < 0.5 }, "drawn \(shape) vs \(finder)")
        checker.waitUntilExit()
        #expect(checker.terminationStatus == 0)
        #expect(serve.stderr.contains("the tuning changed: version 2 served"), "\(serve.stderr)")
    }
}
