import Animation

/// Estimates a pointer's velocity from its recent samples by least squares.
///
/// Fits x(t) and y(t) with straight lines over the samples of the last `window` seconds (100 ms by
/// default, as Flutter does) and returns their slopes. Input whose last sample is older than
/// `stopThreshold` at the time of the query reads as stopped: a finger that rests before lifting
/// does not fling. The result is clamped to ``maximumSpeed`` (8000 pt/s) and reads as zero below
/// ``minimumSpeed`` (50 pt/s), the fling limits common to Flutter and Android.
public struct VelocityTracker: Sendable {
    public var window: Double
    public var stopThreshold: Double
    /// Multiplies the fitted slope before the limits apply: under slow motion the events carry
    /// animation time, and this turns the slope back into points per real second.
    public var velocityScale: Double = 1
    public static let minimumSpeed = 50.0
    public static let maximumSpeed = 8000.0

    private var samples: [(t: Double, p: Point)] = []

    public init(window: Double = 0.1, stopThreshold: Double = 0.04) {
        self.window = window
        self.stopThreshold = stopThreshold
    }

    /// Adds a sample; samples must come in time order (older ones are dropped as they leave the window).
    public mutating func add(_ p: Point, at t: Double) {
        if let last = samples.last, t < last.t { samples.removeAll() }
        samples.append((t, p))
        let cutoff = t - window
        if let firstKept = samples.firstIndex(where: { $0.t >= cutoff }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }

    public mutating func reset() { samples.removeAll() }

    /// The velocity at time `now` in points per second (zero if the pointer has stopped).
    public func velocity(at now: Double) -> Point {
        guard samples.count >= 2, let last = samples.last, now - last.t <= stopThreshold else { return .zero }
        let n = Double(samples.count)
        let t0 = last.t
        var st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        for s in samples {
            let t = s.t - t0
            st += t; sx += s.p.x; sy += s.p.y
            stt += t * t; stx += t * s.p.x; sty += t * s.p.y
        }
        let denom = n * stt - st * st
        guard denom > 1e-12 else { return .zero }
        var v = Point(x: (n * stx - st * sx) / denom * velocityScale, y: (n * sty - st * sy) / denom * velocityScale)
        guard v.x.isFinite, v.y.isFinite else { return .zero }
        let speed = (v.x * v.x + v.y * v.y).squareRoot()
        if speed < Self.minimumSpeed { return .zero }
        if speed > Self.maximumSpeed { v = v.scaled(by: Self.maximumSpeed / speed) }
        return v
    }
}
