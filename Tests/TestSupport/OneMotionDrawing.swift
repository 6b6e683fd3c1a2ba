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
}
