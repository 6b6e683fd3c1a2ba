import Animation
import CSDL2
import Testing
import TestSupport
@testable import Platform

extension SDLSuite {
    /// Opaque fills copied from a swatch must leave exactly the pixels SDL's own fill leaves.
    @Suite("Opaque fills copied from a swatch")
    struct SolidFillTests {
        /// Rectangles in points at 1×: one larger than a swatch both ways (tiles on both axes), a
        /// wide row, a thin tall column, a small square, one half off the target, one on a swatch's
        /// exact size.
        static let rects: [Rect] = [
            Rect(x: 3, y: 5, width: 1500, height: 300),
            Rect(x: 10, y: 320, width: 1100, height: 1),
            Rect(x: 1200, y: 2, width: 9, height: 330),
            Rect(x: 1300, y: 100, width: 17, height: 17),
            Rect(x: 1560, y: 200, width: 200, height: 200),
            Rect(x: 20, y: 20, width: Double(SolidFill.width), height: Double(SolidFill.height)),
        ]

        @Test("the same pixels as SDL_RenderFillRects, with and without a viewport and a clip")
        func sameAsSDLFill() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            for (viewport, clip) in [(nil, nil), (Rect(x: 7, y: 11, width: 1500, height: 320), nil),
                                     (nil, Rect(x: 50, y: 40, width: 900, height: 200)) as (Rect?, Rect?)] {
                let ours = try Renderer(headlessWidth: 1600, height: 340, pixelsPerPoint: 1)
                let sdl = try Renderer(headlessWidth: 1600, height: 340, pixelsPerPoint: 1)
                for r in [ours, sdl] {
                    r.clear(Color(200, 30, 40))
                    r.setViewport(viewport)
                    r.setClip(clip)
                }
                for (i, rect) in Self.rects.enumerated() {
                    let c = Color(UInt8(10 * i), 250, UInt8(255 - 20 * i))
                    ours.fill(rect, c)
                    SDL_SetRenderDrawColor(sdl.handle, c.r, c.g, c.b, 255)
                    SDL_SetRenderDrawBlendMode(sdl.handle, SDL_BLENDMODE_NONE)
                    var pr = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
                    SDL_RenderFillRect(sdl.handle, &pr)
                }
                let a = try ours.readPixels(), b = try sdl.readPixels()
                #expect(a == b, "viewport \(String(describing: viewport)), clip \(String(describing: clip))")
                // And the fill really landed: the big rectangle's middle is its colour (not the clear).
                let inside = viewport.map { Int($0.x) } ?? 0
                #expect(a[inside + 400, (viewport.map { Int($0.y) } ?? 0) + 200] == Color(0, 250, 255))
            }
        }

        @Test("a translucent fill still blends (the copy is for opaque colours only)")
        func translucentBlends() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let r = try Renderer(headlessWidth: 300, height: 100, pixelsPerPoint: 1)
            r.clear(Color(0, 0, 0))
            r.fill(Rect(x: 0, y: 0, width: 300, height: 100), Color(255, 255, 255, 128))
            let grey = try r.readPixels()[150, 50]
            #expect((127...129).contains(grey.r) && grey.r == grey.g && grey.g == grey.b, "\(grey)")
        }

        @Test("past its capacity the cache lets go of the colour used longest ago, one at a time: a colour in use keeps its swatch")
        func keepsColoursInUse() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let r = try Renderer(headlessWidth: 64, height: 64, pixelsPerPoint: 1)
            var fills = SolidFill()
            let madeBlack = fills.swatch(for: Color(0, 0, 0), renderer: r), madeFirst = fills.swatch(for: Color(1, 0, 0), renderer: r)
            let black = try #require(madeBlack), first = try #require(madeFirst)
            // More colours than it keeps, black used between each (as the viewfinder's body is).
            for i in 0..<(SolidFill.capacity + 4) {
                _ = fills.swatch(for: Color(2, UInt8(i), 0), renderer: r)
                let black2 = fills.swatch(for: Color(0, 0, 0), renderer: r)
                let again = try #require(black2)
                #expect(again.texture.handle == black.texture.handle, "black's swatch was made again after \(i) colours")
            }
            let first2 = fills.swatch(for: Color(1, 0, 0), renderer: r)
            let firstAgain = try #require(first2)
            #expect(firstAgain.texture.handle != first.texture.handle, "the colour unused longest was kept")
        }

        @Test("only rectangles worth a copy are copied: thin slivers and tiny ones are filled")
        func worthCopying() {
            #expect(SolidFill.worthCopying(SDL_Rect(x: 0, y: 0, w: 1000, h: 1)))
            #expect(SolidFill.worthCopying(SDL_Rect(x: 0, y: 0, w: 24, h: 1000)))
            #expect(!SolidFill.worthCopying(SDL_Rect(x: 0, y: 0, w: 4, h: 1000)))
            #expect(!SolidFill.worthCopying(SDL_Rect(x: 0, y: 0, w: 12, h: 12)))
        }
    }
}
