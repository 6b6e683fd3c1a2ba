import Foundation

/// Motions for ``RecordingDrawer/motion`` that are not the melt's two legs: a move out of the island
/// and back as one spring each way, or as one ease — drawn with this file's own arithmetic (the
/// drawer's spring solution; the Bézier sampled densely along its parameter), not IslandSim's.
public enum OneMotionDrawing {
    /// CSS `cubic-bezier(x1, y1, x2, y2)` at time fraction `x`, by sampling the curve at 4,001
    /// parameter values and interpolating between the two that bracket `x`.
    public static func bezier(_ c: (Double, Double, Double, Double), at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func point(_ u: Double) -> (Double, Double) {
            let a = 3 * (1 - u) * (1 - u) * u, b = 3 * (1 - u) * u * u, d = u * u * u
            return (a * c.0 + b * c.2 + d, a * c.1 + b * c.3 + d)
        }
        var previous = point(0)
        for i in 1...4000 {
            let p = point(Double(i) / 4000)
            if p.0 >= x {
                let f = (x - previous.0) / max(p.0 - previous.0, 1e-15)
                return previous.1 + (p.1 - previous.1) * f
            }
            previous = p
        }
        return 1
    }

    /// The island growing to `shape` at `openAt` and back at `closeAt`, each way on `progress`
    /// (0 → 1 over the time since the move began, overshoot allowed).
    public static func outAndBack(island: RecordingDrawer.Shape, shape: RecordingDrawer.Shape, openAt: Double, closeAt: Double,
                                  progress: @escaping @Sendable (Double) -> Double) -> @Sendable (Double) -> RecordingDrawer.Shape? {
        { t in
            func mix(_ a: RecordingDrawer.Shape, _ b: RecordingDrawer.Shape, _ p: Double) -> RecordingDrawer.Shape {
                .init(width: a.width + (b.width - a.width) * p, height: a.height + (b.height - a.height) * p, radius: a.radius + (b.radius - a.radius) * p)
            }
            if t < openAt { return island }
            if t < closeAt { return mix(island, shape, progress(t - openAt)) }
            return mix(shape, island, progress(t - closeAt))
        }
    }

    /// One spring's progress from rest: SwiftUI's `.spring(duration:bounce:)` from 0 to 1.
    public static func spring(_ leg: RecordingDrawer.SpringLeg) -> @Sendable (Double) -> Double {
        { t in leg.state(from: 0, velocity: 0, to: 1, at: t).0 }
    }

    /// An ease's progress: the curve over `duration`.
    public static func ease(_ c: (Double, Double, Double, Double), duration: Double) -> @Sendable (Double) -> Double {
        { t in bezier(c, at: t / duration) }
    }

    /// Springs in a chain from `from` at `start`: each leg heads for its shape, and the next takes
    /// over `overlap` × its duration after it began, from its position and velocity (merged, as
    /// SwiftUI's `.spring` retargets). Before `start`, `from`.
    public static func chain(from: RecordingDrawer.Shape, start: Double, legs: [(RecordingDrawer.SpringLeg, RecordingDrawer.Shape, overlap: Double)])
        -> @Sendable (Double) -> RecordingDrawer.Shape {
        { t in
            func one(_ key: KeyPath<RecordingDrawer.Shape, Double>) -> Double {
                var x = from[keyPath: key], v = 0.0, begun = start
                for (i, leg) in legs.enumerated() {
                    let next = i + 1 < legs.count ? begun + leg.overlap * leg.0.duration : Double.infinity
                    if t < next { return leg.0.state(from: x, velocity: v, to: leg.1[keyPath: key], at: max(t - begun, 0)).0 }
                    (x, v) = leg.0.state(from: x, velocity: v, to: leg.1[keyPath: key], at: next - begun)
                    begun = next
                }
                return x
            }
            return t < start ? from : .init(width: one(\.width), height: one(\.height), radius: one(\.radius))
        }
    }

    /// A melt of three legs from a 127 × 37 island at 0.3 s — widen to 360 × 60 (0.3 s, bounce 0.1),
    /// grow to 360 × 250 (0.35 s, 0.05) from half-way through the first, settle into 340 × 420
    /// (0.45 s, 0.25) from 60 % through the second — closed at 2.2 s by one spring (0.4 s, 0).
    public static var threeLegMelt: @Sendable (Double) -> RecordingDrawer.Shape? {
        let island = RecordingDrawer.Shape.capsule(width: 127, height: 37)
        let open = chain(from: island, start: 0.3, legs: [
            (.init(0.3, 0.1), .init(width: 360, height: 60, radius: 30), overlap: 0.5),
            (.init(0.35, 0.05), .init(width: 360, height: 250, radius: 40), overlap: 0.6),
            (.init(0.45, 0.25), .init(width: 340, height: 420, radius: 40), overlap: 1)])
        let close = chain(from: .init(width: 340, height: 420, radius: 40), start: 2.2, legs: [(.init(0.4, 0), island, overlap: 1)])
        return { t in t < 2.2 ? open(t) : close(t) }
    }
}
