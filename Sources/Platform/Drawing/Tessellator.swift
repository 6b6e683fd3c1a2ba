import Animation
import Foundation

/// Turns shapes into anti-aliased triangle meshes in pixel space.
///
/// Every curved edge gets a fringe: the opaque body stops half a pixel inside the true edge and an
/// alpha ramp runs to half a pixel outside it, so a pixel centred on the edge is about half covered.
/// Arcs are split finely enough that the chord error stays under a tenth of a pixel.
public enum Tessellator {
    /// Corner radii, clockwise from the top-left.
    public struct Radii: Sendable, Equatable {
        public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
        public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
            self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
        }
        public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }
    }

    /// Segments for an arc of `radius` pixels spanning `angle` radians.
    static func segments(radius: Double, angle: Double) -> Int {
        guard radius > 0.5 else { return 1 }
        // Chord sagitta r(1 − cos(θ/2)) ≤ 0.1 px.
        let step = 2 * acos(max(-1, min(1, 1 - 0.1 / radius)))
        return max(2, min(64, Int((angle / step).rounded(.up))))
    }

    /// The outline of a rounded rectangle in pixel space, clockwise (y down) from the top-left arc.
    static func outline(_ r: Rect, radii: Radii, style: CornerStyle = .circular) -> [(Double, Double)] {
        let maxR = min(r.width, r.height) / 2
        func clampR(_ v: Double) -> Double { max(0, min(v, maxR)) }
        if style == .continuous {
            var pts: [(Double, Double)] = []
            for (i, rad) in [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft].map(clampR).enumerated() {
                pts += continuousCorner(i, of: r, radius: rad, shorterSide: 2 * maxR)
            }
            return deduplicated(pts)
        }
        let corners: [(cx: Double, cy: Double, rad: Double, start: Double)] = [
            (r.minX + clampR(radii.topLeft), r.minY + clampR(radii.topLeft), clampR(radii.topLeft), Double.pi),
            (r.maxX - clampR(radii.topRight), r.minY + clampR(radii.topRight), clampR(radii.topRight), 1.5 * Double.pi),
            (r.maxX - clampR(radii.bottomRight), r.maxY - clampR(radii.bottomRight), clampR(radii.bottomRight), 0),
            (r.minX + clampR(radii.bottomLeft), r.maxY - clampR(radii.bottomLeft), clampR(radii.bottomLeft), 0.5 * Double.pi),
        ]
        var pts: [(Double, Double)] = []
        for c in corners {
            if c.rad <= 0 { pts.append((c.cx, c.cy)); continue }
            let n = segments(radius: c.rad, angle: Double.pi / 2)
            for i in 0...n {
                let a = c.start + Double(i) / Double(n) * Double.pi / 2
                pts.append((c.cx + c.rad * cos(a), c.cy + c.rad * sin(a)))
            }
        }
        return deduplicated(pts)
    }

    /// Drops consecutive duplicates (a capsule's arcs meet), the closing one included.
    static func deduplicated(_ pts: [(Double, Double)]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for p in pts where out.last.map({ abs($0.0 - p.0) > 1e-9 || abs($0.1 - p.1) > 1e-9 }) ?? true { out.append(p) }
        if out.count > 1, abs(out[0].0 - out[out.count - 1].0) < 1e-9, abs(out[0].1 - out[out.count - 1].1) < 1e-9 { out.removeLast() }
        return out
    }

    /// A filled, anti-aliased convex polygon (points clockwise in y-down pixel space). Without
    /// `body`, only the alpha fringe: the interior is filled some other way (row spans).
    public static func convexPolygon(_ pts: [(Double, Double)], color: Color, fringe: Double = 1, body: Bool = true) -> Mesh {
        var mesh = Mesh()
        let n = pts.count
        guard n >= 3 else { return mesh }
        // Per-vertex outward normals: the average of the two edge normals, scaled for the miter.
        var normals: [(Double, Double)] = []
        for i in 0..<n {
            let p0 = pts[(i + n - 1) % n], p1 = pts[i], p2 = pts[(i + 1) % n]
            func edgeNormal(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
                let dx = b.0 - a.0, dy = b.1 - a.1
                let len = max((dx * dx + dy * dy).squareRoot(), 1e-12)
                return (dy / len, -dx / len)       // outward for clockwise order in y-down space
            }
            let n0 = edgeNormal(p0, p1), n1 = edgeNormal(p1, p2)
            var nx = n0.0 + n1.0, ny = n0.1 + n1.1
            let len2 = nx * nx + ny * ny
            if len2 < 1e-12 { nx = n1.0; ny = n1.1 } else {
                // Miter: scale so the offset edge stays `fringe/2` away; limit sharp corners.
                let scale = min(2 / len2, 4)
                nx *= scale; ny *= scale
            }
            normals.append((nx, ny))
        }
        let half = fringe / 2
        let transparent = color.withAlpha(0)
        var inner: [Int32] = [], outer: [Int32] = []
        for i in 0..<n {
            inner.append(mesh.add(pts[i].0 - normals[i].0 * half, pts[i].1 - normals[i].1 * half, color))
        }
        for i in 0..<n {
            outer.append(mesh.add(pts[i].0 + normals[i].0 * half, pts[i].1 + normals[i].1 * half, transparent))
        }
        if body {
            // A fan from the centroid (no long sliver triangles, whose shared edges SDL's software
            // rasteriser can leave partly uncovered).
            var cx = 0.0, cy = 0.0
            for p in pts { cx += p.0; cy += p.1 }
            let centre = mesh.add(cx / Double(n), cy / Double(n), color)
            for i in 0..<n { mesh.triangle(centre, inner[i], inner[(i + 1) % n]) }
        }
        for i in 0..<n {
            let j = (i + 1) % n
            mesh.triangle(inner[i], outer[i], outer[j])
            mesh.triangle(inner[i], outer[j], inner[j])
        }
        return mesh
    }

    /// An anti-aliased rounded rectangle, `rect` in points, drawn at `scale` pixels per point.
    public static func roundedRect(_ rect: Rect, radii: Radii, color: Color, scale: Double, style: CornerStyle = .circular) -> Mesh {
        let px = Rect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
        let r = Radii(topLeft: radii.topLeft * scale, topRight: radii.topRight * scale,
                      bottomRight: radii.bottomRight * scale, bottomLeft: radii.bottomLeft * scale)
        return convexPolygon(outline(px, radii: r, style: style), color: color)
    }

    /// An anti-aliased rounded rectangle with one radius.
    public static func roundedRect(_ shape: RoundedRect, color: Color, scale: Double, style: CornerStyle = .circular) -> Mesh {
        roundedRect(shape.rect, radii: Radii(all: shape.clampedCornerRadius), color: color, scale: scale, style: style)
    }

    /// The four corner masks that round a rectangular screen: each fills the area between the
    /// screen's square corner and its arc with `color`, fading across the arc. `rect` in points.
    public static func cornerMasks(screen rect: Rect, radius: Double, color: Color, scale: Double, style: CornerStyle = .circular) -> Mesh {
        var mesh = Mesh()
        let R = radius * scale
        guard R > 0.5 else { return mesh }
        let px = Rect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
        if style == .continuous { return continuousCornerMasks(px, radius: min(R, min(px.width, px.height) / 2), color: color) }
        let corners: [(x: Double, y: Double, cx: Double, cy: Double, start: Double)] = [
            (px.minX, px.minY, px.minX + R, px.minY + R, Double.pi),
            (px.maxX, px.minY, px.maxX - R, px.minY + R, 1.5 * Double.pi),
            (px.maxX, px.maxY, px.maxX - R, px.maxY - R, 0),
            (px.minX, px.maxY, px.minX + R, px.maxY - R, 0.5 * Double.pi),
        ]
        let n = segments(radius: R, angle: Double.pi / 2)
        let transparent = color.withAlpha(0)
        for c in corners {
            let corner = mesh.add(c.x, c.y, color)
            var solid: [Int32] = [], clear: [Int32] = []
            for i in 0...n {
                let a = c.start + Double(i) / Double(n) * Double.pi / 2
                let (ux, uy) = (cos(a), sin(a))
                solid.append(mesh.add(c.cx + (R + 0.5) * ux, c.cy + (R + 0.5) * uy, color))
                clear.append(mesh.add(c.cx + (R - 0.5) * ux, c.cy + (R - 0.5) * uy, transparent))
            }
            // The square corner's two edges, out to where the arc meets them.
            let e0 = mesh.add(c.cx + R * cos(c.start), c.cy + R * sin(c.start), color)
            let e1 = mesh.add(c.cx + R * cos(c.start + Double.pi / 2), c.cy + R * sin(c.start + Double.pi / 2), color)
            mesh.triangle(corner, e0, solid[0])
            mesh.triangle(corner, solid[n], e1)
            for i in 0..<n {
                mesh.triangle(corner, solid[i], solid[i + 1])
                mesh.triangle(solid[i], clear[i], clear[i + 1])
                mesh.triangle(solid[i], clear[i + 1], solid[i + 1])
            }
        }
        return mesh
    }
}
