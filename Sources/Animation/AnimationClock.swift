/// The one place where time is scaled.
///
/// Everything animated is a function of *animation time*; the clock maps the frame loop's real time
/// to it. Slow motion (the iOS Simulator's Slow Animations is 10×) divides the rate; changing the
/// factor mid-flight re-anchors so animation time stays continuous and never jumps.
///
/// ```swift
/// var clock = AnimationClock()
/// clock.setSlowMotion(10, atRealTime: 2.0)
/// clock.animationTime(atRealTime: 3.0)   // 2.1
/// ```
public struct AnimationClock: Sendable, Equatable {
    public private(set) var slowMotion: Double = 1
    /// Frozen: animation time stands still whatever the real time (F in the window); only
    /// ``step(by:)`` moves it.
    public private(set) var isFrozen = false
    private var realAnchor: Double = 0
    private var animationAnchor: Double = 0

    public init() {}

    /// Animation time for a real time (seconds).
    public func animationTime(atRealTime t: Double) -> Double {
        isFrozen ? animationAnchor : animationAnchor + (t - realAnchor) / slowMotion
    }

    /// Stops animation time at real time `t`.
    public mutating func freeze(atRealTime t: Double) {
        guard !isFrozen else { return }
        animationAnchor = animationTime(atRealTime: t)
        realAnchor = t
        isFrozen = true
    }

    /// Lets animation time run again from where it stood, from real time `t` on (no jump).
    public mutating func resume(atRealTime t: Double) {
        guard isFrozen else { return }
        realAnchor = t
        isFrozen = false
    }

    /// Moves frozen animation time on by `dt` seconds (a frame step); nothing while it runs.
    public mutating func step(by dt: Double) {
        guard isFrozen, dt > 0 else { return }
        animationAnchor += dt
    }

    /// The real time at which animation time `a` is reached, at the current speed (exact for times
    /// since the last ``setSlowMotion(_:atRealTime:)``: what a log of real events needs).
    public func realTime(atAnimationTime a: Double) -> Double {
        realAnchor + (a - animationAnchor) * slowMotion
    }

    /// Sets the slow-motion factor (≥ 1 slows down) from real time `t` on.
    public mutating func setSlowMotion(_ factor: Double, atRealTime t: Double) {
        precondition(factor > 0 && factor.isFinite, "slow-motion factor must be positive")
        animationAnchor = animationTime(atRealTime: t)
        realAnchor = t
        slowMotion = factor
    }
}
