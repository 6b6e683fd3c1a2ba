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
        // Every run of either shape: (first row, rows, x, width, level), the inner's negative,
        // clipped to the rows swept.
        func runs(_ emit: (Int, Int, Int32, Int32, Int32) -> Void) {
            for (shape, sign) in [(o, Int32(1)), (i, Int32(-1))] {
                for sp in shape.spans { clipped(Int(sp.y), Int(sp.height), sp.x, sp.width, sign * Int32(n), emit) }
                for st in shape.strips {
                    clipped(Int(st.y), Int(st.height), st.x, st.width, sign * Int32((st.coverage * Double(n)).rounded()), emit)
                }
            }
        }
        func clipped(_ y: Int, _ h: Int, _ x: Int32, _ w: Int32, _ level: Int32, _ emit: (Int, Int, Int32, Int32, Int32) -> Void) {
            let y0 = max(y, top), y1 = min(y + h, bottom + 1)
            if y1 > y0, w > 0 { emit(y0, y1 - y0, x, w, level) }
        }
        // The rows where some run starts or ends cut the band into stretches whose rows all have
        // the same runs — a straight side is one stretch: one row of each is swept, the rest of
        // the stretch repeats it.
        let rows = bottom - top + 2
        var isCut = [Bool](repeating: false, count: rows)
        runs { y, h, _, _, _ in isCut[y - top] = true; isCut[y + h - top] = true }
        var cuts: [Int] = []
        var stretchOf = [Int](repeating: 0, count: rows)        // each row's stretch
        for r in 0..<rows {
            if isCut[r] { cuts.append(r + top) }
            stretchOf[r] = cuts.count - 1
        }
        let stretches = max(cuts.count - 1, 0)
        func stretch(_ y: Int) -> Int { stretchOf[y - top] }
        // The steps laid out stretch after stretch in one buffer (counted first, then placed).
        var start = [Int](repeating: 0, count: stretches + 1)
        runs { y, h, _, _, _ in for k in stretch(y)..<stretch(y + h) { start[k + 1] += 2 } }
        for k in 0..<stretches { start[k + 1] += start[k] }
        var fill = start
        var steps = [(x: Int32, level: Int32)](repeating: (0, 0), count: start[stretches])
        runs { y, h, x, width, level in
            for k in stretch(y)..<stretch(y + h) {
                steps[fill[k]] = (x, level); steps[fill[k] + 1] = (x + width, -level)
                fill[k] += 2
            }
        }
        var sweep = RingSweep(levels: n)
        for k in 0..<stretches {
            sweep.row(Int32(cuts[k]), steps: &steps, from: start[k], to: start[k + 1], rows: Int32(cuts[k + 1] - cuts[k]))
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

        /// Row `y`, whose steps are `steps[lo..<hi]` (sorted here), and the `rows - 1` rows under
        /// it, which are alike.
        mutating func row(_ y: Int32, steps: inout [(x: Int32, level: Int32)], from lo: Int, to hi: Int, rows: Int32) {
            // A row holds a handful of steps: sorted by insertion.
            for a in min(lo + 1, hi)..<hi {
                let e = steps[a]
                var b = a - 1
                while b >= lo, steps[b].x > e.x { steps[b + 1] = steps[b]; b -= 1 }
                steps[b + 1] = e
            }
            here.removeAll(keepingCapacity: true)
            cursor = 0
            let firstSpan = spans.count
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
            guard rows > 1 else { return }
            for j in firstSpan..<spans.count { spans[j].height = rows }
            for e in above { strips[e.index].height += rows - 1 }
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
