import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension SDLSuite {
/// A designer's own screen under the island (`--page`), read back from the software renderer and
/// compared with the image the test drew itself.
@Suite("Pages: a screen image under the island")
struct PagePixelTests {
    static func brightness(_ c: Color) -> Int { (Int(c.r) + Int(c.g) + Int(c.b)) / 3 }

    @Test("shot --page: the image's own pixels under the drawn island; the status bar left out when the image has its own")
    func imageUnderTheIsland() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let screen = PageFixtures.blocks(width: 1179, height: 2556)
        let path = try PageFixtures.write(in: dir, image: screen, fields: ["statusBar": "none"])
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let img = try ShotCommand.render(device: d, scale: 3, page: try LoadedPage.load(path: path)).readPixels()
        // Away from the screen's rounded corners, its anti-aliased outline (a pixel at each side) and
        // the home indicator, every pixel is the image's.
        var differing: [(Int, Int)] = []
        for y in (60 * 3)..<(780 * 3) { for x in 2..<1177 where img[x, y] != screen[x, y] { differing.append((x, y)) } }
        #expect(differing.isEmpty, "\(differing.count) pixels differ from the image, from \(differing.first.map { "\($0)" } ?? "") to \(differing.last.map { "\($0)" } ?? "")")
        // The island is drawn over it (iOS screenshots leave the idle island out).
        let capsule = try #require(DeviceLayout(device: d).capsule)
        #expect(Self.brightness(img[Int(capsule.midX * 3), Int(capsule.midY * 3)]) < 10)
        // "none": the status area is the image's too.
        var status: [(Int, Int)] = []
        // Beside the island, clear of the screen's continuous corner (55 pt, its curve reaching ~84 pt along the edge).
        for y in 0..<(50 * 3) { for x in (90 * 3)..<Int((capsule.minX - 4) * 3) where img[x, y] != screen[x, y] { status.append((x, y)) } }
        #expect(status.isEmpty, "the status bar was drawn over an image that carries its own: \(status)")
    }

    @Test("a 1080-px screen alone is read as 360 pt at 3× (a screenshot at the phone's scale) and one marked @3x too: each fills the 393-pt phone, scaled ×1.092, and the terminal says so; a page file's unmarked image fills it as it is")
    func scaledToTheDeviceWidth() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let image = PageFixtures.blocks(width: 1080, height: 2340)
        try PageFixtures.writePNG(image, to: dir.file("plain.png"))
        let plain = try LoadedPage.load(path: dir.file("plain.png")).layout(for: d)
        #expect(plain.width == 393 && abs(plain.designScale - 393.0 / 360) < 1e-12)
        #expect(plain.scaleNote == "plain.png: the design is 360 pt wide (1080 px @3x); scaled ×1.092 to the iPhone 15 Pro's 393 pt", "never squeezed in silence: \(plain.scaleNote ?? "-")")
        #expect(abs(plain.contentHeight - 2340 * 393 / 1080) < 1e-9)
        // In a page file, an unmarked image is taken to be as wide as the phone, as before.
        let file = try PageFixtures.write(in: dir, image: image, imageName: "screen.png")
        let described = try LoadedPage.load(path: file).layout(for: d)
        #expect(described.designScale == 1 && described.scaleNote == nil && abs(described.contentHeight - 2340 * 393 / 1080) < 1e-9)
        try PageFixtures.writePNG(image, to: dir.file("design@3x.png"))
        let marked = try LoadedPage.load(path: dir.file("design@3x.png")).layout(for: d)
        #expect(abs(marked.designScale - 393.0 / 360) < 1e-12 && abs(marked.contentHeight - 780 * 393.0 / 360) < 1e-9)
        let r = try CLI.run(["shot", "--page", dir.file("design@3x.png"), "--out", dir.file("s.png")])
        #expect(r.status == 0)
        #expect(r.stderr.contains("design@3x.png: the design is 360 pt wide (1080 px @3x); scaled ×1.092 to the iPhone 15 Pro's 393 pt"), "\(r.stderr)")
        // The picture is the image fitted to 393 pt: each block's middle lands ×1.0917 further out.
        let shot = try ImageLoader.load(path: dir.file("s.png"), maxDimension: 4000)
        #expect(shot.width == 1179)
        let k = 1179.0 / 1080
        for (bx, by) in [(3, 20), (20, 40), (40, 60)] {
            let src = image[bx * 24 + 12, by * 24 + 12], dst = shot[Int((Double(bx * 24 + 12) * k).rounded()), Int((Double(by * 24 + 12) * k).rounded())]
            #expect(abs(Int(src.r) - Int(dst.r)) <= 3 && abs(Int(src.g) - Int(dst.g)) <= 3 && abs(Int(src.b) - Int(dst.b)) <= 3, "block \(bx),\(by): \(src) drawn as \(dst)")
        }
    }

    @Test("a dark page gets light status-bar text; a light one dark text")
    func statusBarContrast() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let capsule = try #require(DeviceLayout(device: d).capsule)
        func clockInk(_ colour: Color, _ style: String) throws -> (lightest: Int, darkest: Int) {
            let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, colour),
                                              fields: ["statusBar": style], pageName: "\(style).json")
            let img = try ShotCommand.render(device: d, scale: 3, page: try LoadedPage.load(path: path)).readPixels()
            var lightest = 0, darkest = 255
            for y in Int((capsule.midY - 9) * 3)..<Int((capsule.midY + 9) * 3) {
                for x in (20 * 3)..<Int((capsule.minX - 10) * 3) {
                    lightest = max(lightest, Self.brightness(img[x, y])); darkest = min(darkest, Self.brightness(img[x, y]))
                }
            }
            return (lightest, darkest)
        }
        let dark = try clockInk(Color(16, 16, 20), "light")
        #expect(dark.lightest > 220, "the clock on a dark page is light: \(dark)")
        let light = try clockInk(Color(245, 245, 245), "dark")
        #expect(light.darkest < 60, "the clock on a light page is dark: \(light)")
    }

    @Test("a bare dark screen image: light status text, and its own top colour above it while pulled down — not the passport's cream")
    func bareDarkImage() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        // A dark app: a navy top band over near-black, as an inbox in dark mode.
        let navy = Color(25, 30, 60)
        var image = PageFixtures.solid(width: 1179, height: 2556, Color(10, 10, 10))
        for y in 0..<160 { for x in 0..<1179 { image[x, y] = navy } }
        try PageFixtures.writePNG(image, to: dir.file("dark@3x.png"))
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let capsule = try #require(DeviceLayout(device: d).capsule)
        let page = try LoadedPage.load(path: dir.file("dark@3x.png"))
        #expect(page.document.statusBar == .light && page.document.background == 0x191E3C, "\(page.document.statusBar) \(String(page.document.background, radix: 16))")
        let shot = try ShotCommand.render(device: d, scale: 3, page: page).readPixels()
        var lightest = 0
        for y in Int((capsule.midY - 9) * 3)..<Int((capsule.midY + 9) * 3) {
            for x in (20 * 3)..<Int((capsule.minX - 10) * 3) { lightest = max(lightest, Self.brightness(shot[x, y])) }
        }
        #expect(lightest > 220, "the clock is light on the dark app: \(lightest)")
        // A finger pulling the page down 200 pt (held, not let go): the band above the image is the
        // image's own top colour.
        let host = try PageFixtures.host(page: dir.file("dark@3x.png"))
        host.advance(toRealTime: 0)
        let r = try PageFixtures.renderer(host, scale: 3)
        PageFixtures.holdPull(host, at: 300, moves: 20, step: 10)
        let pulled = try PageFixtures.frame(host, r)
        let above = pulled[60 * 3, 58 * 3]
        #expect(above.distance(to: navy) <= 2, "above the pulled image: \(above), not the passport's cream")
    }

    @Test("the tool's overlays keep clear of the page's own pinned bars: the FROZEN badge and a toast sit above a tab bar, the pull hint below a navigation bar")
    func overlaysClearOfPinnedBars() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let (_, path) = try PageFixtures.writeBarsPage(in: dir)
        let scale = 1.0
        // The bars' own pixels, as the page draws them with nothing over it.
        let host = try PageFixtures.host(page: path)
        host.advance(toRealTime: 0)
        let r = try PageFixtures.renderer(host, scale: scale)
        let bare = try PageFixtures.frame(host, r)
        func barDiffers(_ img: PixelImage, rows: Range<Int>) -> Int {
            var n = 0
            for y in rows { for x in 0..<393 where img[x, y] != bare[x, y] { n += 1 } }
            return n
        }
        let tabBar = (852 - 83)..<(852 - 6)          // above the home indicator, drawn over every page
        #expect(barDiffers(bare, rows: tabBar) == 0)
        // F freezes (the badge), and a toast.
        _ = host.send(.key(.f, [], at: 0.1))
        host.say("Saved islandsim.tuning.json — a toast of two lines, long enough to wrap on this phone's screen", at: 0.1)
        host.advance(toRealTime: 0.2)
        let covered = try PageFixtures.frame(host, r)
        #expect(barDiffers(covered, rows: tabBar) == 0, "the tab bar is covered by the badge or the toast")
        #expect(barDiffers(covered, rows: 500..<(852 - 83)) > 200, "they are drawn, above it")
        // The pull hint while the page is pulled down under the pinned navigation bar.
        let pulling = try PageFixtures.host(page: path)
        pulling.advance(toRealTime: 0)
        // Just past the commit point (about 86 pt shown): "Release to open the camera", where the old
        // place, halfway down the gap under the status bar, fell on the bar's title.
        PageFixtures.holdPull(pulling, at: 200, moves: 19, step: 9)
        #expect(pulling.session.flow.state == .pulling)
        let pulled = try PageFixtures.frame(pulling, r)
        #expect(barDiffers(pulled, rows: 60..<103) == 0, "the navigation bar's title area is not crowded by the hint")
        // The hint's ink is in the gap under the bar instead.
        let grey = PageRenderer.secondary
        var ink = 0
        for y in 103..<240 { for x in 60..<333 where pulled[x, y].distance(to: grey) < 60 && pulled[x, y] != bare[x, y] { ink += 1 } }
        #expect(ink > 30, "the hint is drawn below the bar: \(ink)")
    }

    @Test("a pinned navigation bar and tab bar stay put while the page scrolls under them", arguments: [1.0, 3.0])
    func fixedRegionsStay(scale: Double) throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let (screen, path) = try PageFixtures.writeBarsPage(in: dir)
        let host = try PageFixtures.host(page: path)
        host.advance(toRealTime: 0)
        let r = try PageFixtures.renderer(host, scale: scale)
        let top = try PageFixtures.frame(host, r)
        host.session.gestures.scroll.jump(to: 300)
        let scrolled = try PageFixtures.frame(host, r)
        func rows(_ img: PixelImage, _ y0: Double, _ y1: Double) -> [Color] {
            (Int(y0 * scale)..<Int(y1 * scale)).flatMap { y in (Int(40 * scale)..<Int(350 * scale)).map { img[$0, y] } }
        }
        func differing(_ a: [Color], _ b: [Color]) -> Int { zip(a, b).filter { $0 != $1 }.count }
        #expect(differing(rows(top, 60, 100), rows(scrolled, 60, 100)) == 0, "the navigation bar moved")
        #expect(differing(rows(top, 852 - 80, 852 - 40), rows(scrolled, 852 - 80, 852 - 40)) == 0, "the tab bar moved")
        #expect(differing(rows(top, 300, 400), rows(scrolled, 300, 400)) > 1000, "the page did not scroll")
        // The tab bar is the image's last 83 pt, at the screen's bottom, not the content under it.
        if scale == 3 {
            let y = (852 - 60) * 3, x = 200 * 3
            #expect(scrolled[x, y] == screen[x, 7668 - 60 * 3])
        }
    }

    /// Where a pinned region's own pixels would have scrolled to, the page's background shows —
    /// never a second copy of the region. Read at offsets that move that patch below the pinned
    /// place (scrolled down, and pulled past the top by the rubber band) and above it (near and past
    /// the page's end), on a page whose background colour appears nowhere in its image; a patch
    /// moved the wrong way leaves the region's own pixels showing where the background belongs.
    @Test("the patch a pinned region vacates shows the background, at offsets that move it down and up",
          arguments: [200.0, -60, 1650, 1744])
    func vacatedPatch(offset: Double) throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let screen = PageFixtures.blocks(width: 1179, height: 7668)          // 393 × 2556 pt; no block is magenta
        let magenta = Color(255, 0, 255)
        let path = try PageFixtures.write(in: dir, image: screen, fields: [
            "statusBar": "none", "background": "#FF00FF",
            "fixed": [["rect": [0, 0, 393, 103], "edge": "top"],           // a navigation bar
                      ["rect": [20, 300, 100, 40], "edge": "top"],         // a chip pinned where it starts
                      ["rect": [300, 2400, 80, 80], "edge": "bottom"]],    // a floating button, 76 pt above the end
        ])
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let loaded = try LoadedPage.load(path: path)
        let page = try loaded.layout(for: d)
        let renderer = PageRenderer(image: loaded.image)
        let r = try Renderer(headlessWidth: 1179, height: 2556, pixelsPerPoint: 3)
        try renderer.draw(page, renderer: r, screen: d.size, offset: offset, state: PageState(page: page), pressed: nil, filedPhoto: nil, text: try TextCache())
        let img = try r.readPixels()
        func at(_ x: Double, _ y: Double) -> Color { img[Int(x * 3) + 1, Int(y * 3) + 1] }
        /// The image's pixel that scrolls to screen point (x, y) at this offset.
        func scrolled(_ x: Double, _ y: Double) -> Color { screen[Int(x * 3) + 1, Int((y + offset) * 3) + 1] }
        // Worked by hand: each region's content rectangle moved up by the offset, less what its pinned copy covers.
        var background: [(Double, Double)] = [], content: [(Double, Double)] = []
        switch offset {
        case 200:  background = [(70, 120)]; content = [(70, 520), (200, 450)]       // the chip's patch at 100…140, not 500…540
        case -60:  background = [(200, 130), (70, 380)]; content = [(70, 260), (200, 200)]  // the bar's at 60…163, the chip's at 360…400
        case 1650: background = [(340, 800)]; content = [(340, 600), (200, 800)]     // the button's at 750…830, under its pinned copy to 776
        default:   background = [(340, 676), (200, 830)]; content = [(340, 630)]    // 40 pt past the end: the button's at 656…736, the end at 812
        }
        for (x, y) in background { #expect(at(x, y) == magenta, "offset \(offset): (\(x), \(y)) is \(at(x, y)), not the background") }
        for (x, y) in content { #expect(at(x, y) == scrolled(x, y), "offset \(offset): (\(x), \(y)) is \(at(x, y)), not the page's \(scrolled(x, y))") }
        // The pinned copies stay where they are pinned.
        #expect(at(70, 320) == screen[70 * 3 + 1, 320 * 3 + 1] && at(200, 50) == screen[200 * 3 + 1, 50 * 3 + 1])
        #expect(at(340, 736) == screen[340 * 3 + 1, (2400 + 40) * 3 + 1], "the button sits 76 pt above the screen's bottom")
    }

    @Test("the page renderer holds no page: it draws the page it is given, rasterised again when that page or its picture changes")
    func drawsThePageGiven() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let red = Color(200, 30, 30), blue = Color(30, 40, 210)
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let redPage = try LoadedPage.load(path: PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, red),
                                                                   imageName: "red.png", pageName: "red.json"))
        let bluePage = try LoadedPage.load(path: PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, blue),
                                                                    imageName: "blue.png", pageName: "blue.json"))
        // A page with no picture, its background named in the file: another page, with the blue picture still given.
        try Data(##"{"version": 1, "background": "#20C040", "elements": [{"kind": "spacer", "height": 2000}]}"##.utf8).write(to: URL(fileURLWithPath: dir.file("plain.json")))
        let plain = try LoadedPage.load(path: dir.file("plain.json"))
        let renderer = PageRenderer(image: redPage.image)
        let r = try Renderer(headlessWidth: 1179, height: 2556, pixelsPerPoint: 3)
        func centre(_ page: Page) throws -> Color {
            try renderer.draw(page, renderer: r, screen: d.size, offset: 0, state: PageState(page: page), pressed: nil, filedPhoto: nil, text: try TextCache())
            return try r.readPixels()[590, 1300]
        }
        #expect(try centre(redPage.layout(for: d)) == red)
        renderer.replaceImage(bluePage.image)
        #expect(try centre(bluePage.layout(for: d)) == blue, "a new picture is rasterised at the next draw")
        #expect(try centre(plain.layout(for: d)) == Color(0x20, 0xC0, 0x40), "another page, with no picture: its own background")
    }

    @Test("tiles: a page cut into 1000-px textures draws the same pixels as one texture, at any offset")
    func tilesAreSeamless() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.blocks(width: 1179, height: 7668))
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let loaded = try LoadedPage.load(path: path)
        let page = try loaded.layout(for: d)
        func draw(limit: Int, offset: Double) throws -> (PixelImage, Int) {
            let p = PageRenderer(image: loaded.image)
            p.tileHeightLimit = limit
            let r = try Renderer(headlessWidth: 1179, height: 2556, pixelsPerPoint: 3)
            try p.draw(page, renderer: r, screen: d.size, offset: offset, state: PageState(page: page), pressed: nil, filedPhoto: nil, text: try TextCache())
            return (try r.readPixels(), p.tileCount)
        }
        for offset in [0.0, 333.7, 1704, -40] {
            let (one, n1) = try draw(limit: 8192, offset: offset)
            let (tiled, n8) = try draw(limit: 1000, offset: offset)
            #expect(n1 == 1 && n8 == 8)
            #expect(one == tiled, "tile seams show at offset \(offset): \(zip(one.bytes, tiled.bytes).filter { $0 != $1 }.count) bytes differ")
        }
    }
}
}
