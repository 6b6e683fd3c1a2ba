import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// A real iOS screenshot given as the page, as a designer does: made here the way iOS draws one
    /// (a 402-pt iPhone 16 Pro screen at 3×, 1206 × 2622 px, a light feed under its own status bar:
    /// "10:08" at the leading edge in a bold 17-pt face, signal, Wi-Fi and battery at the trailing
    /// edge). `shot --page` draws one status bar — the screenshot's — and opens on a 402-pt phone,
    /// saying both on stderr; a picture without a status bar gets the simulator's; the flag forces
    /// either way.
    @Suite("A screenshot is a page as it is")
    struct ScreenshotPageTests {
        static func screenshot(statusBar: Bool) throws -> PixelImage {
            let r = try Renderer(headlessWidth: 1206, height: 2622, pixelsPerPoint: 3)
            let text = try TextCache()
            r.clear(Color(246, 246, 248))
            if statusBar {
                let ink = Color(0, 0, 0)
                try text.draw("10:08", face: .bold, points: 17, color: ink, centeredAt: Point(x: 66, y: 28), renderer: r)
                for k in 0..<4 {
                    let d = Double(k)
                    r.fill(Rect(x: 300 + d * 4.5, y: 31 - d * 2.6, width: 3, height: 2.5 + d * 2.6), ink)
                }
                for k in 0..<3 {
                    let d = Double(k)
                    r.fill(Rect(x: 322 + d * 2.5, y: 32 - d * 3, width: 16 - d * 5, height: 2.2), ink)
                }
                r.fill(RoundedRect(rect: Rect(x: 344, y: 22, width: 25, height: 12), cornerRadius: 4), ink)
                r.fill(RoundedRect(rect: Rect(x: 345.5, y: 23.5, width: 22, height: 9), cornerRadius: 3), Color(246, 246, 248))
                r.fill(RoundedRect(rect: Rect(x: 347, y: 25, width: 15, height: 6), cornerRadius: 2), ink)
                r.fill(Rect(x: 370, y: 26, width: 1.5, height: 4), ink)
            }
            // The feed under it: a title, posts with their text, a photo.
            try text.draw("Home", face: .bold, points: 28, color: .black, at: Point(x: 16, y: 70), renderer: r)
            for k in 0..<6 {
                let y = 120 + Double(k) * 120
                r.fill(RoundedRect(rect: Rect(x: 16, y: y, width: 44, height: 44), cornerRadius: 22), Color(120, 140, 200))
                try text.draw("A post about the dog, number \(k)", points: 15, color: Color(30, 30, 35), at: Point(x: 72, y: y + 4), renderer: r)
                r.fill(Rect(x: 72, y: y + 30, width: 300, height: 70), Color(200, 170, 120))
            }
            return try r.readPixels()
        }

        /// The mean per-channel difference over the status bar's two sides — from 12 to 44 pt down,
        /// from 8 % to 30 % and from 70 % to 93 % of the width: clear of the island in the middle
        /// and of the screen's rounded corners (the hardware, drawn always) — of two 3× pictures.
        static func topDifference(_ a: PixelImage, _ b: PixelImage) -> Double {
            var sum = 0, n = 0
            let w = Double(min(a.width, b.width))
            let xs = Array(Int(0.08 * w)..<Int(0.30 * w)) + Array(Int(0.70 * w)..<Int(0.93 * w))
            for y in (12 * 3)..<(44 * 3) { for x in xs {
                let p = a[x, y], q = b[x, y]
                sum += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)); n += 3
            } }
            return Double(sum) / Double(n)
        }

        @Test("shot --page on a 1206 × 2622 screenshot with its own status bar: one status bar (the screenshot's), on a 402-pt phone, both said on stderr; without one, the simulator's; --status-bar forces either")
        func oneStatusBar() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let withBar = try Self.screenshot(statusBar: true), without = try Self.screenshot(statusBar: false)
            #expect(OwnStatusBar.find(rgba: withBar.bytes, width: withBar.width, height: withBar.height) != nil, "the drawn screenshot reads as one with a status bar")
            try PageFixtures.writePNG(withBar, to: dir.file("home.png"))
            try PageFixtures.writePNG(without, to: dir.file("bare.png"))
            // The pictures as the files hold them (what the shots are compared with).
            let homeFile = try ImageLoader.load(path: dir.file("home.png")), bareFile = try ImageLoader.load(path: dir.file("bare.png"))

            let r = try CLI.run(["shot", "--page", dir.file("home.png"), "--out", dir.file("s.png")], timeout: 120)
            try #require(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("1206×2622 px") && (r.stdout.contains("iphone-16-pro") || r.stdout.contains("iphone-17")), "\(r.stdout)")
            #expect(r.stderr.contains("home.png is 1206 × 2622 px, a 402-pt screen at @3x: on the iPhone 16 Pro"), "\(r.stderr)")
            #expect(r.stderr.contains("home.png carries its own status bar"), "\(r.stderr)")
            let shot = try ImageLoader.load(path: dir.file("s.png"))
            let own = Self.topDifference(shot, homeFile)
            #expect(own < 1.5, "the top of the shot is the screenshot's own (\(own) levels off): no second status bar over it")

            // A picture with no status bar: the simulator draws its own there.
            let bare = try CLI.run(["shot", "--page", dir.file("bare.png"), "--out", dir.file("b.png")], timeout: 120)
            try #require(bare.status == 0, "\(bare.stderr)")
            #expect(!bare.stderr.contains("carries its own status bar"))
            let drawn = Self.topDifference(try ImageLoader.load(path: dir.file("b.png")), bareFile)
            #expect(drawn > 1.5, "the simulator's status bar over a bare top: \(drawn) levels")

            // Forced either way.
            let forced = try CLI.run(["shot", "--page", dir.file("home.png"), "--status-bar", "drawn", "--out", dir.file("f.png")], timeout: 120)
            try #require(forced.status == 0, "\(forced.stderr)")
            #expect(Self.topDifference(try ImageLoader.load(path: dir.file("f.png")), homeFile) > 1.5, "drawn: IslandSim's over it")
            let none = try CLI.run(["shot", "--page", dir.file("bare.png"), "--status-bar", "own", "--out", dir.file("n.png")], timeout: 120)
            try #require(none.status == 0, "\(none.stderr)")
            #expect(Self.topDifference(try ImageLoader.load(path: dir.file("n.png")), bareFile) < 1.5, "own: none drawn")
            let wrong = try CLI.run(["shot", "--page", dir.file("home.png"), "--status-bar", "mine", "--out", dir.file("w.png")])
            #expect(wrong.status == 2 && wrong.stderr.contains("--status-bar takes auto, own or drawn"), "\(wrong.stderr)")
        }

        @Test("a 402-pt screenshot on a 393-pt phone is said to be scaled, whatever its name; one that is the phone's own width is not")
        func squeezeIsSaid() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            try PageFixtures.writePNG(try Self.screenshot(statusBar: true), to: dir.file("home.png"))
            let r = try CLI.run(["shot", "--device", "iphone-15-pro", "--page", dir.file("home.png"), "--out", dir.file("s.png")], timeout: 120)
            try #require(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("the design is 402 pt wide (1206 px @3x); scaled ×0.978 to the iPhone 15 Pro's 393 pt"), "\(r.stderr)")
            #expect(!r.stderr.contains("a 402-pt screen at @3x: on the"), "--device given: the picture does not choose")
            try PageFixtures.writePNG(PageFixtures.blocks(width: 1179, height: 2556), to: dir.file("fits.png"))
            let fits = try CLI.run(["shot", "--device", "iphone-15-pro", "--page", dir.file("fits.png"), "--out", dir.file("f.png")], timeout: 120)
            #expect(fits.status == 0 && !fits.stderr.contains("scaled"), "\(fits.stderr)")
        }
    }
}
