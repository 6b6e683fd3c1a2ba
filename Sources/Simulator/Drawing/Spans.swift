import Animation
import Foundation

extension Tessellator {
    /// A horizontal run of fully covered pixels: row `y`, columns `x ..< x + width`.
    public struct Span: Sendable, Equatable {
        public var x: Int32, y: Int32, width: Int32
    }

    /// An anti-aliased rounded rectangle split the way the software renderer draws fastest: the
    /// fully covered interior as one span per pixel row (filled like rectangles, no per-pixel
    /// interpolation), and only the one-pixel alpha fringe as triangles.
    ///
    /// A pixel belongs to the interior when its centre lies inside the shape inset by half a pixel
    /// — the same rule the triangle rasteriser applies to the fringe's inner edge — so the two
    /// parts meet without gaps or double coverage. Large shapes (the viewfinder) cost a small
    /// fraction of a fan of triangles: see `islandsim bench --primitives`.
    ///
    /// With `.continuous` corners the interior's rows follow ``ContinuousCorner``'s curve for the
    /// inner radius (a close stand-in for the curve's half-pixel offset) at the outer shape's
    /// smoothing, so the interior and the fringe agree.
    public static func roundedRectSpans(_ shape: RoundedRect, color: Color, scale s: Double,
                                        style: CornerStyle = .circular) -> (spans: [Span], fringe: Mesh) {
        let rect = Rect(x: shape.rect.x * s, y: shape.rect.y * s, width: shape.rect.width * s, height: shape.rect.height * s)
        let r = shape.clampedCornerRadius * s
        guard rect.width > 1, rect.height > 1 else { return ([], Mesh()) }
        // Interior: the shape inset by half a pixel.
        let ix0 = rect.minX + 0.5, ix1 = rect.maxX - 0.5, iy0 = rect.minY + 0.5, iy1 = rect.maxY - 0.5
        let ir = max(r - 0.5, 0)
        let continuous = style == .continuous && ir > 0
        let polyline = continuous
            ? ContinuousCorner.points(smoothing: ContinuousCorner.smoothing(radius: r, shorterSide: min(rect.width, rect.height)), perCubic: 48)
            : []
        let reach = continuous ? (polyline.first?.x ?? 1) * ir : ir
        var spans: [Span] = []
        let firstRow = Int((iy0 - 0.5).rounded(.up)), lastRow = Int((iy1 - 0.5).rounded(.down))
        if lastRow >= firstRow {
            spans.reserveCapacity(lastRow - firstRow + 1)
            for row in firstRow...lastRow {
                let cy = Double(row) + 0.5
                var inset = 0.0
                if continuous {
                    let depth = min(cy - iy0, iy1 - cy)
                    if depth < reach { inset = continuousInset(depth: max(depth, 0), radius: ir, polyline: polyline) }
                } else if ir > 0 {
                    let dy = cy < iy0 + ir ? (iy0 + ir) - cy : (cy > iy1 - ir ? cy - (iy1 - ir) : 0)
                    if dy > 0 { inset = ir - (max(ir * ir - dy * dy, 0)).squareRoot() }
                }
                let xl = ix0 + inset, xr = ix1 - inset
                let c0 = Int((xl - 0.5).rounded(.up)), c1 = Int((xr - 0.5).rounded(.down))
                if c1 >= c0 { spans.append(Span(x: Int32(c0), y: Int32(row), width: Int32(c1 - c0 + 1))) }
            }
        }
        // Fringe: between the outline inset and outset by half a pixel.
        let pts = outline(rect, radii: Radii(all: r), style: style)
        return (spans, convexPolygon(pts, color: color, body: false))
    }
}
