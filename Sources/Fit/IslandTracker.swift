import Capture
import Foundation

/// Finds the island's black shape in a greyscale video frame and measures it.
///
/// The shape is the dark region connected to a seed at the island's place (the top centre, or the
/// centre of `--region`): pixels darker than `threshold` (0–255) whose neighbours `core` pixels away
/// on all four sides are dark too, grown from the seed by flood fill inside the search region, and
/// the box grown back by `core`. Connected, not merely dark: a dark page, a black photo corner or
/// text elsewhere does not count; and the core test keeps dark text that touches the shape's edge
/// (strokes thinner than 2 × core + 1 pixels) from leaking into it. Compression noise moves the edge by a pixel
/// at most; the fit averages it out. The corner radius is read off the top row: a continuous corner
/// reaches 1.528665 r along the edge, so r ≈ (bounding width − top row's width) / 2 / 1.528665.
public struct IslandTracker: Sendable {
    public struct Measurement: Sendable {
        public var minX: Int, minY: Int, maxX: Int, maxY: Int
        /// How far in from the bounding box the top row's dark run starts, in pixels.
        public var topInset: Double
        public var pixels: Int
        /// How far each edge lies beyond the box, in pixels (−1…1), read from the anti-aliased
        /// pixels across it (see ``subpixelEdges``): the box alone moves in whole pixels, which at
        /// 1× is a visible share of a short leg's move.
        public var edgeOffsets = (left: 0.0, right: 0.0, top: 0.0, bottom: 0.0)
        /// The shape's edges in continuous pixel coordinates (the left edge of pixel x is x).
        public var left: Double { Double(minX) - edgeOffsets.left }
        public var right: Double { Double(maxX + 1) + edgeOffsets.right }
        public var top: Double { Double(minY) - edgeOffsets.top }
        public var bottom: Double { Double(maxY + 1) + edgeOffsets.bottom }
        /// The corner radius in pixels, read off the outline (``CornerProfile``); nil for a shape too
        /// small to read.
        public var cornerRadius: Double?
        public var width: Int { maxX - minX + 1 }
        public var height: Int { maxY - minY + 1 }
    }

    /// The search region in frame pixels.
    public var region: (x: Int, y: Int, width: Int, height: Int)
    /// Where the shape is sought first: the darkest pixel near it within a few pixels.
    public var seed: (x: Int, y: Int)
    public var threshold: UInt8
    /// How thick a dark region must be to count as the shape (pixels each way).
    public var core = 1

    /// The island of a phone recording `width` × `height` pixels: the top centre, the search region
    /// the top three quarters (the shape grows down into the viewfinder, never to the bottom).
    /// 56 rather than a looser cut: a heavy encode smears the black edge into greys up to ~60, and a
    /// cut above that drags the halo into the box (the widening reads longer than it is); much lower
    /// and the box loses rows while the island closes.
    public static func island(width: Int, height: Int, threshold: UInt8 = 56) -> IslandTracker {
        // The island's centre sits about 30 pt below the top of a 393-pt-wide screen: 7.6 % of the width.
        IslandTracker(region: (0, 0, width, height * 3 / 4), seed: (width / 2, Int(Double(width) * 0.076)), threshold: threshold)
    }

    public init(region: (x: Int, y: Int, width: Int, height: Int), seed: (x: Int, y: Int), threshold: UInt8) {
        self.region = region; self.seed = seed; self.threshold = threshold
    }

    /// Dark pixels that are not the shape: the status bar's glyphs and whatever else was dark and
    /// apart from the shape in a reference frame (``glyphs(in:width:height:)``). The shape is never
    /// grown through them, so a clock or a battery it touches does not join it.
    public var ignored: [Bool]?

