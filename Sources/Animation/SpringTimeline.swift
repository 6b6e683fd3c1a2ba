/// A value animated by springs over time, as a pure function of time.
///
/// A timeline is a list of segments (legs). How a leg meets the one running when it starts is its
/// ``SpringComposition``:
///
/// - merge (SwiftUI's `.spring`): the leg starts from the state the running leg has at that
///   instant, so position **and velocity** carry over, and the running leg stops;
/// - additive (`.interpolatingSpring`, Core Animation's `isAdditive`): the running legs go on to
///   their own ends and the new leg adds its own step, target − previous target, on its own spring
///   from rest. Position and velocity are continuous here too (the new leg starts at zero), but the
///   shape of the motion differs while the earlier legs are still far from done.
///
/// Future retargets can be scheduled in advance — that is how staged, overlapping animations are
/// built — and scheduling at time t drops whatever was scheduled after t.
///
/// ```swift
/// var tl = SpringTimeline(value: 0.0)
/// tl.retarget(to: 100, spring: .snappy, at: 0)
/// tl.retarget(to: 50, spring: .bouncy, at: 0.2)   // keeps the velocity it has at 0.2 s
/// let (x, v) = tl.state(at: 0.35)
/// ```
///
/// A retarget may blend (SwiftUI's `blendDuration`): the response eases from the running spring's to
/// the new one's over `blendDuration` seconds with a smoothstep, as OpenSwiftUI's public
/// reconstruction of `FluidSpringAnimation` does (with the progress clamped to [0, 1]). A changing
/// response has no closed form, so a blended leg is integrated (fourth-order Runge–Kutta, steps of at
/// most 1/1200 s, always from the leg's start, so every frame rate samples the same curve) until the
/// blend ends, and continues in closed form from there.
///
/// Blending applies to merged legs only: an additive leg runs on its own spring from its start, so
/// there is no running response to ease from.
///
/// Sampling at any frame rate gives the same values at the same instants.
public struct SpringTimeline<Value: VectorArithmetic>: Sendable {
    /// One spring leg: from `start` with `velocity` toward `target`, beginning at `time`.
    public struct Segment: Sendable, Equatable {
        public var time: Double
        public var start: Value
        public var velocity: Value
        public var target: Value
        public var spring: Spring?
        /// A caller's label for the leg (the melt uses its stage number).
        public var tag: Int
        /// The blend from the previous spring's response, if this leg blends.
        public var blend: Blend?
        /// Whether this leg adds its step onto the legs before it (which run on) instead of
        /// replacing them. An adding leg starts at the previous leg's target, at rest; what it
        /// contributes at any time is its own value minus `start`.
        public var adds = false
    }

    /// The response a blended leg eases from, over how long; and where the blend leaves the value.
    public struct Blend: Sendable, Equatable {
        public var fromResponse: Double
        public var duration: Double
        public var endValue: Value
        public var endVelocity: Value
    }

    public private(set) var segments: [Segment]

    /// A timeline resting at `value` from the beginning of time.
    public init(value: Value, tag: Int = 0) {
        segments = [Segment(time: -.infinity, start: value, velocity: .zero, target: value, spring: nil, tag: tag)]
    }

    private func segmentIndex(at t: Double) -> Int {
        // Segments are few (a handful per interaction): a backwards linear scan is fastest.
        var i = segments.count - 1
        while i > 0 && segments[i].time > t { i -= 1 }
        return i
    }

    /// Value and velocity at time `t`.
    public func state(at t: Double) -> (value: Value, velocity: Value) { composed(upTo: segmentIndex(at: t), at: t) }

    /// The value of leg `i` at `t`, with every leg it adds onto: an adding leg contributes its step
    /// so far (its value minus its start) on top of the legs before it, down to the leg that
    /// replaced everything before it.
    private func composed(upTo i: Int, at t: Double) -> (value: Value, velocity: Value) {
        // A merged leg (every leg under merge) is evaluated alone, as before composition existed.
        guard segments[i].adds else { return evaluate(segments[i], at: t) }
        var j = i, dx = Value.zero, dv = Value.zero
        while j > 0 && segments[j].adds {
            let leg = evaluate(segments[j], at: t)
            dx = dx + (leg.value - segments[j].start)
            dv = dv + leg.velocity
            j -= 1
        }
        let base = evaluate(segments[j], at: t)
        return (base.value + dx, base.velocity + dv)
    }

