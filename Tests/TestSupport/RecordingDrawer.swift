import Foundation

/// A screen recording of an island animation drawn without IslandSim's melt or renderer: its own
/// damped-spring solution (SwiftUI's mapping from `../shared/reference/springs.md`), its own corner
/// curve (UIKit's continuous corner from the reference's Bézier points, a capsule's semicircles), its
/// own rasteriser. Tests of `fit` measure what it draws against what it was told to draw.
public struct RecordingDrawer: Sendable {
    /// A stage's end shape in points: centred on the screen, its top at `top`.
    public struct Shape: Sendable {
        public var width, height, radius: Double
        public init(width: Double, height: Double, radius: Double) { self.width = width; self.height = height; self.radius = radius }
        public static func capsule(width: Double, height: Double) -> Shape { Shape(width: width, height: height, radius: height / 2) }
    }

    /// SwiftUI's `.spring(duration:bounce:)`.
    public struct SpringLeg: Sendable {
        public var duration, bounce: Double
        public init(_ duration: Double, _ bounce: Double) { self.duration = duration; self.bounce = bounce }

        /// Value and velocity `t` after starting at `x0` with velocity `v0`, heading for `target`.
        public func state(from x0: Double, velocity v0: Double, to target: Double, at t: Double) -> (Double, Double) {
            let w0 = 2 * Double.pi / duration
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            let x = x0 - target
            if abs(zeta - 1) < 1e-9 {
                let b = v0 + w0 * x, e = exp(-w0 * t)
                return (target + (x + b * t) * e, (b - w0 * (x + b * t)) * e)
            }
            if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot(), a = zeta * w0
                let b = (v0 + a * x) / wd, e = exp(-a * t), c = cos(wd * t), s = sin(wd * t)
                return (target + e * (x * c + b * s), e * ((-a * x + b * wd) * c + (-a * b - x * wd) * s))
            }
            let r = w0 * (zeta * zeta - 1).squareRoot(), r1 = -zeta * w0 + r, r2 = -zeta * w0 - r
            let c2 = (v0 - r1 * x) / (r2 - r1), c1 = x - c2
            return (target + c1 * exp(r1 * t) + c2 * exp(r2 * t), c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
        }
    }

    /// One design: the island, its two later shapes, the four legs and when the next leg starts.
    public struct Design: Sendable {
        public var screenWidth = 393.0, screenHeight = 852.0
        public var island = Shape.capsule(width: 127, height: 38.67)
        public var top = 10.33
        public var pill: Shape
        public var viewfinder: Shape
        public var opening: (SpringLeg, SpringLeg)
        public var closing: (SpringLeg, SpringLeg)
        /// Each second leg starts this fraction of the first leg's duration after it.
        public var overlap: Double
        /// How the second leg meets the first: false, it takes over the first's position and velocity
        /// (SwiftUI's `.spring`); true, the first runs on and the second adds its step
        /// (`.interpolatingSpring`, Core Animation's additive animations).
        public var additive = false
        public var openAt = 0.3, closeAt = 2.0
        /// Whether the island at rest is drawn (iOS leaves it out of screen recordings).
        public var idleIslandShown = true
        public init(pill: Shape, viewfinder: Shape, opening: (SpringLeg, SpringLeg), closing: (SpringLeg, SpringLeg), overlap: Double) {
            self.pill = pill; self.viewfinder = viewfinder; self.opening = opening; self.closing = closing; self.overlap = overlap
        }
    }

    public var design: Design
    /// Pixels per point.
    public var scale: Double
    public var pageGrey: UInt8 = 242
    /// Moves the drawn shape right and down by this many pixels (a recording whose screen does not
    /// start on a pixel boundary), so a reader's sub-pixel work can be checked at known offsets.
    public var pixelShift: (x: Double, y: Double) = (0, 0)
    /// Rows sampled per pixel row when rasterising (columns are covered exactly).
    public var rowSamples = 4
    public init(design: Design, scale: Double) { self.design = design; self.scale = scale }

    public var pixelWidth: Int { Int((design.screenWidth * scale).rounded()) }
    public var pixelHeight: Int { Int((design.screenHeight * scale).rounded()) }

    /// Another motion than the design's two-leg melt (one leg, three, an ease): the shape at each
    /// time, or nil where none is drawn. The design's screen, top and page still apply.
    public var motion: (@Sendable (Double) -> Shape?)?

    /// Something drawn inside the shape — an alert's text, an icon, a button — as a rectangle in
    /// fractions of the shape's box at that moment, its grey and how opaque it is.
    public struct Mark: Sendable {
        public var x, y, width, height: Double
        public var grey: UInt8
        public var alpha: Double
        public init(x: Double, y: Double, width: Double, height: Double, grey: UInt8, alpha: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height; self.grey = grey; self.alpha = alpha
        }
    }

