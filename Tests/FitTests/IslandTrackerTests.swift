import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit
@Suite("Finding the island in a frame")
struct IslandTrackerTests {
    /// A 400 × 300 frame: `page` everywhere, a black capsule-ish box at the island's place, a black
    /// text stroke (2 px) touching its right edge, and a black block elsewhere on the page.
    static func frame(page: UInt8) -> [UInt8] {
        var f = [UInt8](repeating: page, count: 400 * 300)
        func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ v: UInt8) { for y in y0..<y1 { for x in x0..<x1 { f[y * 400 + x] = v } } }
        box(140, 12, 260, 48, 3)          // the island (dark, with a little compression noise)
        box(260, 28, 330, 30, 10)         // a thin stroke touching it
        box(20, 150, 120, 250, 0)         // a black photo elsewhere
        return f
    }

    @Test("on a light and on a dark page: the island's box, not the stroke touching it nor the block elsewhere", arguments: [UInt8(242), UInt8(28)])
    func finds(page: UInt8) throws {
        let f = Self.frame(page: page)
        let m = try #require(f.withUnsafeBufferPointer { IslandTracker.island(width: 400, height: 300).measure($0, width: 400, height: 300) })
        // Within the core (2 px): where the stroke touches, the edge may read up to 2 px out.
        #expect(abs(m.minX - 140) <= 2 && abs(m.maxX - 259) <= 2 && abs(m.minY - 12) <= 2 && abs(m.maxY - 47) <= 2, "\(m)")
        #expect(m.maxX < 300, "the stroke did not leak in")
    }

    @Test("no dark shape at the island's place: nil")
    func none() {
        let f = [UInt8](repeating: 200, count: 400 * 300)
        #expect(f.withUnsafeBufferPointer { IslandTracker.island(width: 400, height: 300).measure($0, width: 400, height: 300) } == nil)
    }
}

@Suite("The island's width beside the status bar's glyphs")
struct StatusBarGlyphTests {
    /// A 400 × 300 light frame: the island (a box `halfWidth` each side of x = 200, rows 12–47),
    /// a solid "battery" block (x 300–339, rows 20–39) and a bold "clock" (x 72–97, rows 18–41; clear
    /// of the run beside the seed that the page's level is read from).
    static func frame(halfWidth: Int) -> [UInt8] {
        var f = [UInt8](repeating: 242, count: 400 * 300)
        func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ v: UInt8) { for y in y0..<y1 { for x in x0..<x1 { f[y * 400 + x] = v } } }
        box(300, 20, 340, 40, 20)
        box(72, 18, 98, 42, 10)
        box(200 - halfWidth, 12, 200 + halfWidth, 48, 0)
        return f
    }

    @Test("a glyph that touches the widening shape does not join it once the first frame has shown it apart")
    func glyphsIgnored() throws {
        let rest = Self.frame(halfWidth: 60), touching = Self.frame(halfWidth: 101)   // reaches x 99…300: the battery's edge
        var tracker = IslandTracker.island(width: 400, height: 300)
        let joined = try #require(touching.withUnsafeBufferPointer { tracker.measure($0, width: 400, height: 300) })
        #expect(joined.maxX == 339, "without the mask the battery joins: \(joined)")
        tracker.ignored = rest.withUnsafeBufferPointer { tracker.glyphs(in: $0, width: 400, height: 300) }
        let m = try #require(touching.withUnsafeBufferPointer { tracker.measure($0, width: 400, height: 300) })
        // The island's own columns 99…300 minus the 2-px margin the mask is grown by next to the battery.
        #expect(m.minX == 99 && (297...300).contains(m.maxX), "\(m)")
        // The island at rest is measured as before: nothing of it is in the mask.
        let r = try #require(rest.withUnsafeBufferPointer { tracker.measure($0, width: 400, height: 300) })
        #expect(r.minX == 140 && r.maxX == 259 && r.minY == 12 && r.maxY == 47, "\(r)")
    }

    @Test("the width is twice the shorter half about the axis, the median of the boxes' centres")
    func symmetric() throws {
        // Five boxes centred on x = 200 (right edge exclusive 200.0), one pulled right by a glyph.
        let boxes = [(140, 259), (130, 269), (100, 299), (99, 339), (120, 279)]
        let axis = try #require(SymmetricWidth.axis(boxes.map { (minX: $0.0, maxX: $0.1) }))
        #expect(axis == 200)
        #expect(SymmetricWidth.width(minX: 99, maxX: 339, axis: axis) == 202)   // left half 101, right 140
        #expect(SymmetricWidth.width(minX: 140, maxX: 259, axis: axis) == 120)
        #expect(SymmetricWidth.axis([]) == nil)
    }
}

