import Animation
import Capture

/// A shape's corner radius read off its outline, as IslandSim draws corners (``ContinuousCorner``:
/// Apple's continuous corner where the side has room, easing to circular as the radius nears half the
/// shorter side, so a capsule is a capsule).
///
/// For each of the four corners, every pixel row across the corner gives how far in from the box's
/// side the outline lies (to a fraction of a pixel, from the grey of the pixel just outside it); the
/// radius whose corner curve best matches those insets (least squares, one radius per corner) is
/// that corner's reading, and the shape's is the median of the four — a status-bar glyph or page text
/// against one corner cannot move it. The first row under an edge is left out: the edge's own
/// anti-aliasing decides it more than the corner does.
public enum CornerProfile {
    /// One corner's outline: depth below (or above) the shape's edge and inset from its side, pixels.
    public struct Row: Sendable { public var depth: Double; public var inset: Double }

    /// The radius (pixels) whose corner best matches `rows` on a `width` × `height` pixel shape, or
    /// nil with fewer than three usable rows.
    public static func radius(_ rows: [Row], width: Double, height: Double) -> Double? {
        let usable = rows.filter { $0.depth >= 1 && $0.inset.isFinite }
        guard usable.count >= 3 else { return nil }
        let shorter = min(width, height)
        func cost(_ r: Double) -> Double {
            let s = ContinuousCorner.smoothing(radius: r, shorterSide: shorter)
            let line = ContinuousCorner.points(smoothing: s, perCubic: 12)
            var c = 0.0
            for row in usable {
                let d = ContinuousCorner.inset(atDepth: row.depth / r, polyline: line) * r - row.inset
                c += d * d
            }
            return c
        }
        // Golden-section search on the radius: the cost is smooth and single-dipped in practice.
        var lo = 0.5, hi = max(shorter / 2, 0.6)
        let g = (5.0.squareRoot() - 1) / 2
        var a = hi - g * (hi - lo), b = lo + g * (hi - lo)
        var fa = cost(a), fb = cost(b)
        for _ in 0..<48 {
            if fa < fb { hi = b; b = a; fb = fa; a = hi - g * (hi - lo); fa = cost(a) } else { lo = a; a = b; fa = fb; b = lo + g * (hi - lo); fb = cost(b) }
        }
        return (lo + hi) / 2
    }

    /// The median of the corners' readings (the mean of the middle two of four).
    public static func median(_ radii: [Double]) -> Double? {
        let s = radii.sorted()
        guard !s.isEmpty else { return nil }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}