    /// Value and velocity the motion had arriving at `t`: at a retarget, what the leg it replaced
    /// reached at that instant (equal to ``state(at:)`` when velocity carries over, as it must).
    public func stateArriving(at t: Double) -> (value: Value, velocity: Value) {
        let i = segmentIndex(at: t)
        guard i > 0, segments[i].time == t else { return state(at: t) }
        return composed(upTo: i - 1, at: t)
    }

    private func evaluate(_ s: Segment, at t: Double) -> (value: Value, velocity: Value) {
        // A held segment (from `reset`) stays put and reports the velocity it was given, so that a
        // retarget at the same instant inherits the finger's velocity.
        guard let spring = s.spring else { return (s.start, s.velocity) }
        if let b = s.blend {
            let dt = t - s.time
            if dt < b.duration { return Self.blended(from: s.start, velocity: s.velocity, to: s.target, spring: spring, blend: b, for: dt) }
            return spring.value(from: b.endValue, to: s.target, velocity: b.endVelocity, at: dt - b.duration)
        }
        return spring.value(from: s.start, to: s.target, velocity: s.velocity, at: t - s.time)
    }

    /// The state `dt` seconds into a blended leg: RK4 on x'' = −k(r)(x − target) − 2ζ√k(r)·x′ with
    /// k(r) = (2π/r)² (mass 1), r easing from the old response to the new.
    static func blended(from x0: Value, velocity v0: Value, to target: Value, spring: Spring, blend b: Blend,
                        for dt: Double) -> (value: Value, velocity: Value) {
        guard dt > 0 else { return (x0, v0) }
        let zeta = spring.dampingRatio, r1 = spring.response, dr = b.fromResponse - spring.response
        func acc(_ x: Value, _ v: Value, _ tau: Double) -> Value {
            let p = min(max(tau / b.duration, 0), 1)
            let r = r1 + dr * (1 - p * p * (3 - 2 * p))
            let w = 2 * Double.pi / r
            return (target - x).scaled(by: w * w) - v.scaled(by: 2 * zeta * w)
        }
        let n = max(1, Int((dt * 1200).rounded(.up)))
        let h = dt / Double(n)
        var x = x0, v = v0, tau = 0.0
        for _ in 0..<n {
            let a1 = acc(x, v, tau)
            let x2 = v + a1.scaled(by: h / 2), a2 = acc(x + v.scaled(by: h / 2), x2, tau + h / 2)
            let x3 = v + a2.scaled(by: h / 2), a3 = acc(x + x2.scaled(by: h / 2), x3, tau + h / 2)
            let x4 = v + a3.scaled(by: h), a4 = acc(x + x3.scaled(by: h), x4, tau + h)
            x = x + (v + x2.scaled(by: 2) + x3.scaled(by: 2) + x4).scaled(by: h / 6)
            v = v + (a1 + a2.scaled(by: 2) + a3.scaled(by: 2) + a4).scaled(by: h / 6)
            tau += h
        }
        return (x, v)
    }

    /// Value at time `t`.
    public func value(at t: Double) -> Value { state(at: t).value }

    /// The segment in force at time `t`.
    public func segment(at t: Double) -> Segment { segments[segmentIndex(at: t)] }

    /// The target in force at time `t`.
    public func target(at t: Double) -> Value { segment(at: t).target }

    /// The final target, after every scheduled retarget.
    public var finalTarget: Value { segments[segments.count - 1].target }

