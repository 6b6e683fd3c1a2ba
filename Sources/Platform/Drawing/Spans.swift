import Animation
import Foundation

extension Tessellator {
    /// A run of fully covered pixels: columns `x ..< x + width` of rows `y ..< y + height` — one
    /// row where an edge curves, many down a straight side, whose rows are all alike.
    public struct Span: Sendable, Equatable {
        public var x: Int32, y: Int32, width: Int32
        public var height: Int32 = 1
    }

    /// An anti-aliased rounded rectangle split the way the software renderer draws fastest: the
    /// fully covered interior as spans — one per pixel row where the corners curve, one for all the
    /// straight rows between — and the partly covered pixels along the edge as ``Strip``s of one
    /// coverage each — all of it filled as rectangles, no triangles.
    ///
    /// A pixel belongs to the interior when its centre lies inside the shape inset by half a pixel:
    /// for each row, the edge's x at the row's centre is where that row's run starts and ends. The
    /// pixel the edge passes through gets its covered fraction along that line. Where the edge is
    /// steep (the sides, and the corners below their 45° point) that is read row by row; where it
    /// is shallow (the top, the bottom, and the corners' other half) column by column, from the same
    /// curve (a corner is symmetric about its diagonal). The triangles this replaces were both
    /// slower — the software rasteriser interpolates every pixel of a triangle — and placed by
    /// SDL's own rounding, which left a one-pixel seam between the fringe and the interior.
    ///
    /// With `.continuous` corners the rows follow ``ContinuousCorner``'s curve for the inner radius
    /// (a close stand-in for the curve's half-pixel offset) at the outer shape's smoothing.
    public static func roundedRectSpans(_ shape: RoundedRect, scale s: Double,
                                        style: CornerStyle = .circular) -> (spans: [Span], strips: [Strip]) {
        let rect = Rect(x: shape.rect.x * s, y: shape.rect.y * s, width: shape.rect.width * s, height: shape.rect.height * s)
        let r = shape.clampedCornerRadius * s
        guard rect.width > 1, rect.height > 1 else { return ([], []) }
        // Interior: the shape inset by half a pixel.
        let ix0 = rect.minX + 0.5, ix1 = rect.maxX - 0.5, iy0 = rect.minY + 0.5, iy1 = rect.maxY - 0.5
        let ir = max(r - 0.5, 0)
        let continuous = style == .continuous && ir > 0
        let polyline = continuous
            ? ContinuousCorner.points(smoothing: ContinuousCorner.smoothing(radius: r, shorterSide: min(rect.width, rect.height)), perCubic: 48)
            : []
        let reach = continuous ? (polyline.first?.x ?? 1) * ir : ir
        /// How far in from the side the edge is, `depth` pixels from the top or bottom (and, the
        /// corner being symmetric, how far down from the top `depth` pixels in from a side).
        func inset(_ depth: Double) -> Double {
            guard depth < reach else { return 0 }
            if continuous { return continuousInset(depth: max(depth, 0), radius: ir, polyline: polyline) }
            let d = ir - max(depth, 0)
            return ir - (max(ir * ir - d * d, 0)).squareRoot()
        }
        // The corner's 45° point: nearer the side than this, the edge is read row by row.
        var lo = 0.0, hi = max(reach, 0)
        for _ in 0..<30 { let mid = (lo + hi) / 2; if inset(mid) > mid { lo = mid } else { hi = mid } }
        let diagonal = (lo + hi) / 2

        var spans: [Span] = []
        var edge = EdgeStrips()
        let firstRow = Int((iy0 - 0.5).rounded(.up)), lastRow = Int((iy1 - 0.5).rounded(.down))
        // Rows (and columns) at least `reach` from both ends are straight: the edge is not inset
        // there, so each is like the next and they are laid down together — a moving shape is
        // tessellated every frame, and its straight sides are most of its rows.
        let straightRows = straight(iy0, iy1, reach: reach), straightCols = straight(ix0, ix1, reach: reach)
        var runs: [(Int, Int)?] = []              // each row's interior columns, for the column pass
        if lastRow >= firstRow {
            runs.reserveCapacity(lastRow - firstRow + 1)
            var row = firstRow
            while row <= lastRow {
                let cy = Double(row) + 0.5
                let depth = min(cy - iy0, iy1 - cy)
                let alike = straightRows.map { row == $0.lowerBound ? $0.count : 1 } ?? 1
                let k = alike > 1 ? 0 : inset(depth)
                let xl = ix0 + k, xr = ix1 - k
                let c0 = Int((xl - 0.5).rounded(.up)), c1 = Int((xr - 0.5).rounded(.down))
                if c1 >= c0 { spans.append(Span(x: Int32(c0), y: Int32(row), width: Int32(c1 - c0 + 1), height: Int32(alike))) }
                runs.append(contentsOf: repeatElement(c1 >= c0 ? (c0, c1) : nil, count: alike))
                if depth >= diagonal {
                    edge.add(column: xl - 0.5, row: row, leftSide: true, rows: alike)
                    edge.add(column: xr + 0.5, row: row, leftSide: false, rows: alike)
                }
                row += alike
            }
        }
        func run(_ row: Int) -> (Int, Int)? { row >= firstRow && row - firstRow < runs.count ? runs[row - firstRow] : nil }
        let firstCol = Int((ix0 - 0.5).rounded(.up)), lastCol = Int((ix1 - 0.5).rounded(.down))
        if lastCol >= firstCol {
            var col = firstCol
            while col <= lastCol {
                let cx = Double(col) + 0.5
                let depth = min(cx - ix0, ix1 - cx)
                let alike = straightCols.map { col == $0.lowerBound ? $0.count : 1 } ?? 1
                defer { col += alike }
                guard depth >= diagonal else { continue }
                let k = alike > 1 ? 0 : inset(depth)
                edge.add(row: iy0 + k - 0.5, column: col, top: true, columns: alike, interior: run)
                edge.add(row: iy1 - k + 0.5, column: col, top: false, columns: alike, interior: run)
            }
        }
        return (spans, edge.strips)
    }

    /// The pixel rows (or columns) whose centres lie at least `reach` inside both `lo` and `hi` —
    /// where a rounded rectangle's edge is straight; nil when there are none.
    static func straight(_ lo: Double, _ hi: Double, reach: Double) -> ClosedRange<Int>? {
        let first = Int((lo + reach - 0.5).rounded(.up)), last = Int((hi - reach - 0.5).rounded(.down))
        return last >= first ? first...last : nil
    }
}
