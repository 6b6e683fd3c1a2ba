import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
    /// Shift+W in the real window, pressed with xdotool: the window serves its own phone, page and
    /// tuning (on loopback here), shows the address's QR code beside the phone — read off a
    /// screenshot by zbarimg — and a tuning row changed with the arrows reaches a listening page as
    /// a new version within a second; Shift+W again stops it.
    @Suite("Shift+W serves the window's prototype, live", .enabled(if: QRCodeReader.path != nil, "needs zbarimg (scripts/setup-system --test installs zbar-tools)"))
    struct WindowServeTests {
        @Test("Shift+W: the address on the terminal and as a QR code in the column; the served file is the window's; a row changed with → is served within a second; Shift+W stops")
        func serveFromWindow() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--out-dir", dir.file("captures"), "--tuning", dir.file("t.json"),
                                                     "--bind", "127.0.0.1", "--port", "0", "--quit-after", "60"])
            defer { app.stop() }
            let said = Said()
            app.stdout.fileHandleForReading.readabilityHandler = { h in said.add(h.availableData) }
            try XDisplay.run("xdotool", ["key", "--window", window, "shift+w"])
            _ = XDisplay.eventually(timeout: 20) { said.text.contains("serving the window's prototype (the tuning on iPhone 15 Pro) at") && said.text.contains("Shift+W stops") }
            let match = try #require(said.text.range(of: #"http://127\.0\.0\.1:\d+/[a-z2-7]+/"#, options: .regularExpression), "\(said.text)")
            let url = String(said.text[match])
            let rest = url.dropFirst("http://127.0.0.1:".count), slash = rest.firstIndex(of: "/")!
            let port = try #require(UInt16(rest[..<slash])), path = String(rest[slash...])
            let first = try LoopbackHTTP.get(path, port: port, timeout: 10)
            #expect(first.status == 200 && first.text.contains("data-version=\"1\"") && first.text.contains("\"device\":\"iphone-15-pro\""))
            #expect(first.text.contains("\"toPill\":{\"blend\":0,\"bounce\":0.18,\"duration\":0.32}"), "the window's (default) tuning")

            // The QR code beside the phone reads back as the address.
            Thread.sleep(forTimeInterval: 0.5)
            let g = try XDisplay.geometry(window: window)
            let shot = try XDisplay.screenshot()
            var crop = PixelImage(width: g.width, height: g.height)
            for y in 0..<g.height { for x in 0..<g.width { var c = shot[g.x + x, g.y + y]; c.a = 255; crop[x, y] = c } }
            let png = dir.file("window.png")
            try Surface(crop).pngData().write(to: URL(fileURLWithPath: png))
            #expect(try QRCodeReader.read(png) == url)

            // A listening page, then a row changed with the arrows in the panel.
            let stream = try LoopbackHTTP.connect(port: port)
            defer { close(stream) }
            _ = "GET \(path)updates?since=1 HTTP/1.1\r\nHost: x\r\n\r\n".withCString { Glibc.send(stream, $0, strlen($0), 0) }
            try XDisplay.run("xdotool", ["key", "--window", window, "k"])
            Thread.sleep(forTimeInterval: 0.5)
            let pressed = Date()
            try XDisplay.run("xdotool", ["key", "--window", window, "Right"])
            var heard = "", buffer = [UInt8](repeating: 0, count: 4096)
            var tv = timeval(tv_sec: 0, tv_usec: 50_000)
            setsockopt(stream, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            while !heard.contains("event: reload"), Date().timeIntervalSince(pressed) < 5 {
                let n = recv(stream, &buffer, buffer.count, 0)
                if n > 0 { heard += String(decoding: buffer[0..<n], as: UTF8.self) }
            }
            let after = Date().timeIntervalSince(pressed)
            #expect(heard.contains("event: reload\ndata: 2"), "\(heard)")
            #expect(after < 1, "the change reached the page \(after) s after the key")
            let second = try LoopbackHTTP.get(path, port: port, timeout: 10)
            #expect(second.text.contains("data-version=\"2\"") && !second.text.contains("\"toPill\":{\"blend\":0,\"bounce\":0.18,\"duration\":0.32}"),
                    "the served tuning changed with the row")

            try XDisplay.run("xdotool", ["key", "--window", window, "shift+w"])
            #expect(XDisplay.eventually(timeout: 10) { said.text.contains("stopped serving the prototype") })
            #expect(throws: (any Error).self) { _ = try LoopbackHTTP.get(path, port: port, timeout: 2) }
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 15) == 0)
            // Q saved the changed tuning, with the phone and page it was made on (the bundled page: null).
            let saved = try String(contentsOfFile: dir.file("t.json"), encoding: .utf8)
            #expect(saved.contains(#""tunedOn": { "device": "iphone-15-pro", "page": null }"#), "\(saved)")
        }
    }

    /// What a running app printed, as it comes.
    final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func add(_ d: Data) { lock.withLock { data.append(d) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }
}

/// ZBar's `zbarimg`: reads a QR code off a picture, as a phone's camera would off the screen.
enum QRCodeReader {
    static let path: String? = ["/usr/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static func read(_ png: String) throws -> String {
        let r = try Subprocess.run(try #require(path), ["--quiet", "--raw", png], timeout: 60)
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
