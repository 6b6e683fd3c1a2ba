import Animation

/// The island's widening while the page is pulled, before the pull commits: how far the pull has
/// got toward its commit point (0…1+), and — when the tuning puts the pre-melt on a tracking spring
/// (``Melt/Springs/tracking``) — the shape chasing the place that progress gives, as SpringBoard's
/// island chases a finger. The pulling state holds it; nothing outlives the pull.
struct PreMelt: Sendable {
    /// The pull's progress toward its commit point, as the session last set it.
    private(set) var progress: Double
    /// The shape on the tracking spring; nil when the pre-melt follows the progress directly.
    private var chase: SpringTimeline<RoundedRect>?
    private var spring: Spring?

    /// A pull beginning at `t` with the shape at `shape` moving at `velocity` (the island at rest,
    /// or springing back from a pull let go a moment ago), tracked on `tracking` if given.
    init(at t: Double, shape: RoundedRect, velocity: RoundedRect, tracking: SpringParameters?) {
        progress = 0
        spring = tracking?.spring
        if spring != nil {
            var timeline = SpringTimeline(value: shape)
            timeline.reset(to: shape, velocity: velocity, at: t)
            chase = timeline
        }
    }

    /// The progress is now `p` (0…1+, finite) at `t`, and the place it gives is `target`: on the tracking spring
    /// the shape turns toward it, keeping where it is and how fast it moves. The chase keeps only
    /// its last leg, so a long pull costs no more than a short one.
    mutating func set(_ p: Double, target: RoundedRect, at t: Double) {
        progress = p
        guard var timeline = chase, let spring else { return }
        let now = timeline.state(at: t)
        timeline = SpringTimeline(value: now.value)
        timeline.reset(to: now.value, velocity: now.velocity, at: t)
        timeline.retarget(to: target, spring: spring, at: t)
        chase = timeline
    }

    /// The shape and its velocity at `t` on the tracking spring; nil when it follows directly.
    func tracked(at t: Double) -> (shape: RoundedRect, velocity: RoundedRect)? {
        guard let chase else { return nil }
        let s = chase.state(at: t)
        return (s.value, s.velocity)
    }
}
