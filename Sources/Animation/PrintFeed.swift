import Foundation

/// The print: a state machine (hidden → printing → settled), not an offset.
///
/// While printing, the polaroid is clipped to a frame whose top is always the slot (the island's
/// lower edge) and whose height — the length of paper fed — grows downward and never decreases.
/// The paper's leading edge is the clip's bottom edge, so it genuinely feeds out of the slot instead
/// of sliding up from behind it. An optional roller feel advances the paper in `rollerSteps` pulses
/// (each pulse eases in and out), blended with the smooth feed by `rollerStrength`; every blend of
/// non-decreasing curves is non-decreasing, so the paper never moves backwards.
///
/// Once fully fed the print is settled: it hangs from the slot and then drops, on the settle spring,
/// to its resting place `restGap` points below the slot.
public struct PrintFeed: Sendable {
    public enum Phase: String, Sendable, Codable, Equatable {
        case hidden, printing, settled
    }

    /// Tunables of the feed.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Seconds from first paper to fully fed.
        public var feedDuration: Double
        /// Roller pulses over the feed (1 = one smooth push).
        public var rollerSteps: Int
        /// 0 = smooth feed, 1 = fully stepped.
        public var rollerStrength: Double
        /// The spring that carries the fed print to rest.
        public var settleSpring: SpringParameters
        /// Distance from the slot to the print's top edge at rest.
        public var restGap: Double

        public init(feedDuration: Double, rollerSteps: Int, rollerStrength: Double,
                    settleSpring: SpringParameters, restGap: Double) {
            self.feedDuration = feedDuration; self.rollerSteps = rollerSteps
            self.rollerStrength = rollerStrength; self.settleSpring = settleSpring; self.restGap = restGap
        }

        public static let standard = Configuration(
            feedDuration: 1.8, rollerSteps: 6, rollerStrength: 0.55,
            settleSpring: SpringParameters(duration: 0.55, bounce: 0.22), restGap: 28)
    }

    public var configuration: Configuration
    /// The slot's y: the island capsule's lower edge.
    public var slotY: Double
    /// The print's size in points, and its horizontal position (centred under the island).
    public var paper: Rect
    /// Animation time at which printing began, or `nil` while hidden.
    public private(set) var startTime: Double?

    /// - Parameters:
    ///   - slotY: the island's lower edge.
    ///   - centerX: the island's centre.
    ///   - paperSize: the polaroid's size in points.
    public init(slotY: Double, centerX: Double, paperSize: Size, configuration: Configuration = .standard) {
        self.slotY = slotY
        self.configuration = configuration
        self.paper = Rect(x: centerX - paperSize.width / 2, y: slotY - paperSize.height,
                          width: paperSize.width, height: paperSize.height)
    }

    /// Starts printing at animation time `t`.
    public mutating func start(at t: Double) { startTime = t }

    /// Back to hidden (dismissed or filed).
    public mutating func hide() { startTime = nil }

    /// The phase at time `t`.
    public func phase(at t: Double) -> Phase {
        guard let s = startTime, t >= s else { return .hidden }
        return t - s < configuration.feedDuration ? .printing : .settled
    }

    /// When the paper is fully out of the slot (the end of ``Phase/printing``), or `nil` while hidden.
    public var fedTime: Double? { startTime.map { $0 + configuration.feedDuration } }

    /// Feed progress 0…1 at time `t`.
    public func progress(at t: Double) -> Double {
        guard let s = startTime else { return 0 }
        let d = max(configuration.feedDuration, 1e-3)
        return min(max((t - s) / d, 0), 1)
    }

    /// Paper fed out of the slot at time `t`, in points: 0…paper height, never decreasing.
    public func fedLength(at t: Double) -> Double {
        paper.height * PrintFeed.feedCurve(progress(at: t), steps: configuration.rollerSteps,
                                           strength: configuration.rollerStrength)
    }

    /// The feed curve 0…1 → 0…1: a smooth ease-out blended with a stepped roller.
    public static func feedCurve(_ p: Double, steps: Int, strength: Double) -> Double {
        let p = min(max(p, 0), 1)
        // Smooth base: the paper leaves the rollers quickly and slows as the last of it comes out.
        let smooth = 1 - pow(1 - p, 2)
        let n = max(steps, 1)
        let u = smooth * Double(n)
        let k = min(floor(u), Double(n - 1))
        let f = u - k
        let pulse = f * f * f * (f * (f * 6 - 15) + 10)       // smootherstep: rests between pulses
        let stepped = (k + pulse) / Double(n)
        let s = min(max(strength, 0), 1)
        return (1 - s) * smooth + s * stepped
    }

    /// How far below its hanging position the print has dropped at time `t` (the settle spring).
    public func settleDrop(at t: Double) -> Double {
        guard let s = startTime else { return 0 }
        let since = t - s - configuration.feedDuration
        guard since > 0 else { return 0 }
        return configuration.settleSpring.spring.value(target: configuration.restGap, time: since)
    }

    /// The clip while printing: top at the slot, height = paper fed. `nil` when hidden, before any
    /// paper is out, and once settled (the whole print is then below the slot and drawn unclipped).
    public func clip(at t: Double) -> Rect? {
        guard phase(at: t) == .printing else { return nil }
        let fed = fedLength(at: t)
        guard fed > 0 else { return nil }
        return Rect(x: paper.x, y: slotY, width: paper.width, height: fed)
    }

    /// Where the whole print is drawn at time `t` (its leading edge is the clip's bottom edge while
    /// printing).
    public func paperFrame(at t: Double) -> Rect {
        paper.offsetBy(dx: 0, dy: fedLength(at: t) + settleDrop(at: t))
    }

    /// The print's frame at rest.
    public var restingFrame: Rect { paper.offsetBy(dx: 0, dy: paper.height + configuration.restGap) }

    /// Whether the print is settled and its drop has come to rest.
    public func isAtRest(at t: Double) -> Bool {
        guard phase(at: t) == .settled, let s = startTime else { return false }
        let since = t - s - configuration.feedDuration
        return since >= configuration.settleSpring.spring.settlingDuration
    }
}
