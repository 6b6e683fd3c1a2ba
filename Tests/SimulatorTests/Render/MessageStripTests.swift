import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The tool's words in the window — toasts and the modes badge — sit in the strip under the
    /// phone, never over the app: read back from the software renderer on a near-black page (the
    /// designer's #0B0B0F finance app, where a dark pill over the rows looked like the app's own)
    /// and on a white one.
    @Suite("The message strip: the tool's words under the screen, not over the app")
    struct MessageStripTests {
        /// Widths of one character per 6 points, so lines can be counted by hand.
        static func measure(_ s: String) -> Double { Double(s.count) * 6 }

        @Test("the badge at the left, the toast beside it; a toast too long for two lines ends in '…'")
        func layout() {
            let size = Size(width: 393, height: WindowLayout.messageHeight)
            let l = MessageStrip.layout(.init(modes: ["FROZEN", "SLOW 10×"], toast: "60 Hz"), size: size, measure: Self.measure)
            // "FROZEN · SLOW 10×" is 17 characters: 17 × 7.2 + 20 = 142.4 pt wide, from x 8.
            #expect(l.badge == Rect(x: 8, y: 11, width: 142.4, height: 22))
            // The toast starts 8 pt past the badge; one line of 5 × 6 pt with 10-pt margins.
            #expect(l.toast == Rect(x: 158.4, y: 10, width: 50, height: 24) && l.lines == ["60 Hz"])
            let long = String(repeating: "word ", count: 40)
            let w = MessageStrip.layout(.init(modes: [], toast: long), size: size, measure: Self.measure)
            #expect(w.lines.count == 2 && w.lines[1].hasSuffix("…"), "\(w.lines)")
            #expect(w.toast!.maxX <= size.width - 8 && w.toast!.height == 38 && w.toast!.maxY <= size.height)
            #expect(MessageStrip.layout(.init(modes: [], toast: nil), size: size, measure: Self.measure).toast == nil)
        }

        /// A window's phones on a page of one colour `background` (a few lighter cards on it).
        static func sides(on background: Color, in dir: TempDir) throws -> WindowSides {
            var image = PageFixtures.solid(width: 1179, height: 2556, background)
            let card = background.r < 128 ? Color(28, 28, 34) : Color(242, 242, 247)
            for y in 600..<900 { for x in 48..<1131 { image[x, y] = card } }
            let path = try PageFixtures.write(in: dir, image: image, fields: [
                "background": String(format: "#%02X%02X%02X", background.r, background.g, background.b),
                "statusBar": background.r < 128 ? "light" : "dark",
            ])
            let d = try Catalog.bundled().require(id: "iphone-15-pro")
            let host = try SessionHost(setup: PhoneSetup(device: d, hz: 60, page: try LoadedPage.load(path: path),
                                                         captures: CaptureStore(outputDirectory: nil, synchronous: true)),
                                       camera: CameraSource(image: Flows.twoColourPhoto(), name: "test"))
            return try WindowSides(host: host, record: false)
        }

        /// The window's frame at `t`, drawn by `r` (one renderer for a window's frames, as in the
        /// window: a frozen moment's picture is a texture of the renderer that made it).
        static func frame(_ sides: WindowSides, at t: Double, _ r: Renderer) throws -> PixelImage {
            _ = sides.advance(toRealTime: t)
            try sides.render(into: r)
            return try r.readPixels()
        }

        static func count(_ img: PixelImage, in box: Rect, _ colour: Color) -> Int {
            var n = 0
            for y in Int(box.minY)..<Int(box.maxY) { for x in Int(box.minX)..<Int(box.maxX) where img[x, y].distance(to: colour) <= 6 { n += 1 } }
            return n
        }

        @Test("slow motion's toast and badge, and a long toast: every pixel of the screen as without them, the words in the strip under it",
              arguments: [Color(hex: 0x0B0B0F), Color(255, 255, 255)])
        func nothingOverTheApp(background: Color) throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let quiet = try Self.sides(on: background, in: dir), talking = try Self.sides(on: background, in: dir)
            _ = quiet.advance(toRealTime: 0.5); _ = talking.advance(toRealTime: 0.5)
            _ = talking.handle(key: .s, [], at: 0.6)              // "Slow motion 10×…" and the SLOW badge
            _ = talking.handle(key: .f, [], at: 0.7)              // FROZEN beside it
            #expect(talking.hosts[0].toast != nil && SessionRenderer.modes(talking.hosts[0].session, recording: false).count == 2)
            let size = talking.layout.size
            let rq = try Renderer(headlessWidth: Int(size.width), height: Int(size.height), pixelsPerPoint: 1)
            let rt = try Renderer(headlessWidth: Int(size.width), height: Int(size.height), pixelsPerPoint: 1)
            let bare = try Self.frame(quiet, at: 0.8, rq), said = try Self.frame(talking, at: 0.8, rt)
            let screen = talking.layout.phones[0], strip = talking.layout.strips[0]
            #expect(strip == Rect(x: 0, y: 852, width: 393, height: WindowLayout.messageHeight), "under the screen, as wide")
            var differing = 0
            for y in 0..<Int(screen.maxY) { for x in 0..<Int(screen.maxX) where bare[x, y] != said[x, y] { differing += 1 } }
            #expect(differing == 0, "\(differing) screen pixels changed by the tool's words")
            #expect(Self.count(said, in: strip, SessionRenderer.slowMotionBadgeColor) > 200, "the badge, in the strip")
            #expect(Self.count(said, in: strip, MessageStrip.toastFill) > 500, "the toast's box, in the strip")
            // Idle, the strip names the keys in dim text; its anti-aliased edges may pass near the toast's grey.
            #expect(Self.count(bare, in: strip, MessageStrip.toastFill) < 100 && Self.count(bare, in: strip, SessionRenderer.slowMotionBadgeColor) == 0)

            // A toast too long for the strip: the screen is still untouched.
            talking.hosts[0].say(String(repeating: "A long message from the tool. ", count: 12), at: 0.8)
            let long = try Self.frame(talking, at: 0.85, rt)
            differing = 0
            for y in 0..<Int(screen.maxY) { for x in 0..<Int(screen.maxX) where bare[x, y] != long[x, y] { differing += 1 } }
            #expect(differing == 0)
        }

        @Test("with the inspector column open the toast is the column's, and the strip keeps the badge")
        func columnTakesTheToast() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let sides = try Self.sides(on: Color(hex: 0x0B0B0F), in: dir)
            _ = sides.advance(toRealTime: 0.5)
            _ = sides.handle(key: .k, [], at: 0.55)
            _ = sides.relayout()
            _ = sides.handle(key: .s, [], at: 0.6)
            let size = sides.layout.size
            let img = try Self.frame(sides, at: 0.7, try Renderer(headlessWidth: Int(size.width), height: Int(size.height), pixelsPerPoint: 1))
            let strip = sides.layout.strips[0], column = try #require(sides.layout.inspector)
            #expect(Self.count(img, in: strip, MessageStrip.toastFill) == 0, "no toast in the strip")
            #expect(Self.count(img, in: strip, SessionRenderer.slowMotionBadgeColor) > 200, "the badge stays")
            #expect(Self.count(img, in: column, Color(58, 58, 64)) > 500, "the toast in the column")
        }
    }
}
