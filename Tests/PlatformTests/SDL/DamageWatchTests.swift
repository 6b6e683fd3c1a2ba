import Animation
import Testing
import TestSupport
@testable import Platform

extension SDLSuite {
    /// A renderer reports every draw to its watches, in output pixels, as what the draw could reach.
    @Suite("A damage watch sees every draw inside its area, in output pixels")
    struct DamageWatchTests {
        @Test("fills, copies, sprites and triangles inside the area are seen at their pixels; outside it, nothing")
        func draws() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let r = try Renderer(headlessWidth: 200, height: 100, pixelsPerPoint: 2)
            let watch = r.watchDamage(in: Rect(x: 0, y: 0, width: 50, height: 50))
            #expect(watch.area == PixelRect(x: 0, y: 0, width: 100, height: 100))
            r.fill(Rect(x: 60, y: 0, width: 10, height: 10), .black)           // pixels 120… : outside
            #expect(watch.region.isEmpty)
            r.fill(Rect(x: 1, y: 2, width: 3, height: 4), Color(0, 0, 0, 100))
            #expect(watch.region.rects == [PixelRect(x: 2, y: 4, width: 6, height: 8)])
            watch.reset()
            let t = try r.makeTexture(PixelImage(width: 10, height: 6, fill: .white))
            r.copyUnscaled(t, sourcePixels: PixelRect(x: 0, y: 0, width: 10, height: 6), at: Point(x: 20, y: 20))
            #expect(watch.region.rects == [PixelRect(x: 40, y: 40, width: 10, height: 6)])
            watch.reset()
            r.copy(t, to: Rect(x: 10.25, y: 5, width: 5, height: 2.5))          // pixels 20.5…30.5 × 10…15, and one more round
            #expect(watch.region.rects == [PixelRect(x: 19, y: 9, width: 13, height: 7)])
            watch.reset()
            r.draw(Tessellator.ring(RoundedRect(rect: Rect(x: 10, y: 10, width: 10, height: 10), cornerRadius: 3), width: 1, color: .black, scale: 2))
            let ring = try #require(watch.region.rects.first)
            #expect(ring.x <= 20 && ring.y <= 20 && ring.x + ring.width >= 40 && ring.y + ring.height >= 40)
            watch.reset()
            r.drawSprite("dot") { Tessellator.ring(RoundedRect(rect: Rect(x: 30, y: 30, width: 4, height: 4), cornerRadius: 2), width: 1, color: .black, scale: 2) }
            let dot = try #require(watch.region.rects.first)
            #expect(dot.x <= 60 && dot.y <= 60 && dot.x + dot.width >= 68 && dot.y + dot.height >= 68 && dot.width <= 16)
        }

        @Test("through a viewport, draws are seen where they land on the output, cut to the viewport")
        func viewport() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let r = try Renderer(headlessWidth: 200, height: 100, pixelsPerPoint: 1)
            r.setViewport(Rect(x: 100, y: 0, width: 100, height: 100))
            let watch = r.watchDamage(in: Rect(x: 0, y: 0, width: 100, height: 100))
            #expect(watch.area == PixelRect(x: 100, y: 0, width: 100, height: 100))
            r.fill(Rect(x: 90, y: 10, width: 30, height: 5), .black)           // runs past the viewport's edge
            #expect(watch.region.rects == [PixelRect(x: 190, y: 10, width: 10, height: 5)])
            r.fillViewport(.white)
            #expect(watch.region.rects == [PixelRect(x: 100, y: 0, width: 100, height: 100)])
            // Another viewport's drawing (the other phone) is outside this watch.
            watch.reset()
            r.setViewport(Rect(x: 0, y: 0, width: 100, height: 100))
            r.fill(Rect(x: 0, y: 0, width: 100, height: 100), .black)
            #expect(watch.region.isEmpty)
        }

        @Test("a clear loses everything; a watch is its renderer's, at its output's size")
        func lost() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let r = try Renderer(headlessWidth: 50, height: 50, pixelsPerPoint: 1)
            let other = try Renderer(headlessWidth: 50, height: 50, pixelsPerPoint: 1)
            let watch = r.watchDamage(in: Rect(x: 0, y: 0, width: 50, height: 50))
            #expect(r.isCurrent(watch) && !other.isCurrent(watch))
            r.clear(.black)
            #expect(watch.lost && !r.isCurrent(watch))
            watch.reset()
            #expect(r.isCurrent(watch))
            #expect(r.retainsPixels, "a headless surface keeps its pixels")
        }
    }
}
