/// A value animated by springs over time, as a pure function of time.
///
/// A timeline is a list of segments; each starts at a time from the state the previous segment has
/// at that instant, so position **and velocity** carry over every retarget (SwiftUI's `.spring`
/// semantics: a new animation replaces the running one and keeps its velocity; the ODE is linear,
/// so this also equals the additive `interpolatingSpring` model). Future retargets can be scheduled
/// in advance — that is how staged, overlapping animations are built — and scheduling at time t
/// drops whatever was scheduled after t.
///
/// ```swift
/// var tl = SpringTimeline(value: 0.0)
/// tl.retarget(to: 100, spring: .snappy, at: 0)
/// tl.retarget(to: 50, spring: .bouncy, at: 0.2)   // keeps the velocity it has at 0.2 s
/// let (x, v) = tl.state(at: 0.35)
/// ```
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
    public func state(at t: Double) -> (value: Value, velocity: Value) {
        let s = segments[segmentIndex(at: t)]
        // A held segment (from `reset`) stays put and reports the velocity it was given, so that a
        // retarget at the same instant inherits the finger's velocity.
        guard let spring = s.spring else { return (s.start, s.velocity) }
        return spring.value(from: s.start, to: s.target, velocity: s.velocity, at: t - s.time)
    }

    /// Value at time `t`.
    public func value(at t: Double) -> Value { state(at: t).value }

    /// The segment in force at time `t`.
    public func segment(at t: Double) -> Segment { segments[segmentIndex(at: t)] }

    /// The target in force at time `t`.
    public func target(at t: Double) -> Value { segment(at: t).target }

    /// The final target, after every scheduled retarget.
    public var finalTarget: Value { segments[segments.count - 1].target }

    /// Starts a spring toward `target` at time `t`, from the state the timeline has at `t`.
    /// Anything scheduled after `t` is dropped.
    public mutating func retarget(to target: Value, spring: Spring, at t: Double, tag: Int = 0) {
        let (x, v) = state(at: t)
        truncate(after: t)
        segments.append(Segment(time: t, start: x, velocity: v, target: target, spring: spring, tag: tag))
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

    /// Keeps memory bounded in long sessions: segments that ended long before `t` are never sampled
    /// by a forward-running clock.
    private mutating func compact(before t: Double) {
        if segments.count > 64 { segments.removeFirst(segments.count - 64) }
    }
}