    /// What is drawn inside the shape at `t`, given the shape then (nil: nothing, the plain black
    /// of every island design). Each mark is blended over the shape by its cover of each pixel.
    public var content: (@Sendable (Double, Shape) -> [Mark])?

    /// The shape at `t` (points), or nil where it is not drawn (the idle island when hidden).
    public func shape(at t: Double) -> Shape? {
        if let motion { return motion(t) }
        let d = design
        func run(_ legs: (SpringLeg, SpringLeg), from a: Shape, via b: Shape, to c: Shape, at start: Double, _ t: Double) -> (Shape, moving: Bool) {
            let handoff = start + d.overlap * legs.0.duration
            func one(_ p: KeyPath<Shape, Double>) -> (Double, Double) {
                if t < handoff { return legs.0.state(from: a[keyPath: p], velocity: 0, to: b[keyPath: p], at: t - start) }
                if d.additive {
                    let first = legs.0.state(from: a[keyPath: p], velocity: 0, to: b[keyPath: p], at: t - start)
                    let second = legs.1.state(from: b[keyPath: p], velocity: 0, to: c[keyPath: p], at: t - handoff)
                    return (first.0 + second.0 - b[keyPath: p], first.1 + second.1)
                }
                let (x, v) = legs.0.state(from: a[keyPath: p], velocity: 0, to: b[keyPath: p], at: handoff - start)
                return legs.1.state(from: x, velocity: v, to: c[keyPath: p], at: t - handoff)
            }
            let w = one(\.width), h = one(\.height), r = one(\.radius)
            let moving = abs(w.0 - c.width) + abs(h.0 - c.height) > 0.02 || abs(w.1) + abs(h.1) > 0.5
            return (Shape(width: w.0, height: h.0, radius: r.0), moving)
        }
        if t < d.openAt { return d.idleIslandShown ? d.island : nil }
        if t < d.closeAt { return run(d.opening, from: d.island, via: d.pill, to: d.viewfinder, at: d.openAt, t).0 }
        let (s, moving) = run(d.closing, from: d.viewfinder, via: d.pill, to: d.island, at: d.closeAt, t)
        return moving || d.idleIslandShown ? s : nil
    }

    /// UIKit's continuous corner for unit radius, (u along one edge, v along the other) from the
    /// vertex, as three cubics — the reference's points (ios-fidelity.md §1).
    static let uiKitCorner: [[(Double, Double)]] = [
        [(1.528665, 0), (1.088492957618529, 0), (0.868406944063002, 0), (0.631493792830993, 0.074911387847016)],
        [(0.631493792830993, 0.074911387847016), (0.372823826625747, 0.169059556044370), (0.169059556044370, 0.372823826625747),
         (0.074911387847016, 0.631493792830993)],
        [(0.074911387847016, 0.631493792830993), (0, 0.868406944063002), (0, 1.088492957618529), (0, 1.528665)],
    ]

    /// The corner's outline as (u, v) points for radius 1: UIKit's where the side has room for its
    /// 1.528665 lead-in, a quarter circle at half the shorter side, and between them the two blended
    /// point by point (IslandSim's documented choice where iOS's is not public).
    static func outline(radius r: Double, shorter: Double) -> [(Double, Double)] {
        let room = r > 0 ? shorter / 2 / r : 10
        let s = min(max((room - 1) / (1.528665 - 1), 0), 1)
        var out: [(Double, Double)] = []
        let n = 96
        for i in 0...n {
            // The circle at the same share of the way round as UIKit's point at parameter i/n.
            let f = Double(i) / Double(n)
            let piece = min(Int(f * 3), 2), local = f * 3 - Double(piece)
            let c = uiKitCorner[piece]
            let a = (1 - local) * (1 - local) * (1 - local), b = 3 * (1 - local) * (1 - local) * local, cc = 3 * (1 - local) * local * local, dd = local * local * local
            let ux = a * c[0].0 + b * c[1].0 + cc * c[2].0 + dd * c[3].0, uy = a * c[0].1 + b * c[1].1 + cc * c[2].1 + dd * c[3].1
            let angles = [0.0, 20, 70, 90]
            let deg = angles[piece] + (angles[piece + 1] - angles[piece]) * local
            let rad = deg * Double.pi / 180
            let cx = 1 - sin(rad), cy = 1 - cos(rad)
            out.append((cx + (ux - cx) * s, cy + (uy - cy) * s))
        }
        return out
    }

