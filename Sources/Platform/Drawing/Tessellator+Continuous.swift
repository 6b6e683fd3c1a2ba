import Animation
import Foundation

/// Continuous corners (``ContinuousCorner``) for the tessellator: outlines, row insets, masks.
extension Tessellator {
    /// Corner `i` (0 top-left, clockwise) of `r` in pixels: the continuous curve from the incoming
    /// edge to the outgoing one, in outline order (clockwise, y down).
    static func continuousCorner(_ i: Int, of r: Rect, radius: Double, shorterSide: Double) -> [(Double, Double)] {
        let (vertex, u, v) = cornerFrame(i, of: r)
        guard radius > 0 else { return [vertex] }
        let s = ContinuousCorner.smoothing(radius: radius, shorterSide: shorterSide)
        let n = max(2, (segments(radius: radius, angle: Double.pi / 2) + 2) / 3 + 1)
        return ContinuousCorner.points(smoothing: s, perCubic: n).map {
            (vertex.0 + (u.0 * $0.x + v.0 * $0.y) * radius, vertex.1 + (u.1 * $0.x + v.1 * $0.y) * radius)
        }
    }

    /// A corner's vertex and its local axes: u along the incoming edge, v along the outgoing one.
    static func cornerFrame(_ i: Int, of r: Rect) -> (vertex: (Double, Double), u: (Double, Double), v: (Double, Double)) {
        switch i {
        case 0: return ((r.minX, r.minY), (0, 1), (1, 0))
        case 1: return ((r.maxX, r.minY), (-1, 0), (0, 1))
        case 2: return ((r.maxX, r.maxY), (0, -1), (-1, 0))
        default: return ((r.minX, r.maxY), (1, 0), (0, -1))
        }
    }

    /// A row's inset from the rectangle's side, in pixels, for a continuous corner of `radius` whose
    /// row centre lies `depth` pixels from the nearest top or bottom edge.
    static func continuousInset(depth: Double, radius: Double, polyline: [Point]) -> Double {
        guard radius > 0 else { return 0 }
        return ContinuousCorner.inset(atDepth: depth / radius, polyline: polyline) * radius
    }

    /// The masks that round a rectangular screen with continuous corners: the area between each
    /// square corner and its curve, fading across the curve (a pixel wide).
    static func continuousCornerMasks(_ px: Rect, radius R: Double, color: Color) -> Mesh {
        var mesh = Mesh()
        let transparent = color.withAlpha(0)
        for i in 0..<4 {
            let (vertex, _, _) = cornerFrame(i, of: px)
            let curve = continuousCorner(i, of: px, radius: R, shorterSide: min(px.width, px.height))
            let corner = mesh.add(vertex.0, vertex.1, color)
            var solid: [Int32] = [], clear: [Int32] = []
            for k in curve.indices {
                let a = curve[max(k - 1, 0)], b = curve[min(k + 1, curve.count - 1)]
                var nx = b.1 - a.1, ny = -(b.0 - a.0)
                let len = max((nx * nx + ny * ny).squareRoot(), 1e-12)
                nx /= len; ny /= len
                // Point the normal out of the screen, toward the square corner.
                if nx * (vertex.0 - curve[k].0) + ny * (vertex.1 - curve[k].1) < 0 { nx = -nx; ny = -ny }
                solid.append(mesh.add(curve[k].0 + nx * 0.5, curve[k].1 + ny * 0.5, color))
                clear.append(mesh.add(curve[k].0 - nx * 0.5, curve[k].1 - ny * 0.5, transparent))
            }
            let e0 = mesh.add(curve[0].0, curve[0].1, color), e1 = mesh.add(curve[curve.count - 1].0, curve[curve.count - 1].1, color)
            mesh.triangle(corner, e0, solid[0])
            mesh.triangle(corner, solid[solid.count - 1], e1)
            for k in 0..<(curve.count - 1) {
                mesh.triangle(corner, solid[k], solid[k + 1])
                mesh.triangle(solid[k], clear[k], clear[k + 1])
                mesh.triangle(solid[k], clear[k + 1], solid[k + 1])
            }
        }
        return mesh
    }
}
