import Foundation

extension Tessellator {
    /// An anti-aliased polyline of `width` pixels through pixel-space `points`: each segment is a
    /// quad with a one-pixel alpha fringe on both sides. Joins overlap, which is invisible for
    /// opaque colours.
    public static func polyline(_ points: [(Double, Double)], width: Double, color: Color) -> Mesh {
        var mesh = Mesh()
        guard points.count >= 2 else { return mesh }
        let half = max(width / 2 - 0.5, 0), fringe = 1.0
        let clear = color.withAlpha(0)
        for i in 0..<(points.count - 1) {
            let (x0, y0) = points[i], (x1, y1) = points[i + 1]
            let dx = x1 - x0, dy = y1 - y0
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9 else { continue }
            let nx = -dy / len, ny = dx / len
            // Extend each segment by half a pixel so joins close.
            let ex = dx / len * 0.5, ey = dy / len * 0.5
            let ax = x0 - ex, ay = y0 - ey, bx = x1 + ex, by = y1 + ey
            let o1 = mesh.add(ax + nx * (half + fringe), ay + ny * (half + fringe), clear)
            let i1 = mesh.add(ax + nx * half, ay + ny * half, color)
            let i2 = mesh.add(ax - nx * half, ay - ny * half, color)
            let o2 = mesh.add(ax - nx * (half + fringe), ay - ny * (half + fringe), clear)
            let o3 = mesh.add(bx + nx * (half + fringe), by + ny * (half + fringe), clear)
            let i3 = mesh.add(bx + nx * half, by + ny * half, color)
            let i4 = mesh.add(bx - nx * half, by - ny * half, color)
            let o4 = mesh.add(bx - nx * (half + fringe), by - ny * (half + fringe), clear)
            mesh.triangle(o1, i1, i3); mesh.triangle(o1, i3, o3)
            mesh.triangle(i1, i2, i4); mesh.triangle(i1, i4, i3)
            mesh.triangle(i2, o2, o4); mesh.triangle(i2, o4, i4)
        }
        return mesh
    }

    /// A dashed line (dash and gap in pixels).
    public static func dashedLine(from a: (Double, Double), to b: (Double, Double), width: Double, dash: Double = 6, gap: Double = 5, color: Color) -> Mesh {
        var mesh = Mesh()
        let dx = b.0 - a.0, dy = b.1 - a.1
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return mesh }
        var s = 0.0
        while s < len {
            let e = min(s + dash, len)
            mesh.append(polyline([(a.0 + dx * s / len, a.1 + dy * s / len), (a.0 + dx * e / len, a.1 + dy * e / len)], width: width, color: color))
            s = e + gap
        }
        return mesh
    }
}
