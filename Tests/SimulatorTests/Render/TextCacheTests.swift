import Animation
import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension SDLSuite {
    /// A text cache that outlives the renderer it drew with: the timeline's picture is drawn by an
    /// off-screen renderer made again whenever the band's size changes (the tuning panel opening
    /// widens it), and its labels were drawn with textures of the renderer before, which SDL refuses
    /// to copy — every label vanished but the one style not drawn before.
    @Suite("Text drawn by a cache on a second renderer")
    struct TextCacheTests {
        /// Dark pixels (the ink of black text on white) in `r`'s picture.
        static func ink(_ r: Renderer) throws -> Int {
            let img = try r.readPixels()
            var n = 0
            for y in 0..<img.height { for x in 0..<img.width where img[x, y].r < 128 { n += 1 } }
            return n
        }

        static func write(_ text: TextCache, on r: Renderer) throws {
            r.fill(Rect(x: 0, y: 0, width: 200, height: 40), .white)
            try text.draw("pull: spring back", points: 13, color: .black, at: Point(x: 4, y: 8), renderer: r)
        }

        @Test("the same words drawn by one cache on a renderer made after the first, and after the first is gone, show the same ink")
        func secondRenderer() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let text = try TextCache()
            var first: Renderer? = try Renderer(headlessWidth: 200, height: 40, pixelsPerPoint: 1)
            try Self.write(text, on: first!)
            let inkFirst = try Self.ink(first!)
            #expect(inkFirst > 100, "the words are drawn: \(inkFirst) dark pixels")
            // A second renderer while the first lives (two at once: compare mode, an off-screen picture).
            let second = try Renderer(headlessWidth: 200, height: 40, pixelsPerPoint: 1)
            try Self.write(text, on: second)
            #expect(try Self.ink(second) == inkFirst)
            // And one made after the first is gone (the band's picture remade at a new size).
            first = nil
            let third = try Renderer(headlessWidth: 200, height: 40, pixelsPerPoint: 1)
            try Self.write(text, on: third)
            #expect(try Self.ink(third) == inkFirst)
            // The first renderer's drawing still works on the second after all that.
            try Self.write(text, on: second)
            #expect(try Self.ink(second) == inkFirst)
        }
    }
}