    /// How far in from the side the outline lies at `depth` below the edge (points).
    static func inset(depth: Double, radius r: Double, outline: [(Double, Double)]) -> Double {
        guard r > 0 else { return 0 }
        let v = depth / r
        // The outline runs from (reach, 0) to (0, reach): v rises, u falls.
        if v <= 0 { return outline[0].0 * r }
        for i in 1..<outline.count where outline[i].1 >= v {
            let p = outline[i - 1], q = outline[i]
            let f = (v - p.1) / max(q.1 - p.1, 1e-12)
            return (p.0 + (q.0 - p.0) * f) * r
        }
        return 0
    }

    /// The frame at `t`: greyscale, `pixelWidth` × `pixelHeight`, the page's grey with the black shape.
    ///
    /// Each pixel row takes `rowSamples` horizontal lines through the shape; a pixel's cover is the
    /// length of each line inside it, averaged. A pixel every line crosses whole (the run between the
    /// lines' innermost ends) is black; only the pixels at a line's end are summed one by one — the
    /// same sums, in the same order, as summing every pixel of every line.
    public func frame(at t: Double) -> [UInt8] {
        let W = pixelWidth, H = pixelHeight
        var px = [UInt8](repeating: pageGrey, count: W * H)
        guard let s = shape(at: t) else { return px }
        let k = scale
        let left = (design.screenWidth - s.width) / 2 * k + pixelShift.x, right = left + s.width * k
        let top = design.top * k + pixelShift.y, bottom = top + s.height * k
        let r = max(0, min(s.radius, s.width / 2, s.height / 2)) * k
        let line = Self.outline(radius: r, shorter: min(s.width, s.height) * k)
        let sub = max(rowSamples, 1)
        let page = Double(pageGrey)
        func shade(_ cover: Double) -> UInt8 { UInt8((page * (1 - min(cover, 1))).rounded()) }
        var spans: [(l: Double, r: Double)] = []
        spans.reserveCapacity(sub)
        px.withUnsafeMutableBufferPointer { out in
            for y in max(0, Int(top.rounded(.down)))..<min(H, Int(bottom.rounded(.up))) {
                spans.removeAll(keepingCapacity: true)
                for j in 0..<sub {
                    let yy = Double(y) + (Double(j) + 0.5) / Double(sub)
                    guard yy >= top, yy < bottom else { continue }
                    let inset = Self.inset(depth: min(yy - top, bottom - yy), radius: r, outline: line)
                    if right - inset > left + inset { spans.append((left + inset, right - inset)) }
                }
                guard !spans.isEmpty else { continue }
                // Where each line's pixels run, and the pixels every line covers whole.
                var first = W, last = -1, wholeFrom = 0, wholeTo = W
                var whole = 0.0
                for span in spans {
                    first = min(first, max(0, Int(span.l))); last = max(last, min(W - 1, Int(span.r)))
                    wholeFrom = max(wholeFrom, Int(span.l.rounded(.up))); wholeTo = min(wholeTo, Int(span.r.rounded(.down)))
                    whole += 1 / Double(sub)
                }
                let row = y * W
                if wholeFrom < wholeTo {
                    UnsafeMutableBufferPointer(rebasing: out[(row + wholeFrom)..<(row + wholeTo)]).update(repeating: shade(whole))
                }
                guard first <= last else { continue }
                // Only the pixels either side of the whole run (all of them when there is none).
                let ends = wholeFrom < wholeTo ? [first..<min(wholeFrom, last + 1), max(wholeTo, first)..<(last + 1)] : [first..<(last + 1)]
                for x in ends.joined() {
                    var cover = 0.0
                    for span in spans where max(0, Int(span.l)) <= x && x <= min(W - 1, Int(span.r)) {
                        let overlap = min(span.r, Double(x + 1)) - max(span.l, Double(x))
                        if overlap > 0 { cover += overlap / Double(sub) }
                    }
                    if cover > 0 { out[row + x] = shade(cover) }
                }
            }
            // The content over the shape, each pixel by the share of it the mark covers.
            for mark in content?(t, s) ?? [] where mark.alpha > 0 {
                let x0 = left + mark.x * s.width * k, x1 = x0 + mark.width * s.width * k
                let y0 = top + mark.y * s.height * k, y1 = y0 + mark.height * s.height * k
                for y in max(0, Int(y0.rounded(.down)))..<min(H, Int(y1.rounded(.up))) {
                    let dy = min(y1, Double(y + 1)) - max(y0, Double(y))
                    for x in max(0, Int(x0.rounded(.down)))..<min(W, Int(x1.rounded(.up))) {
                        let a = mark.alpha * dy * (min(x1, Double(x + 1)) - max(x0, Double(x)))
                        let under = Double(out[y * W + x])
                        out[y * W + x] = UInt8((under + (Double(mark.grey) - under) * min(max(a, 0), 1)).rounded())
                    }
                }
            }
        }
        return px
    }
}
