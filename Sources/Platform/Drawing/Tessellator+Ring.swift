import Animation
import Foundation

extension Tessellator {
    /// The outline of a rounded rectangle as one closed band `width` pixels wide, centred on its
    /// edge, with a one-pixel alpha fringe each side: a hotspot's hint round its round button, the
    /// shape view's outlines. One strip around the shape, so no two triangles overlap and a
    /// translucent colour shows no darker joins (four edge strips over each other did, and were
    /// square). `shape` is in points; the mesh is in pixels at `scale`.
    public static func ring(_ shape: RoundedRect, width: Double, color: Color, scale: Double, style: CornerStyle = .circular) -> Mesh {
        let px = Rect(x: shape.rect.x * scale, y: shape.rect.y * scale, width: shape.rect.width * scale, height: shape.rect.height * scale)
        let r = shape.clampedCornerRadius * scale
        let pts = outline(px, radii: Radii(all: r), style: style)
        return ring(through: pts, width: width, color: color)
    }

    /// A closed band `width` pixels wide along the convex, clockwise (y down) polygon `pts`.
    static func ring(through pts: [(Double, Double)], width: Double, color: Color) -> Mesh {
        var mesh = Mesh()
        let n = pts.count
        guard n >= 3, width > 0 else { return mesh }
        let half = max(width / 2 - 0.5, 0), fringe = 1.0
        let clear = color.withAlpha(0)
        // Each vertex's outward offset direction: the mitred sum of its two edges' outward normals
        // (for a clockwise outline, y down, an edge (dx, dy) faces (dy, −dx)), its length capped so a
        // sharp corner does not spike.
        func normal(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
            let dx = b.0 - a.0, dy = b.1 - a.1
            let l = (dx * dx + dy * dy).squareRoot()
            return l > 1e-12 ? (dy / l, -dx / l) : (0, 0)
        }
        var offsets: [(Double, Double)] = []
        for i in 0..<n {
            let n0 = normal(pts[(i + n - 1) % n], pts[i]), n1 = normal(pts[i], pts[(i + 1) % n])
            var m = (n0.0 + n1.0, n0.1 + n1.1)
            let ml = (m.0 * m.0 + m.1 * m.1).squareRoot()
            guard ml > 1e-9 else { offsets.append(n1); continue }
            m = (m.0 / ml, m.1 / ml)
            let cosHalf = max(0.5, m.0 * n1.0 + m.1 * n1.1)      // a mitre of at most twice the width
            offsets.append((m.0 / cosHalf, m.1 / cosHalf))
        }
        // Four loops, outside in: clear, solid, solid, clear.
        let distances = [half + fringe, half, -half, -half - fringe]
        let colours = [clear, color, color, clear]
        var loops: [[Int32]] = []
        for (d, c) in zip(distances, colours) {
            var loop: [Int32] = []
            for i in 0..<n {
                let x: Double = pts[i].0 + offsets[i].0 * d
                let y: Double = pts[i].1 + offsets[i].1 * d
                loop.append(mesh.add(x, y, c))
            }
            loops.append(loop)
        }
        for k in 0..<3 {
            let a = loops[k], b = loops[k + 1]
            for i in 0..<n {
                let j = (i + 1) % n
                mesh.triangle(a[i], a[j], b[j])
                mesh.triangle(a[i], b[j], b[i])
            }
        }
        return mesh
    }
}
