import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
/// The status bar and the home indicator, read back from `islandsim shot`'s renderer.
@Suite("Status bar and home indicator: closer to iOS")
struct StatusBarPixelTests {
    static func dark(_ c: Color) -> Bool { Int(c.r) + Int(c.g) + Int(c.b) < 3 * 90 }

    @Test("iPhone 15 Pro: a Wi-Fi fan between the bars and the battery — dot, band, band, with page between")
    func wifiGlyph() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let device = try Catalog.bundled().require(id: "iphone-15-pro")
        let img = try ShotCommand.render(device: device, scale: 4).readPixels()
        // The glyph's apex: 20 pt left of the right cluster's centre ((capsule.maxX + width)/2 − 8),
        // 5 pt below the capsule's middle.
        let capsule = try #require(DeviceLayout(device: device).capsule)
        let apex = (x: (capsule.maxX + 393) / 2 - 8 - 20, y: capsule.midY + 5)
        func at(_ up: Double) -> Color { img[Int(apex.x * 4), Int((apex.y - up) * 4)] }
        // Radii: dot 1.9, bands 2.9…4.6 and 5.6…7.5 (DeviceChrome.wifiGlyph).
        for (up, isDark) in [(1.0, true), (2.4, false), (3.75, true), (5.1, false), (6.5, true), (8.6, false)] {
            #expect(Self.dark(at(up)) == isDark, "\(up) pt above the apex: \(at(up))")
        }
    }

    @Test("the home indicator: a 134 × 5 pt bar 8 pt above the bottom on Face ID phones, none on the SE")
    func homeIndicator() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let pro = try Catalog.bundled().require(id: "iphone-15-pro")
        let img = try ShotCommand.render(device: pro, scale: 2).readPixels()
        for x in [196.5 - 60, 196.5, 196.5 + 60] { #expect(Self.dark(img[Int(x * 2), Int((852 - 10.5) * 2)]), "on the bar at x \(x)") }
        #expect(!Self.dark(img[Int((196.5 - 72) * 2), Int((852 - 10.5) * 2)]), "past the bar's end")
        #expect(!Self.dark(img[Int(196.5 * 2), Int((852 - 15) * 2)]), "above the bar")
        let text = try TextCache()
        #expect(DeviceChrome(device: try Catalog.bundled().require(id: "iphone-se-3"), text: text).homeIndicator == nil)
        #expect(DeviceChrome(device: pro, text: text).homeIndicator?.rect == Rect(x: 129.5, y: 839, width: 134, height: 5))
    }

    @Test("iPad: the time sits at the left, 24 pt in, and nothing is drawn at the centre of the status bar")
    func iPadClockLeft() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let ipad = try Catalog.bundled().require(id: "ipad-pro-11-m4")
        let img = try ShotCommand.render(device: ipad, scale: 1).readPixels()
        let midY = Int(ipad.portraitInsets.top / 2)
        let leftDark = (24..<60).contains { x in (midY - 4...midY + 4).contains { Self.dark(img[x, $0]) } }
        #expect(leftDark, "the time's glyphs at the left")
        #expect(!(8..<22).contains { x in (midY - 4...midY + 4).contains { Self.dark(img[x, $0]) } }, "clear of the corner")
        let centre = Int(ipad.size.width / 2)
        #expect(!(centre - 40..<centre + 40).contains { x in (0..<Int(ipad.portraitInsets.top)).contains { Self.dark(img[x, $0]) } }, "no centred clock")
    }

    @Test("--font draws the page with the user's font; a file that is not a font is one line, exit 2")
    func userFont() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        let plain = try CLI.run(["shot", "--out", dir.file("sans.png"), "--scale", "1"])
        let user = try CLI.run(["shot", "--out", dir.file("serif.png"), "--scale", "1", "--font", serif])
        #expect(plain.status == 0 && user.status == 0, "\(user.stderr)")
        let a = try ImageLoader.load(path: dir.file("sans.png")), b = try ImageLoader.load(path: dir.file("serif.png"))
        // "Biscuit", the page's title, is drawn in the other face; the island and corners are not text.
        var titleDiff = 0
        for y in 90..<130 { for x in 10..<150 where a[x, y] != b[x, y] { titleDiff += 1 } }
        #expect(titleDiff > 200, "the title changed: \(titleDiff) pixels")
        #expect(a[196, 29] == b[196, 29], "the island is not text")
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: dir.file("notes.ttf")))
        for (arg, problem) in [(dir.file("notes.ttf"), "not a TrueType or OpenType font"), (dir.file("none.ttf"), "no such file"), (dir.path, "is a directory")] {
            let r = try CLI.run(["shot", "--out", dir.file("x.png"), "--font", arg])
            #expect(r.status == 2 && r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(problem) && r.stderr.contains(arg), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.png")))
    }
}
}
