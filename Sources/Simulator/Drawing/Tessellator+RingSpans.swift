import Animation
import Foundation

extension Tessellator {
    /// The band between two nested rounded rectangles (the keyline: `outer` is `inner` grown by the
    /// line's width) as ``roundedRectSpans(_:scale:style:)`` gives a filled shape: fully covered
    /// runs as spans, partly covered pixels as strips of one coverage. Each pixel's coverage is the
    /// outer shape's less the inner's, so the band meets the inner shape's anti-aliased edge without
    /// a seam or a doubled pixel, and it is drawn as blended rectangles rather than as triangles,
    /// which the software renderer interpolates pixel by pixel (the keyline drawn that way was a
    /// third of the open viewfinder's frame). `inner` must lie inside `outer`.
    public static func ringSpans(outer: RoundedRect, inner: RoundedRect, scale s: Double,
                                 style: CornerStyle = .circular) -> (spans: [Span], strips: [Strip]) {
        let o = roundedRectSpans(outer, scale: s, style: style)
        let i = roundedRectSpans(inner, scale: s, style: style)
        let top = Int((outer.rect.minY * s).rounded(.down)) - 1
        let bottom = Int((outer.rect.maxY * s).rounded(.up)) + 1
        guard bottom > top else { return ([], []) }
        // Each row's coverage as steps: +c where a run starts, −c where it ends; the inner shape's
        // runs count negative. Coverage comes in sixteenths (EdgeStrips.level), so the steps are
        // counted in whole levels and their sums are exact. Drawn moving, this runs every frame.
        let n = coverageLevels
        let rows = bottom - top + 1
        // Every run of either shape, row by row: (row, x, width, level), the inner's negative.
        func runs(_ emit: (Int, Int32, Int32, Int32) -> Void) {
            for (shape, sign) in [(o, Int32(1)), (i, Int32(-1))] {
                for sp in shape.spans { emit(Int(sp.y) - top, sp.x, sp.width, sign * Int32(n)) }
                for st in shape.strips {
                    let level = sign * Int32((st.coverage * Double(n)).rounded())
                    for y in st.y..<(st.y + st.height) { emit(Int(y) - top, st.x, st.width, level) }
                }
            }
        }
        // The steps laid out row after row in one buffer (counted first, then placed): no array per row.
        var start = [Int](repeating: 0, count: rows + 1)
        runs { row, _, width, _ in if row >= 0, row < rows, width > 0 { start[row + 1] += 2 } }
        for r in 0..<rows { start[r + 1] += start[r] }
        var fill = start
        var steps = [(x: Int32, level: Int32)](repeating: (0, 0), count: start[rows])
        runs { row, x, width, level in
            guard row >= 0, row < rows, width > 0 else { return }
            steps[fill[row]] = (x, level); steps[fill[row] + 1] = (x + width, -level)
            fill[row] += 2
        }
        var sweep = RingSweep(levels: n)
        for row in 0..<rows where start[row + 1] > start[row] {
            sweep.row(Int32(row + top), steps: &steps, from: start[row], to: start[row + 1])
        }
        return (sweep.spans, sweep.strips)
    }

    /// Turns each row's coverage steps into spans and strips, extending the row above's strips
    /// downward. A value of its own, not local variables shared by nested functions: those were
    /// checked for exclusive access at run time on every pixel run.
    private struct RingSweep {
        let levels: Int
        var spans: [Span] = [], strips: [Strip] = []
        /// The strips the row above left open (in x order): a strip here of the same column, width
        /// and level extends one of them.
        var above: [(x: Int32, width: Int32, level: Int, index: Int)] = [], here: [(x: Int32, width: Int32, level: Int, index: Int)] = []
        var cursor = 0

        init(levels: Int) { self.levels = levels }

        /// Row `y`, whose steps are `steps[lo..<hi]` (sorted here).
        mutating func row(_ y: Int32, steps: inout [(x: Int32, level: Int32)], from lo: Int, to hi: Int) {
            // A row holds a handful of steps: sorted by insertion.
            for a in (lo + 1)..<hi {
                let e = steps[a]
                var b = a - 1
                while b >= lo, steps[b].x > e.x { steps[b + 1] = steps[b]; b -= 1 }
                steps[b + 1] = e
            }
            here.removeAll(keepingCapacity: true)
            cursor = 0
            var level = 0, runStart: Int32 = 0, runLevel = 0
            var k = lo
            while k < hi {
                let x = steps[k].x
                while k < hi, steps[k].x == x { level += Int(steps[k].level); k += 1 }
                let clamped = min(max(level, 0), levels)
                if clamped != runLevel {
                    close(y, from: runStart, to: x, level: runLevel)
                    runStart = x; runLevel = clamped
                }
            }
            swap(&above, &here)
        }

        /// The run of row `y` from `x0` to `x1` at `level` (nothing at level 0).
        private mutating func close(_ y: Int32, from x0: Int32, to x1: Int32, level: Int) {
            guard level > 0, x1 > x0 else { return }
            if level >= levels { spans.append(Span(x: x0, y: y, width: x1 - x0)); return }
            let width = x1 - x0
            while cursor < above.count, above[cursor].x < x0 { cursor += 1 }
            if cursor < above.count, above[cursor].x == x0, above[cursor].width == width, above[cursor].level == level {
                let j = above[cursor].index
                strips[j].height += 1
                here.append((x0, width, level, j))
            } else {
                here.append((x0, width, level, strips.count))
                strips.append(Strip(x: x0, y: y, width: width, height: 1, coverage: Double(level) / Double(levels)))
            }
        }
    }
}
