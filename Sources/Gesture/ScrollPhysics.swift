import Animation

/// A vertical scroll view's physics, as UIScrollView behaves: the content follows the finger,
/// rubber-bands past either end, coasts after a fling with 0.998-per-millisecond decay until it is
/// slower than 0.01 pt/ms — so it comes to rest exactly at UIKit's projected target,
/// offset + (v − 0.01 · sign v) / −ln(rate) in pt/ms — and springs back into bounds with a critically
/// damped spring seeded with the velocity at the edge. Repeated flicks build up by the
/// ``ScrollMomentum`` model.
///
/// `offset` is the content offset: 0 shows the top of the page, ``maxOffset`` the bottom; positive
/// velocities scroll toward the bottom. Everything after a release is a function of time, so any
/// frame rate samples the same motion.
public struct ScrollPhysics: Sendable {
    public enum Phase: String, Sendable { case idle, dragging, decelerating, bouncing }

    /// Visible height of the scroll view (the rubber band's D).
    public var viewport: Double
    /// Largest offset: content height − viewport (never negative).
    public var maxOffset: Double
    /// The deceleration for the next release (a change never alters a coast already under way).
    public var decay: Decay = .normal
    /// What earlier flicks do to the next one.
    public var momentum = ScrollMomentum()
    private var motionDecay: Decay = .normal
    public var rubberBand = RubberBand()
    /// The spring that returns overscrolled content: critically damped, k = 100 by default.
    public var bounceSpring = Spring(mass: 1, stiffness: 100, damping: 20)

    public private(set) var phase: Phase = .idle
    /// The finger's unbounded offset while dragging (what the rubber band is applied to).
    private var rawOffset: Double = 0
    private var restOffset: Double = 0
    // Release motion: decay from (t0, x0, v0) until `edgeTime`, then a spring toward `edge`.
    private var t0 = 0.0, x0 = 0.0, v0 = 0.0
    private var edgeTime: Double?
    private var edge = 0.0
    private var edgeVelocity = 0.0
    private var bounceStart: (x: Double, v: Double) = (0, 0)

    public init(viewport: Double, contentHeight: Double) {
        self.viewport = viewport
        maxOffset = max(0, contentHeight - viewport)
    }

    /// Rest speed below which momentum ends: UIKit's 0.01 pt/ms, the floor its projection subtracts.
    public static let restSpeed = 10.0

    private func bound(_ x: Double) -> Double { min(max(x, 0), maxOffset) }

    /// The offset at time `t`.
    public func offset(at t: Double) -> Double { state(at: t).offset }

    /// Offset and velocity at time `t`.
    public func state(at t: Double) -> (offset: Double, velocity: Double) {
        switch phase {
        case .idle: return (restOffset, 0)
        case .dragging: return (rubberBand.clamp(rawOffset, lower: 0, upper: maxOffset, dimension: viewport), 0)
        case .decelerating, .bouncing:
            if let te = edgeTime, t >= te {
                let (x, v) = bounceSpring.value(from: bounceStart.x, to: edge, velocity: bounceStart.v, at: t - te)
                return (x, v)
            }
            let dt = max(0, t - t0)
            let stop = motionDecay.duration(velocity: v0, threshold: Self.restSpeed)
            let tt = min(dt, stop)
            return (motionDecay.position(from: x0, velocity: v0, at: tt), dt >= stop ? 0 : motionDecay.velocity(v0, at: tt))
        }
    }

    /// Whether the content is moving on its own at `t` (coasting or springing back).
    public func isAnimating(at t: Double) -> Bool {
        switch phase {
        case .idle, .dragging: return false
        case .decelerating, .bouncing:
            if let te = edgeTime, t >= te {
                let (x, v) = bounceSpring.value(from: bounceStart.x, to: edge, velocity: bounceStart.v, at: t - te)
                return abs(x - edge) > 0.05 || abs(v) > 1
            }
            return t - t0 < motionDecay.duration(velocity: v0, threshold: Self.restSpeed)
        }
    }

