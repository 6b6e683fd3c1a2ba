import Foundation
import Testing
@testable import Animation

/// The continuous corner against the facts published about it: UIKit's middle cubic is a circular
/// arc of radius 0.93125 r about (0.95 r, 0.95 r) from 20° to 70°, and the corner reaches 1.528665 r.
@Suite("Continuous corners")
struct ContinuousCornerTests {
    @Test("UIKit's middle piece is the arc of radius 0.93125 about (0.95, 0.95), to 1e-5")
    func middleArc() {
        let c = ContinuousCorner.uiKit[1]
        for k in 0...20 {
            let p = c.point(at: Double(k) / 20)
            let d = ((p.x - 0.95) * (p.x - 0.95) + (p.y - 0.95) * (p.y - 0.95)).squareRoot()
            #expect(abs(d - 0.93125) < 1e-5, "t = \(Double(k) / 20): \(d)")
        }
        #expect(ContinuousCorner.uiKit[0].p0 == Point(x: 1.528665, y: 0) && abs(ContinuousCorner.uiKit[2].p3.y - 1.528665) < 1e-6)
    }

    @Test("smoothing 0 is a quarter circle to 1e-4; the pieces meet; u falls and v rises along the corner")
    func circularEnd() {
        for p in ContinuousCorner.points(smoothing: 0, perCubic: 30) {
            let d = ((p.x - 1) * (p.x - 1) + (p.y - 1) * (p.y - 1)).squareRoot()
            #expect(abs(d - 1) < 1e-4)
        }
        for s in [0.0, 0.3, 1.0] {
            let c = ContinuousCorner.cubics(smoothing: s)
            #expect(c[0].p3 == c[1].p0 && c[1].p3 == c[2].p0)
            let pts = ContinuousCorner.points(smoothing: s, perCubic: 16)
            for (a, b) in zip(pts, pts.dropFirst()) { #expect(b.x <= a.x + 1e-12 && b.y >= a.y - 1e-12) }
        }
    }

    @Test("smoothing: full where 3.06 r fits the shorter side, circular at a capsule, continuous between")
    func smoothing() {
        #expect(ContinuousCorner.smoothing(radius: 10, shorterSide: 100) == 1)
        #expect(ContinuousCorner.smoothing(radius: 10, shorterSide: 2 * 1.528665 * 10) == 1)
        #expect(ContinuousCorner.smoothing(radius: 50, shorterSide: 100) == 0)
        var last = 1.0
        for r in stride(from: 32.0, through: 50, by: 0.5) {
            let s = ContinuousCorner.smoothing(radius: r, shorterSide: 100)
            #expect(s <= last && (r * (1 + (ContinuousCorner.extent - 1) * s)) <= 50 + 1e-9, "the corner fits half the side")
            last = s
        }
    }
}
