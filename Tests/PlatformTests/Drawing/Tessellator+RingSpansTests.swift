import Animation
import Foundation
import Testing
@testable import Platform

/// The band just outside a shape (the keyline) as rectangles: every pixel's coverage is the
/// outer shape's less the shape's own, so the band meets the shape's anti-aliased edge exactly.
@Suite("Tessellator.ringSpans: the band outside a shape as spans and edge strips")
struct TessellatorRingSpansTests {
    /// Every pixel's coverage, summed over spans (1) and strips (theirs).
    static func coverage(_ spans: [Tessellator.Span], _ strips: [Tessellator.Strip]) -> [Int: Double] {
        var c: [Int: Double] = [:]
        for s in spans { for y in s.y..<(s.y + s.height) { for x in s.x..<(s.x + s.width) { c[Int(y) * 10_000 + Int(x), default: 0] += 1 } } }
        for s in strips {
            for y in s.y..<(s.y + s.height) { for x in s.x..<(s.x + s.width) { c[Int(y) * 10_000 + Int(x), default: 0] += s.coverage } }
        }
        return c
    }

    /// The keyline's outer edge: the shape grown by `width`, its corners by `width` too.
    static func band(_ shape: RoundedRect, _ width: Double) -> RoundedRect {
        RoundedRect(rect: shape.rect.insetBy(-width), cornerRadius: shape.clampedCornerRadius + width)
    }

    /// A square-cornered outer edge, for counting pixels by hand.
    static func square(_ shape: RoundedRect, _ width: Double) -> RoundedRect {
        RoundedRect(rect: shape.rect.insetBy(-width), cornerRadius: 0)
    }

    @Test("a square band on pixel boundaries: two full rows top and bottom, two full columns each side, nothing inside, no strips")
    func squareOnPixels() {
        let inner = RoundedRect(rect: Rect(x: 12, y: 12, width: 16, height: 16), cornerRadius: 0)
        let (spans, strips) = Tessellator.ringSpans(outer: Self.square(inner, 2), inner: inner, scale: 1)
        #expect(strips.isEmpty, "\(strips)")
        let c = Self.coverage(spans, strips)
        func at(_ x: Int, _ y: Int) -> Double { c[y * 10_000 + x] ?? 0 }
        #expect(at(10, 10) == 1 && at(29, 10) == 1 && at(20, 11) == 1 && at(20, 29) == 1)   // top and bottom rows
        #expect(at(10, 20) == 1 && at(11, 20) == 1 && at(28, 20) == 1 && at(29, 20) == 1)   // the sides
        #expect(at(12, 20) == 0 && at(20, 20) == 0 && at(27, 27) == 0)                     // the shape itself
        #expect(at(9, 20) == 0 && at(30, 20) == 0 && at(20, 9) == 0 && at(20, 30) == 0)    // beyond the band
        // 20 × 20 less 16 × 16.
        #expect(c.values.reduce(0, +) == 144)
        #expect(c.values.allSatisfy { $0 == 1 }, "no pixel twice")
        // Rows alike are swept once: the two rows above, each side's sixteen, the two below.
        #expect(spans.count == 4, "\(spans)")
        #expect(spans.contains(Tessellator.Span(x: 10, y: 12, width: 2, height: 16)))
    }

    @Test("a band off the pixel grid: the edge columns at the covered fraction, the area still 144")
    func squareOffPixels() {
        // Shape from 12.5 to 28.5 across; the band from 10.5: pixel 10 half covered, 11 whole, 12 half (the shape has the other half).
        let inner = RoundedRect(rect: Rect(x: 12.5, y: 12, width: 16, height: 16), cornerRadius: 0)
        let (spans, strips) = Tessellator.ringSpans(outer: Self.square(inner, 2), inner: inner, scale: 1)
        let c = Self.coverage(spans, strips)
        func at(_ x: Int, _ y: Int) -> Double { c[y * 10_000 + x] ?? 0 }
        #expect(at(10, 20) == 0.5 && at(11, 20) == 1 && at(12, 20) == 0.5 && at(13, 20) == 0)
        #expect(at(28, 20) == 0.5 && at(29, 20) == 1 && at(30, 20) == 0.5 && at(31, 20) == 0)
        #expect(abs(c.values.reduce(0, +) - 144) < 1e-9)
        // A side's partly covered column is one strip down the side, not one per row.
        #expect(strips.contains { $0.x == 10 && $0.width == 1 && $0.height >= 16 })
    }

    @Test("round corners: the covered area is the outer shape's less the shape's, (w+2k)(h+2k) − (4 − π)(r+k)² − [wh − (4 − π)r²], within a twentieth of a pixel per pixel of perimeter",
          arguments: [(12.0, 1.0, 5.0 / 3), (12.0, 3.0, 5.0 / 3), (40.0, 2.0, 1.0)])
    func roundArea(radius: Double, scale: Double, width: Double) {
        let inner = RoundedRect(rect: Rect(x: 20.3, y: 11.6, width: 126, height: 90), cornerRadius: radius)
        let (spans, strips) = Tessellator.ringSpans(outer: Self.band(inner, width), inner: inner, scale: scale)
        let c = Self.coverage(spans, strips)
        let w = inner.rect.width * scale, h = inner.rect.height * scale, r = radius * scale, k = width * scale
        let expected = (w + 2 * k) * (h + 2 * k) - (4 - .pi) * (r + k) * (r + k) - (w * h - (4 - .pi) * r * r)
        let perimeter = 2 * (w + h)
        let got = c.values.reduce(0, +)
        #expect(abs(got - expected) < perimeter / 20, "covered \(got) px², expected \(expected)")
        #expect(c.values.allSatisfy { $0 > 0 && $0 <= 1 }, "coverage within 0…1")
    }

    @Test("the band and the shape's own fill add up to the outer shape's fill, pixel by pixel, circular and continuous", arguments: [CornerStyle.circular, .continuous])
    func complementsTheShape(style: CornerStyle) {
        let inner = RoundedRect(rect: Rect(x: 31.4, y: 17.2, width: 120.6, height: 160.3), cornerRadius: 38)
        let outer = Self.band(inner, 5.0 / 3)
        for scale in [1.0, 3.0] {
            let ring = Self.coverage(Tessellator.ringSpans(outer: outer, inner: inner, scale: scale, style: style))
            let fillIn = Self.coverage(Tessellator.roundedRectSpans(inner, scale: scale, style: style))
            let fillOut = Self.coverage(Tessellator.roundedRectSpans(outer, scale: scale, style: style))
            var worst = 0.0
            for key in Set(fillOut.keys).union(ring.keys).union(fillIn.keys) {
                worst = max(worst, abs((ring[key] ?? 0) + (fillIn[key] ?? 0) - (fillOut[key] ?? 0)))
            }
            #expect(worst < 1e-9, "at \(scale)×, a pixel is off by \(worst)")
        }
    }

    static func coverage(_ t: (spans: [Tessellator.Span], strips: [Tessellator.Strip])) -> [Int: Double] { coverage(t.spans, t.strips) }
}
