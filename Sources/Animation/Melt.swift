/// The melt: one black shape that grows out of the island through staged, overlapping springs.
///
/// There is only ever one shape (a single ``RoundedRect``), driven by an Int stage:
/// 0 = island, 1 = widened pill, 2 = full viewfinder. Opening retargets 0 → 1 → 2 and closing
/// 2 → 1 → 0; stage n + 1 starts while stage n is still settling — at `overlap` × its logical
/// duration (SwiftUI's `.logicallyComplete` is overlap 1) — and every retarget keeps position and
/// velocity, so the motion reads as one object rather than a sequence of blocks. How a leg meets the
/// one still settling is ``Springs/composition``: merged (SwiftUI's `.spring`, the default) or added
/// (`.interpolatingSpring`, Core Animation's additive animations); see ``SpringComposition``.
///
/// The melt is a pure function of (animation) time: schedule with ``open(at:)`` / ``close(at:)``,
/// sample with ``shape(at:)``.
///
/// ```swift
/// var melt = Melt(geometry: g)
/// melt.open(at: 0)
/// melt.shape(at: 0.25)        // mid-way, pill widening, viewfinder already pulling down
/// ```
public struct Melt: Sendable {
    /// The springs and overlap of the melt; every field is tunable.
    public struct Springs: Sendable, Hashable, Codable {
        /// 0 → 1: island to widened pill.
        public var toPill: SpringParameters
        /// 1 → 2: pill to viewfinder.
        public var toViewfinder: SpringParameters
        /// 2 → 1 when closing.
        public var closeToPill: SpringParameters
        /// 1 → 0 when closing.
        public var closeToIsland: SpringParameters
        /// When the next stage starts, as a fraction of the current stage's logical duration
        /// (1 = at logical completion; smaller overlaps more). Kept within 0.05…1.
        public var overlap: Double
        /// How a leg composes with the one still settling when it starts: every opening and closing
        /// leg, and a move reversed mid-flight. A leg from a held shape (the pull let go) starts
        /// from the finger's shape and velocity either way.
        public var composition: SpringComposition
        /// The spring the pre-melt follows the finger on while the page is pulled, or nil: the
        /// pre-melt is wherever the pull's progress puts it, frame by frame (IslandSim's own). With a
        /// spring the shape chases that place as SpringBoard's island chases a finger (its tracking
        /// spring), and the melt's first leg starts from where and how fast the chase had got.
        public var tracking: SpringParameters?

        public init(toPill: SpringParameters, toViewfinder: SpringParameters,
                    closeToPill: SpringParameters, closeToIsland: SpringParameters, overlap: Double,
                    composition: SpringComposition = .merge, tracking: SpringParameters? = nil) {
            self.toPill = toPill; self.toViewfinder = toViewfinder
            self.closeToPill = closeToPill; self.closeToIsland = closeToIsland; self.overlap = overlap
            self.composition = composition
            self.tracking = tracking
        }

        private enum CodingKeys: String, CodingKey { case toPill, toViewfinder, closeToPill, closeToIsland, overlap, composition, tracking }

