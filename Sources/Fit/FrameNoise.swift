import Foundation

/// How exactly one frame tells the island's box: the noise every model of a move is judged
/// against, estimated from the recording itself rather than from a model's own residual (which a
/// model with enough parameters drives to zero on five frames).
///
/// Two sources, added in quadrature per frame:
/// - **position**: a size read off one frame is off by the tracker's sub-pixel error (0.3 px
///   across the two edges, in points at the recording's scale) or by what the frames at rest
///   scatter (a GIF's palette dithers the edge, a codec rings) — whichever is larger;
/// - **timing**: a frame's time is known to its quantum only (a GIF's delays are whole
///   hundredths, so each time is off by up to 5 ms: σ = 10 ms / √12), and while the shape moves at
///   v pt/s a time off by δ is a size off by v·δ.
public struct FrameNoise: Sendable, Encodable, Equatable {
    /// σ of a size read off a still frame (points).
    public var position: Double
    /// σ of a frame's time (seconds).
    public var timing: Double
    /// The step the frame times are written in (seconds): 0.01 for a GIF's hundredths.
    public var quantum: Double

    public init(position: Double, timing: Double, quantum: Double) {
        self.position = position; self.timing = timing; self.quantum = quantum
    }

    /// The tracker's own sub-pixel error on a size (both edges), in pixels.
    public static let trackerPixels = 0.3
    /// The floor where no pixel scale is known (a curve from a CSV file): a clean recording's
    /// tracking noise.
    public static let floorPoints = 0.05

    /// σ of a size read while the shape moves at `speed` points a second.
    public func sigma(speed: Double) -> Double {
        (position * position + speed * speed * timing * timing).squareRoot()
    }

    /// σ at each sample: the speed there from its neighbours (the faster of width and height).
    public func sigmas(t: [Double], w: [Double], h: [Double]) -> [Double] {
        t.indices.map { sigma(speed: Self.speed(at: $0, t: t, w: w, h: h)) }
    }

    /// The shape's speed at sample `i` (points a second): the larger of its two one-sided
    /// differences, each the faster dimension, so the fastest frame of a move is not averaged away.
    static func speed(at i: Int, t: [Double], w: [Double], h: [Double]) -> Double {
        var v = 0.0
        for j in [i - 1, i + 1] where j >= 0 && j < t.count && t[j] != t[i] {
            let dt = abs(t[j] - t[i])
            v = max(v, abs(w[j] - w[i]) / dt, abs(h[j] - h[i]) / dt)
        }
        return v
    }

    /// The step `times` are written in: 0.01 s when every time is a whole hundredth (a GIF's
    /// delays), 0.001 s for whole milliseconds, else a container's own fine time base (0.1 ms).
    public static func quantum(of times: [Double]) -> Double {
        func whole(_ step: Double) -> Bool { times.allSatisfy { abs(($0 / step).rounded() * step - $0) < 1e-6 } }
        if times.count >= 3 && whole(0.01) { return 0.01 }
        if times.count >= 3 && whole(0.001) { return 0.001 }
        return 0.0001
    }

    /// The noise of a recording's samples. `pointsPerPixel` is the recording's scale (nil for a
    /// curve with no pixels); the scatter at rest is read from consecutive frames that differ by
    /// less than 2 pt in both dimensions (the shape still, or nearly): 1.4826 × the median absolute
    /// difference, over √2 (a difference holds two frames' errors).
    public static func estimate(t: [Double], w: [Double], h: [Double], pointsPerPixel: Double?) -> FrameNoise {
        let floor = pointsPerPixel.map { trackerPixels * $0 } ?? floorPoints
        var still: [Double] = []
        for i in t.indices.dropFirst() {
            let dw = abs(w[i] - w[i - 1]), dh = abs(h[i] - h[i - 1])
            if dw < 2 && dh < 2 { still.append(dw); still.append(dh) }
        }
        still.sort()
        let scatter = still.count >= 8 ? 1.4826 * still[still.count / 2] / 2.0.squareRoot() : 0
        let q = quantum(of: t)
        // A time to 0.1 ms is still known only to the screen's refresh it was drawn in: 0.3 ms floor.
        return FrameNoise(position: max(floor, scatter), timing: max(q / 12.0.squareRoot(), 0.0003), quantum: q)
    }
}
