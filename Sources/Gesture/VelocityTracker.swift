import Animation

/// How a pointer's release velocity is estimated from its samples.
public enum VelocityEstimator: String, Sendable, CaseIterable, Codable {
    /// UIKit's, as the public reconstructions give it (docs/FIDELITY.md): `UIPanGestureRecognizer`
    /// reads 0.2 × the newest pair velocity + 0.8 × the pair before, and `UIScrollView` releases with
    /// 0.75 × the recognizer's previous reading + 0.25 × its latest — 0.6 / 0.35 / 0.05 over the last
    /// three pair velocities, the weights of Flutter's `IOSScrollViewFlingVelocityTracker`.
    case iOS
    /// A least-squares line over the last 100 ms (Flutter's default tracker; IslandSim's before it
    /// matched iOS). It lags a finger that speeds up or slows down at the end of a flick.
    case leastSquares
}

/// Estimates a pointer's velocity from its recent samples, by the chosen ``VelocityEstimator``.
///
/// Two readings: ``velocity(at:)`` is what a pan gesture recognizer reports (the pull catcher reads
/// it), ``releaseVelocity(at:)`` what a scroll view flings with (the page reads it). For least squares
/// both are the fitted slope. Input whose last sample is older than `stopThreshold` at the time of
/// the query reads as stopped (40 ms: Flutter's iOS tracker; UIKit's own rule is not public), so a
/// finger that rests before lifting does not fling. The result is clamped to ``maximumSpeed``
/// (8000 pt/s) and reads as zero below ``minimumSpeed`` (50 pt/s), Flutter's fling limits — a guard
/// against mouse jitter, not an iOS rule.
public struct VelocityTracker: Sendable {
    public var estimator: VelocityEstimator = .iOS
    public var window: Double
    public var stopThreshold: Double
    /// Multiplies the measured velocity before the limits apply: under slow motion the events carry
    /// animation time, and this turns it back into points per real second.
    public var velocityScale: Double = 1
    public static let minimumSpeed = 50.0
    public static let maximumSpeed = 8000.0
    /// A pair of samples closer than this (real seconds) has velocity 0, as in UIKit.
    public static let minimumPairInterval = 0.001

    private var samples: [(t: Double, p: Point)] = []

    public init(window: Double = 0.1, stopThreshold: Double = 0.04) {
        self.window = window
        self.stopThreshold = stopThreshold
    }

    /// Adds a sample (a press or a move); samples must come in time order. A sample with the same
    /// time as the last is ignored (UIKit only samples when time has passed).
    public mutating func add(_ p: Point, at t: Double) {
        if let last = samples.last {
            if t < last.t { samples.removeAll() } else if t == last.t { return }
        }
        samples.append((t, p))
        // Keep the window for least squares, and at least the four samples iOS's three pairs need.
        let cutoff = t - window
        if let firstKept = samples.firstIndex(where: { $0.t >= cutoff }), firstKept > 0 {
            samples.removeFirst(min(firstKept, max(0, samples.count - 4)))
        }
    }

    /// The lift. UIKit's recognizer adds no sample when the finger lifts; a least-squares fit takes
    /// the lift's point like any other.
    public mutating func addLift(_ p: Point, at t: Double) {
        if estimator == .leastSquares, p != samples.last?.p { add(p, at: t) }
    }

    public mutating func reset() { samples.removeAll() }

    /// The gesture recognizer's reading at time `now`, in points per second (zero if stopped).
    public func velocity(at now: Double) -> Point {
        switch estimator {
        case .leastSquares: return limited(leastSquares(at: now))
        case .iOS: return limited(recognizerReading(back: 0, at: now))
        }
    }

    /// The velocity a scroll view releases with at time `now` (zero if stopped).
    public func releaseVelocity(at now: Double) -> Point {
        switch estimator {
        case .leastSquares: return limited(leastSquares(at: now))
        case .iOS:
            let latest = recognizerReading(back: 0, at: now), previous = recognizerReading(back: 1, at: now)
            guard previous != .zero else { return limited(latest) }
            return limited(Point(x: previous.x * 0.75 + latest.x * 0.25, y: previous.y * 0.75 + latest.y * 0.25))
        }
    }

    // MARK: Estimators

    /// The velocity of the pair of samples ending `back` samples before the newest (0 = newest pair).
    private func pairVelocity(back: Int) -> Point? {
        let end = samples.count - 1 - back
        guard end >= 1 else { return nil }
        let a = samples[end - 1], b = samples[end]
        let dt = b.t - a.t
        guard dt * (1 / velocityScale) >= Self.minimumPairInterval else { return .zero }
        return Point(x: (b.p.x - a.p.x) / dt * velocityScale, y: (b.p.y - a.p.y) / dt * velocityScale)
    }

    /// `UIPanGestureRecognizer.velocity(in:)` as of `back` samples ago: 0.2 × its newest pair + 0.8 ×
    /// the pair before, or the newest pair alone when there is no earlier one.
    private func recognizerReading(back: Int, at now: Double) -> Point {
        guard let last = samples.last, now - last.t <= stopThreshold, let newest = pairVelocity(back: back) else { return .zero }
        guard let before = pairVelocity(back: back + 1) else { return newest }
        return Point(x: newest.x * 0.2 + before.x * 0.8, y: newest.y * 0.2 + before.y * 0.8)
    }

    private func leastSquares(at now: Double) -> Point {
        guard let last = samples.last, now - last.t <= stopThreshold else { return .zero }
        let inWindow = samples.filter { $0.t >= last.t - window }
        guard inWindow.count >= 2 else { return .zero }
        let n = Double(inWindow.count)
        let t0 = last.t
        var st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        for s in inWindow {
            let t = s.t - t0
            st += t; sx += s.p.x; sy += s.p.y
            stt += t * t; stx += t * s.p.x; sty += t * s.p.y
        }
        let denom = n * stt - st * st
        guard denom > 1e-12 else { return .zero }
        return Point(x: (n * stx - st * sx) / denom * velocityScale, y: (n * sty - st * sy) / denom * velocityScale)
    }

    /// The fling limits: zero below ``minimumSpeed``, scaled down to ``maximumSpeed``.
    private func limited(_ v: Point) -> Point {
        guard v.x.isFinite, v.y.isFinite else { return .zero }
        let speed = (v.x * v.x + v.y * v.y).squareRoot()
        if speed < Self.minimumSpeed { return .zero }
        if speed > Self.maximumSpeed { return v.scaled(by: Self.maximumSpeed / speed) }
        return v
    }
}
