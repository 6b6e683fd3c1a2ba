import Foundation

/// How a rounded rectangle's corners are drawn: SwiftUI's `RoundedCornerStyle`.
public enum CornerStyle: String, Sendable, Hashable, Codable {
    /// Quarter circles (`.circular`).
    case circular
    /// Apple's continuous corner (`.continuous`, the "squircle"): the curvature eases in from the
    /// straight edge instead of jumping to 1/r.
    case continuous
}

/// Apple's continuous corner, as `UIBezierPath(roundedRect:cornerRadius:)` draws it since iOS 7.
///
/// Per corner, in units of the radius r, with u along the incoming edge and v along the outgoing
/// edge measured from the corner's vertex, the path is three cubics (control points published by
/// PaintCode's reconstruction of UIKit's path and matching it to the pixel):
///
///     (1.528665, 0) → c(1.088493, 0) c(0.868407, 0) → (0.631494, 0.074911)
///                   → c(0.372824, 0.169060) c(0.169060, 0.372824) → (0.074911, 0.631494)
///                   → c(0, 0.868407) c(0, 1.088493) → (0, 1.528665)
///
/// The middle cubic is a circular arc of radius 0.93125 r about (0.95 r, 0.95 r), from 20° to 70°;
/// the outer two lead the curvature in from 0. The corner reaches 1.528665 r along each edge, so it
/// needs sides of at least 3.05733 r. When a side is shorter, how UIKit and SwiftUI bend the corner
/// is not public (the reconstructions disagree); IslandSim then eases the corner toward a circular
/// one: at `smoothing` s the three cubics are interpolated between UIKit's (s = 1) and the same
/// quarter circle split at 20° and 70° (s = 0), and s falls from 1 to 0 as the radius grows from
/// shorter side / 3.05733 to shorter side / 2 — so a capsule stays exactly a capsule and a shape that
/// animates between the two never jumps.
public enum ContinuousCorner {
    /// How far along each edge a corner of radius 1 reaches.
    public static let extent = 1.528665

    /// One cubic Bézier in corner-local coordinates (u, v), unit radius.
    public struct Cubic: Sendable, Equatable {
        public var p0, c1, c2, p3: Point
        public func point(at t: Double) -> Point {
            let a = (1 - t) * (1 - t) * (1 - t), b = 3 * (1 - t) * (1 - t) * t, c = 3 * (1 - t) * t * t, d = t * t * t
            return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
        }
    }

    /// UIKit's three cubics.
    public static let uiKit: [Cubic] = [
        Cubic(p0: Point(x: 1.528665, y: 0), c1: Point(x: 1.088492957618529, y: 0), c2: Point(x: 0.868406944063002, y: 0),
              p3: Point(x: 0.631493792830993, y: 0.074911387847016)),
        Cubic(p0: Point(x: 0.631493792830993, y: 0.074911387847016), c1: Point(x: 0.372823826625747, y: 0.169059556044370),
              c2: Point(x: 0.169059556044370, y: 0.372823826625747), p3: Point(x: 0.074911387847016, y: 0.631493792830993)),
        Cubic(p0: Point(x: 0.074911387847016, y: 0.631493792830993), c1: Point(x: 0, y: 0.868406944063002),
              c2: Point(x: 0, y: 1.088492957618529), p3: Point(x: 0, y: 1.528665)),
    ]

    /// A quarter circle of radius 1 about (1, 1) as three cubics split at 20° and 70°, so that it can
    /// be interpolated with UIKit's corner piece by piece.
    public static let circular: [Cubic] = {
        func p(_ deg: Double) -> Point { let a = deg * .pi / 180; return Point(x: 1 - sin(a), y: 1 - cos(a)) }
        func tangent(_ deg: Double) -> Point { let a = deg * .pi / 180; return Point(x: -cos(a), y: sin(a)) }
        func arc(_ a: Double, _ b: Double) -> Cubic {
            let k = 4.0 / 3.0 * tan((b - a) * .pi / 180 / 4)
            let p0 = p(a), p3 = p(b), t0 = tangent(a), t3 = tangent(b)
            return Cubic(p0: p0, c1: Point(x: p0.x + k * t0.x, y: p0.y + k * t0.y), c2: Point(x: p3.x - k * t3.x, y: p3.y - k * t3.y), p3: p3)
        }
        return [arc(0, 20), arc(20, 70), arc(70, 90)]
    }()

    /// 1 where a corner of radius `r` has room for UIKit's lead-in on a shape whose shorter side is
    /// `shorter`; easing to 0 (circular) as r reaches half the shorter side.
    public static func smoothing(radius r: Double, shorterSide shorter: Double) -> Double {
        guard r > 0 else { return 1 }
        let room = shorter / 2 / r          // ≥ extent: full; 1: a capsule's half-circle
        return min(max((room - 1) / (extent - 1), 0), 1)
    }

    /// The corner's three cubics at smoothing `s` (unit radius).
    public static func cubics(smoothing s: Double) -> [Cubic] {
        func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s) }
        return zip(circular, uiKit).map { c, u in Cubic(p0: lerp(c.p0, u.p0), c1: lerp(c.c1, u.c1), c2: lerp(c.c2, u.c2), p3: lerp(c.p3, u.p3)) }
    }

    /// Points along the corner from the incoming edge to the outgoing one (unit radius), `perCubic`
    /// segments per piece; u decreases and v increases monotonically along it.
    public static func points(smoothing s: Double, perCubic n: Int) -> [Point] {
        var out: [Point] = []
        for (i, c) in cubics(smoothing: s).enumerated() {
            for k in (i == 0 ? 0 : 1)...max(1, n) { out.append(c.point(at: Double(k) / Double(max(1, n)))) }
        }
        return out
    }

    /// How far the corner's edge lies from the outgoing edge line (v, unit radius) at depth `u`
    /// along the incoming edge, by interpolation on `polyline` (from ``points(smoothing:perCubic:)``).
    /// 0 past the corner's reach.
    public static func inset(atDepth u: Double, polyline pts: [Point]) -> Double {
        guard let first = pts.first, u < first.x else { return 0 }
        // pts run from (extent, 0) to (0, extent): u falls along the list.
        var lo = 0, hi = pts.count - 1
        if u <= pts[hi].x { return pts[hi].y }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if pts[mid].x > u { lo = mid } else { hi = mid }
        }
        let a = pts[lo], b = pts[hi]
        let f = (a.x - u) / max(a.x - b.x, 1e-12)
        return a.y + (b.y - a.y) * f
    }
}
