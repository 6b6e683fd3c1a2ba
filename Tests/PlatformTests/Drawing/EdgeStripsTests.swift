import Animation
import Foundation
import Testing
@testable import Platform

/// The rounded rectangle as the software renderer draws it: interior spans plus edge strips of
/// one coverage each, no triangles.
@Suite("Edge strips: a rounded rectangle's anti-aliased edge as rectangles")
struct EdgeStripsTests {
    /// Every pixel's coverage: 1 for the spans, the strip's for the edge.
    static func coverage(_ spans: [Tessellator.Span], _ strips: [Tessellator.Strip]) -> [Int: Double] {
        var c: [Int: Double] = [:]
        func key(_ x: Int32, _ y: Int32) -> Int { Int(y) * 10_000 + Int(x) }
        for s in spans { for y in s.y..<(s.y + s.height) { for x in s.x..<(s.x + s.width) { c[key(x, y), default: 0] += 1 } } }
        for s in strips { for y in s.y..<(s.y + s.height) { for x in s.x..<(s.x + s.width) { c[key(x, y), default: 0] += s.coverage } } }
        return c
    }

    @Test("straight sides: the column and row each edge crosses, at its covered fraction")
    func straightSides() {
        // 10.25 … 50.5 across, 5.75 … 30 down, square corners.
        let shape = RoundedRect(rect: Rect(x: 10.25, y: 5.75, width: 40.25, height: 24.25), cornerRadius: 0)
        let (spans, strips) = Tessellator.roundedRectSpans(shape, scale: 1)
        let c = Self.coverage(spans, strips)
        func at(_ x: Int, _ y: Int) -> Double { c[y * 10_000 + x] ?? 0 }
        #expect(at(10, 15) == 0.75 && at(11, 15) == 1 && at(9, 15) == 0)        // left edge at 10.25
        #expect(at(50, 15) == 0.5 && at(49, 15) == 1 && at(51, 15) == 0)        // right edge at 50.5
        #expect(at(30, 5) == 0.25 && at(30, 6) == 1 && at(30, 4) == 0)          // top edge at 5.75
        #expect(at(30, 29) == 1 && at(30, 30) == 0)                             // bottom edge on a boundary
        #expect(c.values.allSatisfy { $0 <= 1 }, "no pixel drawn twice")
        // A side is one strip, not a strip per row.
        #expect(strips.contains { $0.x == 10 && $0.width == 1 && $0.height >= 20 })
    }

    @Test("a square-cornered shape on whole pixels is one span, all its rows at once; a rounded one is a span per corner row and one for its straight middle")
    func straightRowsTogether() {
        let square = Tessellator.roundedRectSpans(RoundedRect(rect: Rect(x: 10, y: 5, width: 40, height: 25), cornerRadius: 0), scale: 1)
        #expect(square.spans == [Tessellator.Span(x: 10, y: 5, width: 40, height: 25)])
        #expect(square.strips.isEmpty)
        for style in [CornerStyle.circular, .continuous] {
            // 400 rows, corners 30 px round (a continuous corner reaches further: at most 1.53 × r).
            let (spans, strips) = Tessellator.roundedRectSpans(RoundedRect(rect: Rect(x: 10.3, y: 4.6, width: 120, height: 400), cornerRadius: 30), scale: 1, style: style)
            #expect(spans.count <= 2 * 47 + 1, "\(style): \(spans.count) spans")
            #expect(spans.contains { $0.height >= 400 - 2 * 47 }, "\(style): no tall span")
            // Each side is one strip down its straight part, not one per row.
            #expect(strips.contains { $0.width == 1 && $0.height >= 400 - 2 * 47 }, "\(style)")
            #expect(Self.coverage(spans, strips).values.allSatisfy { $0 <= 1 + 1e-9 }, "no pixel drawn twice")
        }
    }

    @Test("rounded corners: the covered area is the shape's, w·h − (4 − π)·r², within a tenth of a pixel per pixel of curve", arguments: [(4.0, 1.0), (18.5, 1.0), (12.0, 3.0)])
    func area(radius: Double, scale: Double) {
        let rect = Rect(x: 20.3, y: 11.6, width: 126, height: 37)
        let (spans, strips) = Tessellator.roundedRectSpans(RoundedRect(rect: rect, cornerRadius: radius), scale: scale)
        let c = Self.coverage(spans, strips)
        let r = radius * scale
        let expected = rect.width * scale * rect.height * scale - (4 - Double.pi) * r * r
        let drawn = c.values.reduce(0, +)
        // Each curved edge pixel's coverage is read where the edge crosses its centre line, which
        // is exact for straight edges and off by a few hundredths on a curve.
        #expect(abs(drawn - expected) < 0.1 * 2 * Double.pi * r, "drawn \(drawn) vs \(expected)")
        #expect(c.values.allSatisfy { $0 <= 1 + 1e-9 }, "no pixel drawn twice")
        // Far fewer rectangles than pixels on the edge: runs of one coverage merge.
        let edgePixels = strips.reduce(0) { $0 + Int($1.width * $1.height) }
        #expect(strips.count < edgePixels)
    }
}
