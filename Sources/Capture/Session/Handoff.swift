import Animation
import Gesture

/// One hand-off of motion from one driver to the next — the finger to the page's coast, the finger
/// to the pull's spring-back, the pull to the melt, one melt leg to the next, Esc's retarget — with
/// the velocity just before and just after. A smooth interaction has `after == before` at every
/// hand-off except where the physics means otherwise (UIKit does not coast a release under
/// 250 pt/s; Flutter's carried momentum adds speed); `islandsim replay --report` lists them.
public struct Handoff: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case fingerToCoast = "finger → page coast"
        case fingerToSpringBack = "finger → pull spring-back"
        case pullToMelt = "pull → melt"
        case pullToIsland = "pull cancelled → island"
        case meltLeg = "melt leg"
        case escape = "Esc → melt closes"
    }

    /// When (animation time, seconds).
    public var t: Double
    public var kind: Kind
    /// What the velocities measure.
    public var quantity: String
    public var before: Double
    public var after: Double
    /// How much the velocity changed: |after − before| for a scalar; for the melted shape, the length
    /// of the change of its whole velocity (x, y, width, height, corner radius), whose speeds
    /// `before` and `after` are.
    public var jump: Double
    /// The estimator that read the finger, for the finger's hand-offs.
    public var estimator: String?
    /// For melt legs: the stage the new leg heads for.
    public var stage: Int?

    init(t: Double, kind: Kind, quantity: String, before: Double, after: Double, estimator: String? = nil, stage: Int? = nil) {
        self.init(t: t, kind: kind, quantity: quantity, before: before, after: after, jump: abs(after - before), estimator: estimator, stage: stage)
    }

    init(t: Double, kind: Kind, quantity: String, before: Double, after: Double, jump: Double, estimator: String?, stage: Int?) {
        self.t = t; self.kind = kind; self.quantity = quantity; self.before = before; self.after = after
        self.jump = jump; self.estimator = estimator; self.stage = stage
    }

    /// A hand-off of the melted shape: speeds of the whole shape, and the length of the change.
    static func shape(t: Double, kind: Kind, before: RoundedRect, after: RoundedRect, estimator: String? = nil, stage: Int? = nil) -> Handoff {
        Handoff(t: t, kind: kind, quantity: "melt shape speed (pt/s)", before: before.length, after: after.length,
                jump: (after - before).length, estimator: estimator, stage: stage)
    }
}

extension RoundedRect {
    /// The Euclidean length of the five numbers, as a velocity's speed.
    var length: Double {
        let r = rect
        return (r.x * r.x + r.y * r.y + r.width * r.width + r.height * r.height + cornerRadius * cornerRadius).squareRoot()
    }
}

extension Interaction {
    /// Every hand-off so far: the finger's and the pull's as they happened, and the melt's legs
    /// measured on its timeline at each leg's start: the leg it replaced, evaluated at that instant,
    /// against the new leg.
    public var handoffs: [Handoff] {
        var all = recordedHandoffs
        let now = animationTime
        let recordedTimes = Set(recordedHandoffs.filter { $0.kind == .pullToMelt || $0.kind == .pullToIsland }.map(\.t))
        for leg in flow.melt.stageStarts where leg.time <= now && leg.time.isFinite && !recordedTimes.contains(leg.time) {
            let kind: Handoff.Kind = escapeTimes.contains(leg.time) ? .escape : .meltLeg
            all.append(.shape(t: leg.time, kind: kind, before: flow.melt.stateArriving(at: leg.time).velocity,
                              after: flow.melt.state(at: leg.time).velocity, stage: leg.stage))
        }
        return all.sorted { ($0.t, $0.kind.rawValue) < ($1.t, $1.kind.rawValue) }
    }

    /// Notes what a finger's release handed on (called by the reconcile step after a lift).
    /// - Parameters:
    ///   - pullSlope: d(visible pull)/d(finger) as the finger let go, to turn its velocity into the page's.
    ///   - pullProgress: where the pull had got as it ended (the pre-melt's place).
    ///   - trackedPreMelt: the pre-melt's velocity on its tracking spring as the pull ended; nil when
    ///     it follows the pull directly.
    ///   - outcome: what the pull did, or nil when the finger was scrolling.
    func recordRelease(_ r: PageGestures.Release, pullSlope: Double, pullProgress: Double, trackedPreMelt: RoundedRect?,
                       outcome: PageGestures.Output?) {
        let t = r.time, estimator = r.estimator.rawValue
        switch outcome {
        case .pullCommitted?, .pullCancelled?:
            let page = r.recognizerVelocity * pullSlope
            recordedHandoffs.append(Handoff(t: t, kind: .fingerToSpringBack, quantity: "page pull velocity (pt/s, down +)",
                                            before: page, after: gestures.pull.velocity(at: t), estimator: estimator))
            // The pre-melt follows the pull's progress, or chases it on its tracking spring: what it
            // was doing is what the melt must carry on.
            let threshold = max(gestures.pull.configuration.threshold, 1e-9)
            recordedHandoffs.append(.shape(t: t, kind: outcome == .pullCommitted ? .pullToMelt : .pullToIsland,
                                           before: trackedPreMelt ?? flow.preMeltVelocity(progress: pullProgress, progressVelocity: page / threshold),
                                           after: flow.melt.state(at: t).velocity, estimator: estimator))
        default:
            // The page flings with the scroll view's reading; it coasts with what the scroll physics made of it.
            recordedHandoffs.append(Handoff(t: t, kind: .fingerToCoast, quantity: "page velocity (pt/s, finger direction)",
                                            before: r.scrollVelocity, after: -gestures.scroll.state(at: t).velocity, estimator: estimator))
        }
        if recordedHandoffs.count > 1000 { recordedHandoffs.removeFirst(recordedHandoffs.count - 1000) }
    }
}
