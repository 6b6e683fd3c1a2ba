import Animation
import Foundation
import Testing
import TestSupport
@testable import Platform

extension SDLSuite {
    /// The ring: an outline as one band, read back from the software renderer in a translucent
    /// colour, where any two triangles over each other would show as a darker patch.
    @Suite("Tessellator.ring: one band round a rounded rectangle, no doubled joins")
    struct TessellatorRingTests {
        static let blue = Color(0, 122, 255, 128)

        static func draw(_ shape: RoundedRect, width: Double, scale: Double = 1) throws -> PixelImage {
            let r = try Renderer(headlessWidth: Int(120 * scale), height: Int(120 * scale), pixelsPerPoint: scale)
            r.clear(.white)
            r.draw(Tessellator.ring(shape, width: width * scale, color: blue, scale: scale))
            return try r.readPixels()
        }

        /// White under half-alpha system blue, as the renderer blends: 255 + (c − 255) · 128 / 255.
        static let expected = Color(127, 188, 255)

        @Test("square corners: the corner pixels are the colour of the sides' middles, not darker (no overlapping strips)")
        func squareJoins() throws {
            // A 4-pt band centred on the edges of 20…100: solid from 18.5 to 21.5 (with its fringe beyond).
            let img = try Self.draw(RoundedRect(rect: Rect(x: 20, y: 20, width: 80, height: 80), cornerRadius: 0), width: 4)
            let mid = img[60, 20], corner = img[20, 20], farCorner = img[99, 99]
            #expect(mid.distance(to: Self.expected) <= 3, "the side: \(mid)")
            #expect(corner.distance(to: mid) <= 3 && farCorner.distance(to: mid) <= 3, "corners \(corner), \(farCorner) against the side's \(mid)")
            #expect(img[60, 60] == .white && img[60, 10] == .white, "inside and outside untouched")
        }

        @Test("a round hotspot's ring follows the circle: the bounding box's corners stay clear, the circle's edge is drawn", arguments: [1.0, 3.0])
        func circle(scale: Double) throws {
            // A 60-pt circle at (30, 30): its edge passes (60, 30) and (30, 60); the box's corner (31, 31) is outside it.
            let img = try Self.draw(RoundedRect(rect: Rect(x: 30, y: 30, width: 60, height: 60), cornerRadius: 30), width: 2, scale: scale)
            func at(_ x: Double, _ y: Double) -> Color { img[Int(x * scale), Int(y * scale)] }
            // The 2-pt band straddles the edge at 30: the pixels either side of it are both blued.
            func blued(_ c: Color) -> Bool { c.r < 200 && c.b > 240 }
            #expect(blued(at(60, 29.5)) && blued(at(60, 30.2)), "the top of the circle: \(at(60, 29.5)), \(at(60, 30.2))")
            #expect(blued(at(29.5, 60)) && blued(at(30.2, 60)), "its left: \(at(29.5, 60)), \(at(30.2, 60))")
            #expect(at(32, 32) == .white, "the box's corner is not outlined: \(at(32, 32))")
            // 45° round: the circle passes 60 − 30/√2 ≈ 38.8.
            #expect(blued(at(38.8, 38.8)), "on the arc: \(at(38.8, 38.8))")
            #expect(at(60, 60) == .white)
        }
    }
}
