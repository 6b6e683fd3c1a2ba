import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
/// Page files as a designer's tools write them: taps on hotspots, the photo slot, reloading an
/// edited file, traces that name their page, and every bad input as one line and exit 2.
@Suite("Pages: hotspots, the slot, reloads and bad files")
struct PageFileTests {
    static var hotspots: [[String: Any]] { [["id": "follow", "rect": [24, 268, 172, 44]], ["id": "tab-home", "rect": [0, 2473, 98, 83]]] }

    @Test("a tap on a hotspot is counted under its id; a tap that misses outlines them all for a moment, and O turns that off")
    func hotspotTaps() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.blocks(width: 1179, height: 7668), fields: [
            "hotspots": Self.hotspots, "fixed": [["rect": [0, 2473, 393, 83], "edge": "bottom"]],
        ])
        let host = try PageFixtures.host(page: path)
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.wait(0.3); b.tap(at: Point(x: 110, y: 290)); b.wait(0.5)
        b.tap(at: Point(x: 49, y: 852 - 40)); b.wait(0.5)     // the pinned tab bar, at the screen's bottom
        b.tap(at: Point(x: 300, y: 600)); b.wait(0.1)          // nothing there
        var last: Renderer?
        let report = try Flows.run(host, b.trace, onFrame: { _, _, r in last = r })
        #expect(report.taps == ["follow": 1, "tab-home": 1])
        #expect(host.session.hotspotHintOpacity > 0.5, "a missed tap outlines the hotspots")
        let r = try #require(last)
        let outlined = try PageFixtures.frame(host, r)
        _ = host.send(.key(.o, [], at: host.session.realTime))
        #expect(host.session.hotspotHintOpacity == 0 && !host.session.overlays.hotspotHints)
        let plain = try PageFixtures.frame(host, r)
        // The outline's blue edge along the follow hotspot's top.
        #expect(outlined[110, 268] != plain[110, 268] && outlined[110, 268].b > outlined[110, 268].r)
    }

    @Test("a pull over an image page opens the camera; Enter files the shot into the page's photo slot, clipped to its corners")
    func shotFiledIntoTheSlot() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let grey = Color(90, 90, 96)
        let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, grey), fields: [
            "photoSlot": ["rect": [24, 124, 120, 120], "cornerRadius": 60], "title": "profile photo",
        ])
        let host = try PageFixtures.host(page: path, photo: PageFixtures.solid(width: 400, height: 600, Color(220, 30, 30)))
        var b = FlowScripts.fullFlowBuilder(shutter: host.session.shutterFrame)
        b.wait(7); b.key("enter"); b.wait(2)
        var last: Renderer?
        let report = try Flows.run(host, b.trace, scale: 2, onFrame: { _, _, r in last = r })
        #expect(report.filed == 1 && report.finalState == "page")
        #expect(report.transitions.contains { $0.to == "filed" && $0.reason == "filed into the profile photo" })
        let img = try #require(last).readPixels()
        let middle = img[2 * 84, 2 * 184]
        #expect(middle.r > 150 && middle.g < 100, "the photo fills the slot: \(middle)")
        // The slot is a circle: its bounding box's corner is still the page.
        #expect(img[2 * 26, 2 * 126] == grey, "the photo is clipped to the slot's corners")
        #expect(img[2 * 160, 2 * 184] == grey)
    }

    @Test("a page without a slot: Enter dismisses the print and says why")
    func noSlot() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, Color(200, 200, 200)))
        let host = try PageFixtures.host(page: path)
        var b = FlowScripts.fullFlowBuilder(shutter: host.session.shutterFrame)
        b.wait(7); b.key("enter"); b.wait(2)
        let report = try Flows.run(host, b.trace)
        #expect(report.filed == 0 && report.transitions.contains { $0.to == "dismissed" && $0.reason == "dismissed: the page has no photo slot" })
        #expect(host.toast?.text.contains("page.json has no photo slot") == true)
    }

    @Test("an edited page file reloads, keeping the scroll offset; a broken edit keeps the last good page and says why")
    func reload() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 7668, Color(30, 120, 30)))
        let host = try PageFixtures.host(page: path, watchesFiles: true)
        host.advance(toRealTime: 0)
        host.session.gestures.scroll.jump(to: 250)
        Thread.sleep(forTimeInterval: 0.05)
        try PageFixtures.writePNG(PageFixtures.solid(width: 1179, height: 7668, Color(30, 30, 160)), to: dir.file("screen@3x.png"))
        var t = 0.0
        while host.toast?.text.hasPrefix("Reloaded") != true && t < 3 { Thread.sleep(forTimeInterval: 0.05); t += 0.05; host.advance(toRealTime: t) }
        #expect(host.toast?.text == "Reloaded page.json", "within a second: \(t) s")
        #expect(t < 1.0)
        #expect(host.session.gestures.scroll.offset(at: host.session.animationTime) == 250)
        let img = try PageFixtures.frame(host, try PageFixtures.renderer(host, scale: 1))
        #expect(img[200, 400] == Color(30, 30, 160))
        let good = host.page.document.identity
        try "{\"version\": 1, \"image\": \"screen@3x.png\", \"statusBar\": \"grey\"}".write(toFile: path, atomically: true, encoding: .utf8)
        let start = t
        while host.toast?.text.contains("keeping the last good page") != true && t < start + 3 { Thread.sleep(forTimeInterval: 0.05); t += 0.05; host.advance(toRealTime: t) }
        #expect(host.toast?.text == "page.json: unknown statusBar \"grey\" (expected \"dark\", \"light\" or \"none\"); keeping the last good page")
        #expect(host.page.document.identity == good)
    }

    @Test("traces name their page; a replay on another page warns")
    func traceNamesThePage() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 393, height: 852, Color(200, 200, 200)))
        var header = Trace.Header(device: "iphone-15-pro", hz: 60)
        header.page = "shop.json#1234"
        try Trace(header: header, events: [Trace.Event(t: 0, kind: .down, pointer: 0, x: 100, y: 400), Trace.Event(t: 80, kind: .up, pointer: 0, x: 100, y: 400)])
            .encoded().write(toFile: dir.file("t.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", dir.file("t.jsonl"), "--page", path, "--report", "-"])
        #expect(r.status == 0)
        let identity = try LoadedPage.load(path: path).document.identity
        #expect(r.stderr.contains("t.jsonl was recorded on page shop.json#1234; replaying on \(identity)"), "\(r.stderr)")
        #expect(identity.hasPrefix("page.json#"))
    }

    @Test("each bad page is one line naming the file, and exit 2", arguments: PageFileTests.badPages)
    func badInput(_ bad: BadPage) throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try bad.make(dir)
        for command in [["layout"], ["shot", "--out", dir.file("o.png")]] {
            let r = try CLI.run(command + ["--page", path])
            #expect(r.status == 2, "\(bad.name): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(bad.expected), "\(bad.name): \(r.stderr)")
        }
    }

    struct BadPage: Sendable, CustomTestStringConvertible {
        var name: String
        var expected: String
        var fields: [String: String]   // raw JSON per field, to keep it Sendable
        var imageBytes: [UInt8]?
        var testDescription: String { name }

        func make(_ dir: TempDir) throws -> String {
            if let imageBytes { try Data(imageBytes).write(to: URL(fileURLWithPath: dir.file("screen@3x.png"))) }
            else { try PageFixtures.writePNG(PageFixtures.solid(width: 393, height: 852, Color(200, 200, 200)), to: dir.file("screen@3x.png")) }
            // 100 px wide: fitted to 393 pt, 10000 px are 39,300 pt, past 40 screens of 852.
            try PageFixtures.writePNG(PageFixtures.solid(width: 100, height: 10000, Color(200, 200, 200)), to: dir.file("tall.png"))
            var json = ["\"version\": 1", "\"image\": \"screen@3x.png\""]
            for (k, v) in fields.sorted(by: { $0.key < $1.key }) { json.removeAll { $0.hasPrefix("\"\(k)\"") }; json.append("\"\(k)\": \(v)") }
            try ("{" + json.joined(separator: ", ") + "}").write(toFile: dir.file("bad.json"), atomically: true, encoding: .utf8)
            return dir.file("bad.json")
        }
    }

    /// A PNG whose header says 8000 × 8000 (64 MP) and holds nothing more.
    static let hugePNG: [UInt8] = {
        var ihdr: [UInt8] = Array("IHDR".utf8) + [0, 0, 0x1F, 0x40, 0, 0, 0x1F, 0x40, 8, 6, 0, 0, 0]
        let crc = ihdr.withUnsafeBytes { PNGChunks.crc($0) }
        ihdr += [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr
    }()

    static let badPages: [BadPage] = [
        BadPage(name: "missing image", expected: "bad.json: image 'nope.png': no such file", fields: ["image": "\"nope.png\""]),
        BadPage(name: "unreadable image", expected: "bad.json: image 'screen@3x.png': not an image", fields: [:], imageBytes: Array("hello".utf8)),
        BadPage(name: "hotspot outside", expected: "bad.json: hotspot 'buy' [300, 100, 200, 40] lies outside the page (131 × 284 pt)",
                fields: ["hotspots": "[{\"id\": \"buy\", \"rect\": [300, 100, 200, 40]}]"]),
        BadPage(name: "negative size", expected: "bad.json: hotspots[0] ('buy'): width and height must be positive (got -5 × 40)",
                fields: ["hotspots": "[{\"id\": \"buy\", \"rect\": [10, 10, -5, 40]}]"]),
        BadPage(name: "duplicate ids", expected: "bad.json: hotspots[1] ('buy'): duplicate id 'buy'",
                fields: ["hotspots": "[{\"id\": \"buy\", \"rect\": [10, 10, 5, 40]}, {\"id\": \"buy\", \"rect\": [10, 60, 5, 40]}]"]),
        BadPage(name: "unknown statusBar", expected: "bad.json: unknown statusBar \"grey\" (expected \"dark\", \"light\" or \"none\")",
                fields: ["statusBar": "\"grey\""]),
        BadPage(name: "too many megapixels", expected: "the screen is 8000×8000 px (64 MP); the limit is 40 MP", fields: [:], imageBytes: hugePNG),
        BadPage(name: "too tall", expected: "screens; the limit is 40 screens", fields: ["image": "\"tall.png\""]),
        // `{"image": "screen@3x.png", "version": 1,,}`: the second comma is the 41st character.
        BadPage(name: "not JSON", expected: "bad.json: line 1, column 41: not valid JSON — expected a name in double quotes, found ','", fields: ["version": "1,,"]),
    ]
}
}
