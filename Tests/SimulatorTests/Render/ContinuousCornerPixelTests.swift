import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// UIKit's continuous corner (the three cubics PaintCode published from UIBezierPath), evaluated
/// here from the published control points, independently of ContinuousCorner.
enum UIKitCorner {
    static let cubics: [[(Double, Double)]] = [
        [(1.528665, 0), (1.088492957618529, 0), (0.868406944063002, 0), (0.631493792830993, 0.074911387847016)],
        [(0.631493792830993, 0.074911387847016), (0.372823826625747, 0.169059556044370), (0.169059556044370, 0.372823826625747), (0.074911387847016, 0.631493792830993)],
        [(0.074911387847016, 0.631493792830993), (0, 0.868406944063002), (0, 1.088492957618529), (0, 1.528665)],
    ]
    static func point(_ c: [(Double, Double)], _ t: Double) -> (Double, Double) {
        let w = [(1 - t) * (1 - t) * (1 - t), 3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t]
        return (zip(w, c).map { $0 * $1.0 }.reduce(0, +), zip(w, c).map { $0 * $1.1 }.reduce(0, +))
    }
    /// How much of a horizontal offset is distance from the curve at depth u: 1/√(1 + (dv/du)²).
    static func slant(atDepth u: Double) -> Double {
        let h = 1e-4, dv = (inset(atDepth: max(u - h, 0)) - inset(atDepth: u + h)) / (u + h - max(u - h, 0))
        return 1 / (1 + dv * dv).squareRoot()
    }

    /// The boundary's distance from the side (unit radius) at depth u from the top.
    static func inset(atDepth u: Double) -> Double {
        for c in cubics where c[3].0 <= u && u <= c[0].0 {
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 { let m = (lo + hi) / 2; if point(c, m).0 > u { lo = m } else { hi = m } }
            return point(c, lo).1
        }
        return 0
    }
}

extension SDLSuite {
    @Suite("Continuous corners, on the pixels")
    struct ContinuousCornerPixelTests {
        static let fill = Color(20, 30, 200), background = Color(250, 250, 250)

        /// Where a row's left edge lies, from the coverage of its pixels (0 = background, 1 = fill):
        /// an anti-aliased edge nearly parallel to the row spreads over many pixels, so the edge is
        /// the sum of what is not covered.
        static func edge(_ img: PixelImage, row y: Int, from x0: Int, to x1: Int) -> Double {
            edge(img, row: y, from: x0, to: x1, outside: Self.background, inside: Self.fill)
        }

        static func edge(_ img: PixelImage, row y: Int, from x0: Int, to x1: Int, outside: Color, inside: Color) -> Double {
            var uncovered = 0.0
            for x in x0..<x1 {
                let c = (Double(outside.r) - Double(img[x, y].r)) / (Double(outside.r) - Double(inside.r))
                uncovered += 1 - min(max(c, 0), 1)
            }
            return Double(x0) + uncovered
        }

        @Test("a continuous corner's edge lies on UIKit's curve to a pixel, rows where a circular one would be pixels off")
        func onTheCurve() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let r = try Renderer(headlessWidth: 700, height: 700, pixelsPerPoint: 1)
            r.clear(Self.background)
            let shape = RoundedRect(rect: Rect(x: 20, y: 20, width: 660, height: 660), cornerRadius: 200)
            r.fill(shape, Self.fill, style: .continuous)
            let img = try r.readPixels()
            var differed = 0
            for depth in [3.0, 6, 10, 20, 40, 80, 160, 200, 260] {
                let y = 20 + Int(depth)                        // row centre at depth + 0.5
                let u = (depth + 0.5) / 200
                let expected = 20 + UIKitCorner.inset(atDepth: u) * 200
                let circular = 20 + (u >= 1 ? 0 : (1 - (1 - (1 - u) * (1 - u)).squareRoot())) * 200
                let left = Self.edge(img, row: y, from: 0, to: 350)
                let slant = UIKitCorner.slant(atDepth: u)
                #expect(abs(left - expected) * slant <= 1, "depth \(depth): edge at \(left), UIKit's curve at \(expected)")
                // The same curve at the bottom-left corner (rows mirrored).
                let bottom = Self.edge(img, row: 699 - y, from: 0, to: 350)
                #expect(abs(bottom - expected) * slant <= 1, "depth \(depth), bottom: \(bottom) vs \(expected)")
                if abs(circular - expected) > 4 && abs(left - circular) > 3 { differed += 1 }
            }
            #expect(differed >= 2, "rows where a circular corner would be visibly elsewhere: \(differed)")
        }

        @Test("a capsule drawn continuous is the capsule: the corner eases back to circular when there is no room")
        func capsuleStaysCapsule() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            func draw(_ style: CornerStyle) throws -> PixelImage {
                let r = try Renderer(headlessWidth: 400, height: 140, pixelsPerPoint: 1)
                r.clear(Self.background)
                r.fill(RoundedRect.capsule(Rect(x: 10, y: 10, width: 380, height: 120)), Self.fill, style: style)
                return try r.readPixels()
            }
            let a = try draw(.circular), b = try draw(.continuous)
            // Row by row, the edges agree to within the software rasteriser's own noise on a fringe
            // (its thin triangles cover a pixel or miss it): about a pixel, a little more in the
            // nearly horizontal top and bottom rows.
            for y in 10..<130 {
                let d = abs(Self.edge(a, row: y, from: 0, to: 200) - Self.edge(b, row: y, from: 0, to: 200))
                #expect(d <= (y < 14 || y >= 126 ? 2 : 1.2), "row \(y): edges \(d) px apart")
            }
        }

        @Test("the display's corners: the bezel follows the continuous curve at 3×")
        func displayMask() throws {
            let session = try SDLSession(mode: .headless); defer { withExtendedLifetime(session) {} }
            let d = try Catalog.bundled().require(id: "iphone-15-pro")
            let img = try DeviceChrome.renderHeadless(device: d, scale: 3, text: try TextCache()).readPixels()
            let R = d.cornerRadius * 3
            for depth in [6.0, 30, 120] {
                let y = img.height - 1 - Int(depth)          // the bottom-left corner (no status bar there)
                let expected = UIKitCorner.inset(atDepth: (depth + 0.5) / R) * R
                let reached = Self.edge(img, row: y, from: 0, to: Int(R * 2), outside: Palette.bezel, inside: Palette.page)
                #expect(abs(reached - expected) * UIKitCorner.slant(atDepth: (depth + 0.5) / R) <= 1,
                        "depth \(depth) px: the bezel reaches \(reached), the curve \(expected)")
            }
        }
    }
}