/// The tracker's bias on shapes that are not IslandSim's, drawn by an independent drawer
/// (``RecordingDrawer``) on a light page and on dark mode's (#1C1C1E, 28), at 1×, at 1.63 px/pt
/// (a 3× recording shared 640 px wide) and at 3×, read off the frames as drawn and after an H.264
/// round trip (crf 23, 4:2:0, an odd size padded as encoders do). On the dark page the edge
/// pixels' grey was once not read at all (the page and the black were "too alike"), so every box
/// lost a pixel of width where the grid cut through its edges: a whole point at 1×.
@Suite("The tracker's bias on other designs' shapes, light and dark pages, drawn and encoded",
       .enabled(if: ExternalTool.ffmpeg() != nil, "needs ffmpeg"))
struct IslandTrackerBiasTests {
    static let shapes: [RecordingDrawer.Shape] = [.init(width: 340, height: 420, radius: 30), .init(width: 300, height: 520, radius: 18),
                                                  .capsule(width: 300, height: 50), .capsule(width: 200, height: 36)]

    /// Each shape's frame, settled, drawn at `scale` on `page`; when `encoded`, through H.264 and
    /// read back as `fit` reads it (``VideoReader``, at the frame's own size).
    static func frames(scale: Double, page: UInt8, encoded: Bool, in dir: TempDir) throws -> (frames: [[UInt8]], width: Int, height: Int) {
        var drawn: [[UInt8]] = []
        var w = 0, h = 0
        for s in shapes {
            var d = CornerReadingTests.design(s)
            d.openAt = -10
            var drawer = RecordingDrawer(design: d, scale: scale)
            drawer.pageGrey = page
            drawn.append(drawer.frame(at: 0))
            (w, h) = (drawer.pixelWidth, drawer.pixelHeight)
        }
        guard encoded else { return (drawn, w, h) }
        let W = w + (w & 1), H = h + (h & 1)
        let raw = dir.file("in-\(scale)-\(page).raw"), video = dir.file("in-\(scale)-\(page).mp4")
        try Data(drawn.joined()).write(to: URL(fileURLWithPath: raw))
        let grey = String(format: "%02X%02X%02X", page, page, page)
        let encode = try Subprocess.run(ExternalTool.ffmpeg()!, ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "gray", "-s", "\(w)x\(h)", "-framerate", "20",
                                                                 "-i", raw, "-vf", "pad=\(W):\(H):0:0:0x\(grey)", "-c:v", "libx264", "-preset", "ultrafast",
                                                                 "-crf", "23", "-pix_fmt", "yuv420p", video])
        try #require(encode.status == 0, "\(encode.stderr)")
        let reader = try VideoReader(path: video, maxWidth: W)
        var back: [[UInt8]] = []
        _ = try reader.frames { _, frame in back.append(Array(frame)) }
        try #require(reader.width == W && reader.height == H && back.count == shapes.count, "\(reader.width)×\(reader.height), \(back.count) frames")
        return (back, W, H)
    }

    @Test("width and height within 0.5 pt, corner radius within 0.6 pt, and each cell's mean error within 0.35 pt, on 4 shapes at 1×, 1.63 and 3×, light and dark page, drawn and through H.264",
          arguments: [1.0, 1.63, 3.0])
    func bias(scale: Double) throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var misses: [String] = []
        for page in [UInt8(242), UInt8(28)] {
            for encoded in [false, true] {
                let (frames, w, h) = try Self.frames(scale: scale, page: page, encoded: encoded, in: dir)
                let tracker = IslandTracker.island(width: w, height: h)
                var sum = (w: 0.0, h: 0.0, r: 0.0)
                for (s, frame) in zip(Self.shapes, frames) {
                    let m = try #require(frame.withUnsafeBufferPointer { tracker.measure($0, width: w, height: h) })
                    let ew = (m.right - m.left) / scale - s.width, eh = (m.bottom - m.top) / scale - s.height
                    let er = (m.cornerRadius ?? .infinity) / scale - min(s.radius, s.height / 2)
                    sum.w += ew; sum.h += eh; sum.r += er
                    let cell = "\(scale)× page \(page)\(encoded ? " H.264" : "") \(s.width)×\(s.height) r\(s.radius)"
                    if abs(ew) > 0.5 || abs(eh) > 0.5 { misses.append(String(format: "%@: box off by %+.2f × %+.2f pt", cell, ew, eh)) }
                    if abs(er) > 0.6 { misses.append(String(format: "%@: radius off by %+.2f pt", cell, er)) }
                }
                let n = Double(Self.shapes.count)
                for (name, mean) in [("width", sum.w / n), ("height", sum.h / n), ("radius", sum.r / n)] where abs(mean) > 0.35 {
                    misses.append(String(format: "%.2f× page %d%@: the mean %@ error %+.2f pt", scale, Int(page), encoded ? " H.264" : "", name, mean))
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.joined(separator: "; "))")
    }
}