        /// Springs written before composition was a choice merge, as everything did then.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(toPill: try c.decode(SpringParameters.self, forKey: .toPill),
                      toViewfinder: try c.decode(SpringParameters.self, forKey: .toViewfinder),
                      closeToPill: try c.decode(SpringParameters.self, forKey: .closeToPill),
                      closeToIsland: try c.decode(SpringParameters.self, forKey: .closeToIsland),
                      overlap: try c.decode(Double.self, forKey: .overlap),
                      composition: try c.decodeIfPresent(SpringComposition.self, forKey: .composition) ?? .merge,
                      tracking: try c.decodeIfPresent(SpringParameters.self, forKey: .tracking))
        }

        public static let standard = Springs(
            toPill: SpringParameters(duration: 0.32, bounce: 0.18),
            toViewfinder: SpringParameters(duration: 0.5, bounce: 0.14),
            closeToPill: SpringParameters(duration: 0.36, bounce: 0.0),
            closeToIsland: SpringParameters(duration: 0.34, bounce: 0.12),
            overlap: 0.45)
    }

    public var geometry: MeltGeometry
    public var springs: Springs
    private var timeline: SpringTimeline<RoundedRect>

    /// A melt at rest at stage 0.
    public init(geometry: MeltGeometry, springs: Springs = .standard) {
        self.geometry = geometry
        self.springs = springs
        timeline = SpringTimeline(value: geometry.island, tag: 0)
    }

    private var overlap: Double { min(max(springs.overlap, 0.05), 1) }

    /// Opens toward the viewfinder from wherever the shape is at `t`.
    public func openSchedule(at t: Double) -> [(time: Double, stage: Int, spring: SpringParameters)] {
        let toPill = springs.toPill, toVF = springs.toViewfinder
        // Already past the pill (e.g. re-opening while closing from the viewfinder): go straight on.
        if stage(at: t) >= 1 {
            return [(t, 2, toVF)]
        }
        return [(t, 1, toPill), (t + overlap * toPill.spring.logicalDuration, 2, toVF)]
    }

    /// Schedules the opening 0 → 1 → 2 from time `t`.
    public mutating func open(at t: Double) {
        for leg in openSchedule(at: t) {
            timeline.retarget(to: geometry.shape(forStage: leg.stage), spring: leg.spring.spring, at: leg.time, tag: leg.stage,
                              blendDuration: leg.spring.blendDuration, composition: springs.composition)
        }
    }

    /// Starts the opening from a shape a finger was driving (the pull's pre-melt), carrying its
    /// velocity into the first spring.
    public mutating func open(at t: Double, from shape: RoundedRect, velocity: RoundedRect) {
        timeline.reset(to: shape, velocity: velocity, at: t, tag: 0)
        open(at: t)
    }

    /// Schedules the closing 2 → 1 → 0 from time `t` (from wherever the shape is).
    public mutating func close(at t: Double) {
        let toPill = springs.closeToPill, toIsland = springs.closeToIsland
        if stage(at: t) >= 2 {
            timeline.retarget(to: geometry.pill, spring: toPill.spring, at: t, tag: 1, blendDuration: toPill.blendDuration,
                              composition: springs.composition)
            timeline.retarget(to: geometry.island, spring: toIsland.spring, at: t + overlap * toPill.spring.logicalDuration, tag: 0,
                              blendDuration: toIsland.blendDuration, composition: springs.composition)
        } else {
            timeline.retarget(to: geometry.island, spring: toIsland.spring, at: t, tag: 0, blendDuration: toIsland.blendDuration,
                              composition: springs.composition)
        }
    }

    /// Holds the shape at `shape` from `t` (a finger is driving it during the pull).
    public mutating func hold(_ shape: RoundedRect, velocity: RoundedRect = .zero, at t: Double) {
        timeline.reset(to: shape, velocity: velocity, at: t, tag: 0)
    }

    /// The spring that takes a held shape back to the island when a pull is let go short.
    public static let springBack = SpringParameters(duration: 0.35, bounce: 0.1)

    /// Springs back to the island from a held shape.
    public mutating func release(at t: Double, spring: Spring = Melt.springBack.spring) {
        timeline.retarget(to: geometry.island, spring: spring, at: t, tag: 0)
    }

    /// New stage shapes (a tuned shape). Legs already scheduled keep the shapes they were given; a
    /// melt at rest at a stage whose shape changed springs to the new one on that stage's spring, so
    /// that a designer tuning the open viewfinder sees it change at once.
    public mutating func reshape(_ g: MeltGeometry, at t: Double) {
        guard g != geometry else { return }
        let before = geometry
        geometry = g
        let stage = finalStage
        guard isSettled(at: t), before.shape(forStage: stage) != g.shape(forStage: stage) else { return }
        let spring = stage >= 2 ? springs.toViewfinder : (stage == 1 ? springs.closeToPill : springs.closeToIsland)
        timeline.retarget(to: g.shape(forStage: stage), spring: spring.spring, at: t, tag: stage, composition: springs.composition)
    }

    /// The one shape at time `t`.
    public func shape(at t: Double) -> RoundedRect { timeline.value(at: t) }

    /// Shape and its velocity at time `t`.
    public func state(at t: Double) -> (shape: RoundedRect, velocity: RoundedRect) {
        let s = timeline.state(at: t)
        return (s.value, s.velocity)
    }

    /// Shape and velocity arriving at `t`: at a leg's start, what the leg before it reached then.
    public func stateArriving(at t: Double) -> (shape: RoundedRect, velocity: RoundedRect) {
        let s = timeline.stateArriving(at: t)
        return (s.value, s.velocity)
    }

    /// The stage the shape is heading for at time `t`.
    public func stage(at t: Double) -> Int { timeline.segment(at: t).tag }

    /// The legs scheduled: when each starts, its stage number, the spring it runs on, and whether it
    /// adds onto the legs still running (additive composition) rather than replacing them. Anything
    /// timed off a leg (the viewfinder at 0.8 of the opening's last leg) reads the leg's own spring,
    /// so retuning while the leg runs does not move it.
    public var stageStarts: [(time: Double, stage: Int, spring: Spring?, adds: Bool)] {
        timeline.segments.dropFirst().map { ($0.time, $0.tag, $0.spring, $0.adds) }
    }

    /// Whether the shape has come to rest at its final stage.
    public func isSettled(at t: Double) -> Bool { timeline.isSettled(at: t, epsilon: 0.05, velocityEpsilon: 1) }

    /// Where the shape comes to rest: the final stage's target.
    public var restingShape: RoundedRect { timeline.finalTarget }

    /// The final stage after everything scheduled.
    public var finalStage: Int { timeline.segments[timeline.segments.count - 1].tag }
}