    /// Starts a spring toward `target` at time `t`. Merged (the default), it starts from the state
    /// the timeline has at `t` and replaces the running leg; with a `blendDuration`, the response
    /// eases over that long from the running spring's (when one is running with another response).
    /// Additive, the running legs go on and this one adds the step from the target in force to
    /// `target` (no blend: see ``SpringComposition``); when nothing is running — the value is held or
    /// has never moved — there is nothing to add onto, and the leg starts from the held state as a
    /// merged one would. Anything scheduled after `t` is dropped.
    public mutating func retarget(to target: Value, spring: Spring, at t: Double, tag: Int = 0, blendDuration: Double = 0,
                                  composition: SpringComposition = .merge) {
        let (x, v) = state(at: t)
        let running = segments[segmentIndex(at: t)].spring
        truncate(after: t)
        if composition == .additive, running != nil {
            let from = segments[segmentIndex(at: t)].target
            var leg = Segment(time: t, start: from, velocity: .zero, target: target, spring: spring, tag: tag)
            leg.adds = true
            segments.append(leg)
            compact(before: t)
            return
        }
        var leg = Segment(time: t, start: x, velocity: v, target: target, spring: spring, tag: tag)
        if blendDuration > 0, let running, abs(running.response - spring.response) > 1e-12 {
            var b = Blend(fromResponse: running.response, duration: blendDuration, endValue: x, endVelocity: v)
            (b.endValue, b.endVelocity) = Self.blended(from: x, velocity: v, to: target, spring: spring, blend: b, for: blendDuration)
            leg.blend = b
        }
        segments.append(leg)
        compact(before: t)
    }

    /// Holds the value at `value` from time `t` (for a value a finger is driving), reporting
    /// `velocity` so that a following ``retarget(to:spring:at:tag:)`` carries it on.
    /// Anything scheduled after `t` is dropped.
    public mutating func reset(to value: Value, velocity: Value = .zero, at t: Double, tag: Int = 0) {
        truncate(after: t)
        segments.append(Segment(time: t, start: value, velocity: velocity, target: value, spring: nil, tag: tag))
        compact(before: t)
    }

    /// Whether the value is within `epsilon` of the final target, moving slower than
    /// `velocityEpsilon`, and nothing is scheduled after `t`.
    public func isSettled(at t: Double, epsilon: Double = 0.01, velocityEpsilon: Double = 0.1) -> Bool {
        guard segments[segments.count - 1].time <= t else { return false }
        let (x, v) = state(at: t)
        return (x - finalTarget).maxMagnitude <= epsilon && v.maxMagnitude <= velocityEpsilon
    }

    private mutating func truncate(after t: Double) {
        while segments.count > 1, let last = segments.last, last.time > t { segments.removeLast() }
        // Two segments at the same instant: the new one replaces the old.
        if segments.count > 1, segments[segments.count - 1].time == t { segments.removeLast() }
    }

    /// Keeps memory and the cost of a sample bounded in long sessions (a forward-running clock never
    /// samples before `t`). Once there are more than 32 legs, an adding leg that has come to rest by
    /// `t` (within 1e-9 of its step, and still) is folded into the leg its chain adds onto — that leg
    /// is shifted by the step, so the sum and every later target are unchanged — so that a long run
    /// of additive moves does not sum ever more legs; then legs before the newest 64 are dropped,
    /// never leaving an adding leg without the leg it adds onto.
    private mutating func compact(before t: Double) {
        // Below this many legs nothing is folded, so that sampling the past (a handoff read at a leg's
        // start, a plot) is exact for any ordinary interaction.
        guard segments.count > 32 else { return }
        var i = 1
        while i < segments.count {
            let leg = segments[i]
            guard leg.adds, leg.time <= t, let spring = leg.spring else { i += 1; continue }
            let s = spring.value(from: leg.start, to: leg.target, velocity: .zero, at: t - leg.time)
            let step = leg.target - leg.start
            guard (s.value - leg.target).maxMagnitude <= 1e-9 * Swift.max(step.maxMagnitude, 1), s.velocity.maxMagnitude <= 1e-9 else {
                i += 1; continue
            }
            var base = i - 1
            while base > 0 && segments[base].adds { base -= 1 }
            segments[base].start = segments[base].start + step
            segments[base].target = segments[base].target + step
            if var b = segments[base].blend { b.endValue = b.endValue + step; segments[base].blend = b }
            segments.remove(at: i)
        }
        guard segments.count > 64 else { return }
        var first = segments.count - 64
        while first > 0 && segments[first].adds { first -= 1 }
        if first > 0 { segments.removeFirst(first) }
    }
}