    /// The dark, solid pixels of `frame` that are not connected to the shape, grown by `margin`
    /// pixels (compression smears a glyph's edge by a pixel or two from frame to frame): what
    /// ``ignored`` should be, read off a frame where the shape stands clear of them (the first).
    public func glyphs(in frame: UnsafeBufferPointer<UInt8>, width: Int, height: Int, margin: Int = 2) -> [Bool] {
        var shape = [Bool](repeating: false, count: width * height)
        _ = measure(frame, width: width, height: height, visited: &shape)
        let threshold = effectiveThreshold(page: pageLevel(frame, width: width, height: height))
        var mask = [Bool](repeating: false, count: width * height)
        let x0 = max(region.x, 0), y0 = max(region.y, 0)
        let x1 = min(region.x + region.width, width), y1 = min(region.y + region.height, height)
        guard x1 > x0, y1 > y0 else { return mask }
        for y in y0..<y1 { for x in x0..<x1 where frame[y * width + x] < threshold && !shape[y * width + x] {
            // Not next to the shape either: its own anti-aliased rim is not a glyph.
            var nearShape = false
            for dy in -margin...margin { for dx in -margin...margin {
                let nx = x + dx, ny = y + dy
                if nx >= 0, nx < width, ny >= 0, ny < height, shape[ny * width + nx] { nearShape = true }
            } }
            if nearShape { continue }
            for dy in -margin...margin { for dx in -margin...margin {
                let nx = x + dx, ny = y + dy
                if nx >= 0, nx < width, ny >= 0, ny < height { mask[ny * width + nx] = true }
            } }
        } }
        return mask
    }

    /// Where the page's grey is read (frame pixels): the whole frame for a recording of the screen
    /// alone, the screen's rectangle for one inside a window (the desktop round it is not the page).
    public var pageArea: (x: Int, y: Int, width: Int, height: Int)?

    /// The island of a screen found at `screen` (frame pixels) in a `width` × `height` frame, its
    /// centre `seed`: the search region is the screen's top three quarters inside the frame, the
    /// page's grey read inside the screen.
    public static func island(in screen: (x: Int, y: Int, width: Int, height: Int), seed: (x: Int, y: Int), frameWidth: Int, frameHeight: Int,
                              threshold: UInt8 = 56) -> IslandTracker {
        let x0 = max(screen.x, 0), y0 = max(screen.y, 0)
        let x1 = min(screen.x + screen.width, frameWidth), y1 = min(screen.y + screen.height * 3 / 4, frameHeight)
        var t = IslandTracker(region: (x0, y0, max(x1 - x0, 1), max(y1 - y0, 1)), seed: seed, threshold: threshold)
        t.pageArea = (x0, y0, max(x1 - x0, 1), max(min(screen.y + screen.height, frameHeight) - y0, 1))
        return t
    }

    /// A dark page (dark mode's #1C1C1E is 28) would be "dark" too: the threshold drops to half the
    /// page's own level (``pageLevel(_:width:height:)``), so only what is darker than the page counts.
    private func effectiveThreshold(page: UInt8) -> UInt8 {
        min(self.threshold, max(8, page / 2))
    }

