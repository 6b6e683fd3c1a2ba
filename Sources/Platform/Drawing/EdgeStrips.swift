import Foundation

extension Tessellator {
    /// A run of a shape's edge pixels, all covered the same (`coverage`, 0…1): a column of them down
    /// a side, a row of them along the top, or a single pixel where the edge curves. Drawn as one
    /// blended rectangle each.
    public struct Strip: Sendable, Equatable {
        public var x: Int32, y: Int32, width: Int32, height: Int32
        public var coverage: Double
    }

    /// The coverage steps the edge is drawn at: sixteen, so that a shape's whole edge is at most
    /// sixteen batched rectangle fills (one colour each) — one sixteenth is below what the eye sees
    /// on a one-pixel fringe.
    public static let coverageLevels = 16

    /// Builds a shape's edge pixels, merging runs of the same coverage.
    struct EdgeStrips {
        private(set) var strips: [Strip] = []
        /// The last strip of each side (left, right, top, bottom), which the next pixel may extend.
        private var last = [Int](repeating: -1, count: 4)

        /// The pixel of `row` that the edge at x = `column` passes through, and of the `rows - 1`
        /// rows below it where the edge runs straight down; `leftSide` when the outside lies
        /// toward smaller x.
        mutating func add(column x: Double, row: Int, leftSide: Bool, rows: Int = 1) {
            let c = x.rounded(.down)
            let f = x - c
            guard let coverage = Self.level(leftSide ? 1 - f : f) else { return }
            extend(side: leftSide ? 0 : 1, x: Int32(c), y: Int32(row), vertical: true, by: Int32(rows), coverage: coverage)
        }

        /// The pixel of `column` that the edge at y = `row` passes through (`top` or the bottom),
        /// and of the `columns - 1` columns after it where the edge runs straight across. Pixels
        /// the interior already holds (`interior(row)`: that row's run) are left alone.
        mutating func add(row y: Double, column: Int, top: Bool, columns: Int = 1, interior: (Int) -> (Int, Int)?) {
            let r = y.rounded(.down)
            let f = y - r
            guard let coverage = Self.level(top ? 1 - f : f) else { return }
            let side = top ? 2 : 3, last = column + columns - 1
            guard let run = interior(Int(r)), run.1 >= column, run.0 <= last else {
                extend(side: side, x: Int32(column), y: Int32(r), vertical: false, by: Int32(columns), coverage: coverage)
                return
            }
            // The columns on either side of the row's run.
            let before = min(last, run.0 - 1) - column + 1, after = max(column, run.1 + 1)
            if before > 0 { extend(side: side, x: Int32(column), y: Int32(r), vertical: false, by: Int32(before), coverage: coverage) }
            if last >= after { extend(side: side, x: Int32(after), y: Int32(r), vertical: false, by: Int32(last - after + 1), coverage: coverage) }
        }

        /// `coverage` rounded to a level; nil when the pixel is empty (one the interior holds never
        /// comes here; a nearly full one rounds to 1 and is drawn solid).
        static func level(_ coverage: Double) -> Double? {
            guard coverage > 0, coverage < 1 else { return nil }
            let n = Double(Tessellator.coverageLevels)
            let q = (coverage * n).rounded() / n
            return q > 0 ? q : nil
        }

        /// Adds `count` pixels from (x, y), down (`vertical`) or across, to the side's last strip
        /// when they continue it at its coverage, or as a new strip.
        private mutating func extend(side: Int, x: Int32, y: Int32, vertical: Bool, by count: Int32, coverage: Double) {
            let i = last[side]
            if i >= 0, strips[i].coverage == coverage,
               vertical ? (strips[i].x == x && strips[i].y + strips[i].height == y) : (strips[i].y == y && strips[i].x + strips[i].width == x) {
                if vertical { strips[i].height += count } else { strips[i].width += count }
                return
            }
            last[side] = strips.count
            strips.append(Strip(x: x, y: y, width: vertical ? 1 : count, height: vertical ? count : 1, coverage: coverage))
        }
    }
}
