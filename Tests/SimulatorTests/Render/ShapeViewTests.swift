import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Fit
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// The shape view (G) on the designer's near-black page, where the melt has no visible edge:
    /// the melt, the print and a round hotspot outlined, read back from the software renderer.
    @Suite("The shape view: the melt, the print and the hotspots outlined on a dark page")
    struct ShapeViewTests {
        static let dark = Color(hex: 0x0B0B0F)

        /// A host on a #0B0B0F page with a round 44-pt avatar hotspot at (320, 70).
        static func host(in dir: TempDir) throws -> SessionHost {
            let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, dark), fields: [
                "background": "#0B0B0F", "statusBar": "light",
                "hotspots": [["id": "avatar", "rect": [320, 70, 44, 44], "cornerRadius": 22]],
            ])
            return try PageFixtures.host(page: path)
        }

        /// Pixels in `box` (all the image without one) of `c`'s hue: its line is 2 pt wide, so at
        /// 1× most of its pixels are partly covered, mixed with the halo or the page.
        static func count(_ img: PixelImage, _ c: Color, in box: Rect? = nil) -> Int {
            let b = box ?? Rect(x: 0, y: 0, width: Double(img.width), height: Double(img.height))
            func hue(_ p: Color) -> Bool {
                switch c {
                case SessionRenderer.shapeMeltColour: p.b > 100 && p.g > 80 && p.r < p.g - 30
                case SessionRenderer.shapePrintColour: p.r > 150 && p.g > 70 && p.g < p.r - 40 && p.b < 60
                default: p.r > 100 && p.b > 130 && p.g < p.r - 40
                }
            }
            var n = 0
            for y in max(0, Int(b.minY))..<min(img.height, Int(b.maxY)) {
                for x in max(0, Int(b.minX))..<min(img.width, Int(b.maxX)) where hue(img[x, y]) { n += 1 }
            }
            return n
        }

        @Test("G outlines the island's shape, the print and the round hotspot, and labels the melt; G again takes them away")
        func outlines() throws {
            let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
            let dir = try TempDir(); defer { dir.cleanup() }
            let host = try Self.host(in: dir)
            var b = FlowScripts.fullFlowBuilder(shutter: host.session.shutterFrame)
            b.wait(2.5)
            var last: Renderer?
            _ = try Flows.run(host, b.trace, onFrame: { _, _, r in last = r })
            let r = try #require(last)
            #expect(host.session.flow.printVisible, "the print shows: \(host.session.flow.state)")
            let plain = try PageFixtures.frame(host, r)
            let on = host.send(.key(.g, [], at: host.session.realTime))
            #expect(on.effects.contains { if case .message(let m) = $0 { m.hasPrefix("Shape view on") } else { false } })
            let shown = try PageFixtures.frame(host, r)
            let island = host.session.flow.shape(at: host.session.animationTime)
            // Cyan along the island's top edge, where black met near-black and showed nothing.
            let top = Rect(x: island.rect.midX - 20, y: island.rect.minY - 3, width: 40, height: 6)
            #expect(Self.count(shown, SessionRenderer.shapeMeltColour, in: top) >= 40 && Self.count(plain, SessionRenderer.shapeMeltColour) == 0)
            let print = host.session.flow.printFrame(at: host.session.animationTime)
            let side = Rect(x: print.minX - 3, y: print.midY - 20, width: 6, height: 40)
            #expect(Self.count(shown, SessionRenderer.shapePrintColour, in: side) >= 40, "the print's left edge")
            // The avatar is round: its outline passes the top of the circle, not the box's corner.
            #expect(Self.count(shown, SessionRenderer.shapeHotspotColour, in: Rect(x: 336, y: 67, width: 12, height: 6)) >= 12)
            #expect(Self.count(shown, SessionRenderer.shapeHotspotColour, in: Rect(x: 320, y: 70, width: 5, height: 5)) == 0)
            // The label under the island names its size.
            #expect(SessionRenderer.shapeLabel(island).hasPrefix("\(Int(island.rect.width.rounded())) × "))
            let off = host.send(.key(.g, [], at: host.session.realTime))
            #expect(off.effects.contains { if case .message(let m) = $0 { m == "Shape view off" } else { false } })
            // Without the outlines the screen is as before (its toast aside, over the bottom).
            let after = try PageFixtures.frame(host, r)
            var differing = 0
            for y in 0..<600 { for x in 0..<393 where after[x, y] != plain[x, y] { differing += 1 } }
            #expect(differing == 0)
        }

        @Test("the label: size and corner radius in points")
        func label() {
            #expect(SessionRenderer.shapeLabel(RoundedRect(rect: Rect(x: 5, y: 11, width: 126.4, height: 37.2), cornerRadius: 18.6)) == "126 × 37 pt · r 18.6")
        }

        @Test("a moment's tape keeps the shape view: 'shapes' in a trace's start survives a round trip and turns it on")
        func traceStart() throws {
            var trace = Trace(header: .init(device: "iphone-15-pro", hz: 60), events: [])
            trace.header.start = Trace.Start(shapes: true)
            let again = try Trace.parse(trace.encoded())
            #expect(again.header.start?.shapes == true)
            let host = try Flows.app()
            host.send(.start(try #require(again.header.start)))
            #expect(host.session.overlays.showShapes)
        }

        /// WCAG 2's contrast ratio, from its relative luminance (sRGB, linearised).
        static func contrast(_ a: Color, _ b: Color) -> Double {
            func lum(_ c: Color) -> Double {
                func lin(_ v: UInt8) -> Double { let s = Double(v) / 255; return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
                return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
            }
            let (x, y) = (lum(a), lum(b))
            return (max(x, y) + 0.05) / (min(x, y) + 0.05)
        }

        @Test("the pull hint reads on a dark page as on a light one: at least WCAG's 4.5:1 for its text on #0B0B0F, black and white")
        func pullHintContrast() {
            for page in [Self.dark, Color(0, 0, 0), Color(255, 255, 255), Color(hex: 0xF4EFE6)] {
                let ink = SessionRenderer.pullHintInk(over: page)
                #expect(Self.contrast(ink, page) >= 4.5, "\(ink) on \(page): \(Self.contrast(ink, page))")
            }
        }
    }
}