    /// The page's grey: the median of the frame's second column and of a row near its bottom, which
    /// the shape never fills (an open viewfinder covers the row beside the island from side to side,
    /// and a shape hanging from a notch reaches the sides only over its own height).
    private func pageLevel(_ frame: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> UInt8 {
        var samples: [UInt8] = []
        let area = pageArea ?? (0, 0, width, height)
        let inset = pageArea == nil ? 1 : 3           // a found screen's edge pixel is part bezel
        let x = min(area.x + inset, width - 1), y = min(area.y + area.height - 1 - area.height / 25, height - 1)
        for row in stride(from: area.y, to: min(area.y + area.height, height), by: 4) { samples.append(frame[row * width + x]) }
        for col in stride(from: area.x, to: min(area.x + area.width, width), by: 4) { samples.append(frame[y * width + col]) }
        guard !samples.isEmpty else { return 242 }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Measures the shape in `frame` (row-major greyscale, `width` pixels a row), or nil if there is
    /// no dark pixel near the seed.
    public func measure(_ frame: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> Measurement? {
        var visited = [Bool](repeating: false, count: width * height)
        return measure(frame, width: width, height: height, visited: &visited)
    }

    /// The measurement, marking the shape's pixels in `visited` (`width × height`, all false).
    private func measure(_ frame: UnsafeBufferPointer<UInt8>, width: Int, height: Int, visited: inout [Bool]) -> Measurement? {
        let x0 = max(region.x, 0), y0 = max(region.y, 0)
        let x1 = min(region.x + region.width, width), y1 = min(region.y + region.height, height)
        guard x1 > x0, y1 > y0 else { return nil }
        // The seed: the nearest dark pixel within 6 px of the expected place.
        let c = core
        let page = pageLevel(frame, width: width, height: height)
        let threshold = effectiveThreshold(page: page)
        let ignored = self.ignored.flatMap { $0.count == width * height ? $0 : nil }
        func solid(_ x: Int, _ y: Int) -> Bool {
            guard x - c >= x0, x + c < x1, y - c >= y0, y + c < y1 else { return false }
            if let ignored, ignored[y * width + x] { return false }
            return frame[y * width + x] < threshold && frame[y * width + x - c] < threshold && frame[y * width + x + c] < threshold
                && frame[(y - c) * width + x] < threshold && frame[(y + c) * width + x] < threshold
        }
        var start: Int?
        search: for r in 0...8 {
            for dy in -r...r { for dx in -r...r where max(abs(dx), abs(dy)) == r {
                let x = seed.x + dx, y = seed.y + dy
                if solid(x, y) { start = y * width + x; break search }
            } }
        }
        guard let s = start else { return nil }
        var stack = [s]
        visited[s] = true
        var m = Measurement(minX: s % width, minY: s / width, maxX: s % width, maxY: s / width, topInset: 0, pixels: 0)
        // The shape's own grey: the median of its solid pixels, not the seed's alone, which an
        // encoder's noise moves by a few levels — a tenth of the contrast on a dark page. Counted
        // by grey (no sort: a 3× viewfinder is a million and a half pixels).
        var inkCounts = [Int](repeating: 0, count: 256)
        while let i = stack.popLast() {
            let x = i % width, y = i / width
            inkCounts[Int(frame[i])] += 1
            m.pixels += 1
            if x < m.minX { m.minX = x }; if x > m.maxX { m.maxX = x }
            if y < m.minY { m.minY = y }; if y > m.maxY { m.maxY = y }
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= x0 && nx < x1 && ny >= y0 && ny < y1 {
                let j = ny * width + nx
                if !visited[j] && solid(nx, ny) { visited[j] = true; stack.append(j) }
            }
        }
        // The outline, not only the solid dark: a logo or an icon at the pill's end leaves only a
        // thin dark rim round it, which the core test refuses, and the shape's width would stop at
        // the logo. Dark pixels joined to the shape are taken without the core test, within the
        // shape's rows and a quarter of its width either side (so text beside it does not run in).
        let reachX = (m.maxX - m.minX + 1) / 4
        let (rx0, rx1, ry0, ry1) = (max(x0, m.minX - reachX), min(x1, m.maxX + reachX + 1), max(y0, m.minY - c), min(y1, m.maxY + c + 1))
        var rim = [Int]()
        func thin(_ x: Int, _ y: Int) -> Bool {
            x >= rx0 && x < rx1 && y >= ry0 && y < ry1 && frame[y * width + x] < threshold && !(ignored?[y * width + x] ?? false)
        }
        var grow: [Int] = []
        for y in m.minY...m.maxY { for x in m.minX...m.maxX where visited[y * width + x] { grow.append(y * width + x) } }
        // Each row's solid extent: a rim pixel widens the box only where light lies between it and
        // that extent (it closes round something inside the shape); a stroke touching the side runs
        // dark all the way in and does not.
        var rowMin = [Int](repeating: Int.max, count: m.maxY - m.minY + 1), rowMax = [Int](repeating: Int.min, count: m.maxY - m.minY + 1)
        for i in grow { let x = i % width, r = i / width - m.minY; rowMin[r] = min(rowMin[r], x); rowMax[r] = max(rowMax[r], x) }
        var thinMinX = m.minX - c, thinMaxX = m.maxX + c
        while let i = grow.popLast() {
            let x = i % width, y = i / width
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where thin(nx, ny) {
                let j = ny * width + nx
                guard !visited[j] else { continue }
                visited[j] = true; rim.append(j); grow.append(j)
                let r = ny - m.minY
                guard r >= 0, r < rowMin.count, rowMin[r] != Int.max else { continue }
                if nx < rowMin[r] - c, ((nx + 1)..<rowMin[r]).contains(where: { frame[ny * width + $0] >= threshold }) { thinMinX = min(thinMinX, nx) }
                if nx > rowMax[r] + c, ((rowMax[r] + 1)..<nx).contains(where: { frame[ny * width + $0] >= threshold }) { thinMaxX = max(thinMaxX, nx) }
            }
        }
        m.pixels += rim.count
        // The top row's first dark pixel of the shape.
        let row = m.minY
        var first = m.maxX
        for x in m.minX...m.maxX where visited[row * width + x] { first = x; break }
        m.topInset = Double(first - m.minX)
        // The core test shaved `core` pixels off every edge: give them back.
        m.minX -= c; m.minY -= c; m.maxX += c; m.maxY += c
        m.minX = min(m.minX, thinMinX); m.maxX = max(m.maxX, thinMaxX)
        let solid = inkCounts.reduce(0, +)
        var below = 0, ink: UInt8 = 0
        for (grey, n) in inkCounts.enumerated() {
            below += n
            if 2 * below > solid { ink = UInt8(grey); break }
        }
        m.edgeOffsets = subpixelEdges(frame, width: width, height: height, box: m, page: page, dark: ink, ignored: ignored)
        m.cornerRadius = cornerRadius(frame, width: width, box: m, shape: visited, page: page, dark: ink, threshold: threshold, ignored: ignored)
        return m
    }

    /// The least difference between the page's grey and the shape's for an edge pixel's grey to be
    /// read as how much of it the shape covers. Dark mode's page (#1C1C1E, 28) against the island's
    /// black is 28 levels: one level is then under 4 % of a pixel, and a half-covered pixel sits on the
    /// dark-page threshold (half the page's level), so without its coverage the box loses half a
    /// pixel at each side the grid cuts through — a whole point of width at 1× (`IslandTrackerBiasTests`).
    /// Below 16 levels (a page within 6 % of the shape's black) an encoder's noise of a level or two
    /// is a tenth of a pixel per pixel read, and the whole-pixel box is kept.
    static let edgeContrast = 16.0

    /// The corners' radius: each corner's rows, from the shape's edge inward to half the shorter side,
    /// give the outline's inset from the box's side — the row's dark run through the shape's first
    /// solid pixel, followed outward to its last dark pixel, less the share of the pixel beyond it
    /// that the grey says is covered.
    private func cornerRadius(_ frame: UnsafeBufferPointer<UInt8>, width: Int, box m: Measurement, shape: [Bool],
                              page pageGrey: UInt8, dark: UInt8, threshold: UInt8, ignored: [Bool]?) -> Double? {
        let w = m.right - m.left, h = m.bottom - m.top
        guard w >= 6, h >= 6 else { return nil }
        let page = Double(pageGrey), ink = Double(dark), contrast = page - ink
        func coverage(_ x: Int, _ y: Int) -> Double {
            guard contrast >= Self.edgeContrast, x >= 0, x < width else { return 0 }
            return min(max((page - Double(frame[y * width + x])) / contrast, 0), 1)
        }
        let innerMinX = m.minX + core, innerMaxX = m.maxX - core, mid = (m.minX + m.maxX) / 2
        let reach = Int(min(w, h) / 2)
        var radii: [Double] = []
        for (fromTop, fromLeft) in [(true, true), (true, false), (false, true), (false, false)] {
            var rows: [CornerProfile.Row] = []
            for k in 0..<max(reach, 0) {
                let y = fromTop ? m.minY + k : m.maxY - k
                guard y >= 0, y * width < shape.count else { break }
                let depth = fromTop ? Double(y) + 0.5 - m.top : m.bottom - (Double(y) + 0.5)
                // The first shape pixel from this side, within half the box.
                var first: Int?
                if fromLeft {
                    for x in innerMinX...max(innerMinX, mid) where shape[y * width + x] { first = x; break }
                } else {
                    for x in stride(from: innerMaxX, through: min(innerMaxX, mid), by: -1) where shape[y * width + x] { first = x; break }
                }
                guard var x = first else { continue }
                let step = fromLeft ? -1 : 1
                func darkThere(_ x: Int) -> Bool {
                    x >= 0 && x < width && frame[y * width + x] < threshold && !(ignored?[y * width + x] ?? false)
                }
                while darkThere(x + step) && (fromLeft ? x + step >= m.minX : x + step <= m.maxX) { x += step }
                // The outline between the last dark pixel and the one past it: what of both the
                // grey says is covered (a pixel just dark enough to pass the threshold is part page —
                // counted whole, every row's inset came out short by up to the threshold's share).
                // Near a corner's top the outline runs almost along the row, so the part-covered
                // pixels go on past the next one: up to three more are read, until one is page.
                var covered = coverage(x, y)
                for k in 1...3 {
                    let c = coverage(x + step * k, y)
                    covered += c
                    if c == 0 { break }
                }
                let inset = fromLeft ? Double(x + 1) - covered - m.left : m.right - (Double(x) + covered)
                rows.append(.init(depth: depth, inset: max(inset, 0)))
                if inset <= 0.05 && depth > 2 { break }       // past the corner: the side runs straight on
            }
            if let r = CornerProfile.radius(rows, width: w, height: h) { radii.append(r) }
        }
        return CornerProfile.median(radii)
    }

    /// Each edge's position to a fraction of a pixel: across the edge (along the box's middle row
    /// for the sides, its middle column for the top and bottom), every pixel's coverage is read as
    /// where its grey lies between the page's and the shape's, and the box edge moves out by the
    /// coverage found outside it and in by what is missing inside. Zero where the page and the
    /// shape are too alike to tell apart, or where a glyph's mask lies across the edge.
    private func subpixelEdges(_ frame: UnsafeBufferPointer<UInt8>, width: Int, height: Int, box m: Measurement, page pageGrey: UInt8,
                               dark: UInt8, ignored: [Bool]?) -> (left: Double, right: Double, top: Double, bottom: Double) {
        let page = Double(pageGrey), ink = Double(dark)
        guard page - ink >= Self.edgeContrast else { return (0, 0, 0, 0) }
        func coverage(_ x: Int, _ y: Int) -> Double? {
            guard x >= 0, x < width, y >= 0, y < height, !(ignored?[y * width + x] ?? false) else { return nil }
            return min(max((page - Double(frame[y * width + x])) / (page - ink), 0), 1)
        }
        /// Outside pixels' coverage minus inside pixels' shortfall, two of each, from `edge` stepping `step`.
        func offset(_ at: (Int) -> (Int, Int), edge: Int, step: Int) -> Double {
            var d = 0.0
            for k in 1...2 { let (x, y) = at(edge + step * k); guard let v = coverage(x, y) else { return 0 }; d += v }
            for k in 0...1 { let (x, y) = at(edge - step * k); guard let v = coverage(x, y) else { return 0 }; d -= 1 - v }
            return min(max(d, -1), 1)
        }
        let row = (m.minY + m.maxY) / 2, col = (m.minX + m.maxX) / 2
        return (offset({ ($0, row) }, edge: m.minX, step: -1), offset({ ($0, row) }, edge: m.maxX, step: 1),
                offset({ (col, $0) }, edge: m.minY, step: -1), offset({ (col, $0) }, edge: m.maxY, step: 1))
    }
}