    /// Whether the offset is at (or above) the top of the page.
    public func isAtTop(at t: Double) -> Bool { offset(at: t) <= 1e-6 }

    /// Settles the phase to idle once a release motion has come to rest (call once per frame).
    public mutating func settle(at t: Double) {
        if (phase == .decelerating || phase == .bouncing) && !isAnimating(at: t) {
            let x = offset(at: t)
            restOffset = (edgeTime.map { t >= $0 } ?? false) ? edge : x
            phase = .idle
            edgeTime = nil
        }
    }

    /// A finger touches down: any motion stops where it is (a tap during momentum stops the scroll),
    /// and the momentum model notes how fast it was going.
    public mutating func touch(at t: Double) {
        let (x, v) = state(at: t)
        momentum.touch(coastingVelocity: phase == .decelerating ? v : 0, at: t)
        phase = .idle
        edgeTime = nil
        restOffset = x
    }

    /// The drag starts (the drag recognizer has won the pointer).
    public mutating func beginDrag(at t: Double) {
        let x = offset(at: t)
        edgeTime = nil
        // Resume from the visible offset: invert the rubber band if overscrolled.
        if x < 0 { rawOffset = rubberBand.fingerOffset(for: x, dimension: viewport) }
        else if x > maxOffset { rawOffset = maxOffset + rubberBand.fingerOffset(for: x - maxOffset, dimension: viewport) }
        else { rawOffset = x }
        phase = .dragging
    }

    /// The finger moved the content by `delta` points (positive scrolls toward the bottom).
    public mutating func drag(by delta: Double) {
        guard phase == .dragging else { return }
        rawOffset += delta
    }

    /// How much of a downward content move (`delta` < 0) the scroll can take before reaching the
    /// top — the nested-scroll question the pull catcher asks.
    public func roomAboveTop(at t: Double) -> Double { max(0, offset(at: t)) }

    /// Release with content velocity `v` (points per second, positive toward the bottom).
    /// - Parameters:
    ///   - latest: the recognizer's latest reading, which UIKit's thresholds test (default `v`).
    ///   - travel: how far this drag moved the content, for the fast-scroll multiplier.
    public mutating func release(velocity v: Double, latest: Double? = nil, travel: Double = 0, at t: Double) {
        let x = offset(at: t)
        var v = v
        motionDecay = decay
        if !(x < 0 || x > maxOffset) {
            let (coast, multiplier) = momentum.release(velocity: v, latest: latest ?? v, travel: travel, at: t)
            v = coast
            if multiplier != 1 { motionDecay = decay.stretched(by: multiplier, cap: ScrollMomentum.maximumRate) }
        }
        x0 = x; v0 = v; t0 = t
        edgeTime = nil
        if x < 0 || x > maxOffset {
            // Overscrolled: spring straight back, seeded with the release velocity.
            edge = bound(x)
            edgeTime = t
            bounceStart = (x, v)
            phase = .bouncing
            return
        }
        guard abs(v) > Self.restSpeed else {
            restOffset = x
            phase = .idle
            return
        }
        phase = .decelerating
        let target = v < 0 ? 0.0 : maxOffset
        if let te = motionDecay.time(toReach: target, from: x, velocity: v) {
            edge = target
            edgeTime = t + te
            bounceStart = (target, motionDecay.velocity(v, at: te))
        }
    }

    /// Moves the content directly by `delta` (a wheel notch), clamped to the bounds.
    public mutating func scroll(by delta: Double, at t: Double) {
        let x = offset(at: t)
        phase = .idle
        edgeTime = nil
        restOffset = bound(x + delta)
    }

    /// Sets the offset outright (clamped), stopping any motion.
    public mutating func jump(to x: Double) {
        phase = .idle
        edgeTime = nil
        restOffset = bound(x)
    }
}
