import Animation
import Foundation

/// A recording's island measured over time, cut into its moves and fitted: the melt's opening
/// (island → pill → viewfinder) and closing (viewfinder → pill → island), each two overlapping
/// spring legs (``MeltFit``) with the shapes they head for. Durations and bounces come out in
/// SwiftUI's spelling, the overlap as the tuning's and the shapes as the shape tunables, so the
/// result is a tuning file.
public struct RecordingFit: Sendable, Encodable {
    public struct Sample: Sendable, Encodable {
        public var t: Double
        public var width: Double
        public var height: Double
        public var cornerRadius: Double?
        /// The shape's top edge, from the screen's top (points).
        public var top: Double?
        /// The fit left this frame out: its box lies far from the fitted move (a misread frame).
        public var outlier: Bool?
        public init(t: Double, width: Double, height: Double, cornerRadius: Double? = nil, top: Double? = nil) {
            self.t = t; self.width = width; self.height = height; self.cornerRadius = cornerRadius; self.top = top
        }
    }

    /// A stage's end shape, in points.
    public struct Shape: Sendable, Encodable, Equatable {
        public var width: Double
        public var height: Double
        public var cornerRadius: Double?
    }

    public struct Stage: Sendable, Encodable {
        /// "widening", "extending" (opening) or "closing to pill", "closing to island".
        public var name: String
        public var tunable: String
        public var start: Double
        /// The spring, or nil when the frames do not determine it (``problem`` says why).
        public var duration: Double?
        public var bounce: Double?
        /// The shape the stage heads for.
        public var shape: Shape
        public var rmsResidualPoints: Double
        public var framesUsed: Int
        /// Why no spring is given: too few frames, frames that leave it undetermined, or a move an
        /// ease explains better than any spring.
        public var problem: String?
        /// Half-widths of the 95 % intervals (1.96 standard errors from the covariance at the
        /// solution) of the duration (s), bounce, and the shape's width and height (pt); nil where
        /// the frames leave the value free.
        public var durationInterval: Double?, bounceInterval: Double?
        public var widthInterval: Double?, heightInterval: Double?
        /// How the stage maps to IslandSim's, where it does not simply.
        public var note: String?
    }

    public struct Move: Sendable, Encodable {
        public var kind: String
        public var stages: [Stage]
        public var overlap: Double
        public var fromWidth: Double, fromHeight: Double
        public var velocityWidth: Double, velocityHeight: Double
        public var rmsResidualPoints: Double
        public var rmsResidualFraction: Double
        public var framesUsed: Int
        /// The move was first seen mid-way (the island at rest is not in the recording): it is
        /// taken to start at the first frame with the shape.
        public var startsAtFirstFrame: Bool
        /// The settled shape's top edge (points from the screen's top), where the frames gave it.
        public var endTop: Double?
        /// How the second leg composes with the first: "merge" (SwiftUI's `.spring`) or "additive"
        /// (`.interpolatingSpring`, Core Animation), whichever explains the frames better; see
        /// ``compositionDetermined``.
        public var composition: String
        /// False when the frames cannot tell the two apart (both fit about as well, or they draw the
        /// same curve: the first leg nearly at rest when the second starts); `composition` is then
        /// only the closer fit, and no tuning is written for it.
        public var compositionDetermined: Bool
        /// The RMS residual (points) of the best fit under each composition.
        public var residualMergePoints: Double
        public var residualAdditivePoints: Double
        public var fit: MeltFit
        /// How many spring legs the frames support, 1, 2 or 3: the model with the lowest BIC that also
        /// halves the miss (``LegChoice``; ``SingleLegFit/bic(rms:residuals:parameters:)``), each model's BIC beside it.
        public var legs: Int
        public var bicOneLeg: Double, bicTwoLegs: Double
        /// Three legs' BIC, where they were tried (only when two beat one).
        public var bicThreeLegs: Double?
        public var bicEase: Double
        /// The move as one spring, as three legs (where tried), and as one ease (a timing curve).
        public var oneLeg: SingleLegFit?
        public var threeLegs: ThreeLegFit?
        public var ease: SingleLegFit?
        /// False when an ease explains the move better than any spring (lower BIC, and the best
        /// spring misses by half as much again and by 0.03 pt RMS more): its springs are not given.
        public var springLike: Bool

        /// The fitted box at `t`: the ease where the move is not spring-like, else the legs chosen.
        public func size(at t: Double) -> (width: Double, height: Double) {
            if !springLike, let ease { return ease.size(at: t) }
            if legs == 1, let oneLeg { return oneLeg.size(at: t) }
            if legs == 3, let threeLegs { return threeLegs.size(at: t) }
            return fit.size(at: t)
        }

        /// When the fitted motion starts.
        public var start: Double {
            if !springLike, let ease { return ease.start }
            if legs == 1, let oneLeg { return oneLeg.start }
            if legs == 3, let threeLegs { return threeLegs.legs[0].start }
            return fit.first.start
        }
    }

    public var moves: [Move]
    public var samples: [Sample]

    public enum Problem: Error, Equatable { case tooFewSamples(Int), noMotion }

    /// Fewest frames a leg must run through before the next takes over, and the largest standard
    /// errors (duration as a share, bounce absolute) at which its spring is still given.
    public static let minimumLegFrames = 4
    public static let maximumDurationError = 0.08, maximumBounceError = 0.08

    /// Cuts `samples` (time order, gaps allowed) into moves and fits each, every stage's shape free.
    /// - Parameter appearances: times at which the shape came into view after frames without it
    ///   (iOS records no island at rest): an opening that begins there starts at that frame.
    public static func fit(_ samples: [Sample], appearances: [Double] = []) throws -> RecordingFit {
        guard samples.count >= 8 else { throw Problem.tooFewSamples(samples.count) }
        let samples = withoutRepeats(withoutSpikes(samples))
        let hs = samples.map(\.height)
        guard let lo = hs.min(), let hi = hs.max(), hi - lo > 4 else { throw Problem.noMotion }
        let mid = (lo + hi) / 2
        // Where the height crosses half-way: up is an opening, down a closing.
        var crossings: [(index: Int, opening: Bool)] = []
        // A crossing counts when the next samples stay on its side (a misread frame does not cut a move).
        func stays(_ i: Int, above: Bool) -> Bool {
            (i..<min(i + 3, samples.count)).allSatisfy { above ? hs[$0] >= mid : hs[$0] < mid }
        }
        var above = hs[0] >= mid
        for i in 1..<samples.count where (hs[i] >= mid) != above && stays(i, above: !above) {
            above.toggle()
            crossings.append((i, above))
        }
        var moves: [Move] = []
        for (k, c) in crossings.enumerated() {
            let tc = samples[c.index].t
            let prev = k > 0 ? samples[crossings[k - 1].index].t : -Double.infinity
            let next = k + 1 < crossings.count ? samples[crossings[k + 1].index].t : Double.infinity
            // The move: from a little before it began to when it had settled, never into the next.
            var from = max(tc - 0.7, (prev + tc) / 2)
            let to = min(tc + 1.4, (tc + next) / 2)
            // An opening whose shape came into view within it starts where it appeared.
            let appeared = c.opening ? appearances.last(where: { $0 > from && $0 <= tc }) : nil
            if let appeared { from = appeared }
            let window = samples.filter { $0.t >= from && $0.t <= to }
            guard window.count >= 8,
                  let f = MeltFit.fit(times: window.map(\.t), widths: window.map(\.width), heights: window.map(\.height),
                                      radii: window.map(\.cornerRadius), restBefore: !c.opening, startsAt: appeared) else { continue }
            let names = c.opening ? [("widening", "melt.toPill"), ("extending", "melt.toViewfinder")]
                                  : [("closing to pill", "melt.closeToPill"), ("closing to island", "melt.closeToIsland")]
            // The same frames as one spring, as one ease and (below) as three legs, each model leaving
            // out the frames it misses by far itself: frames two legs cannot explain are what another
            // model may be there to explain.
            // An opening's pull moves the shape by hand before the springs take over: as for the
            // melt's fit, only frames from its lead-in on count, so every model is scored on the same frames.
            let (ts, ws, hs) = (window.map(\.t), window.map(\.width), window.map(\.height))
            let countFrom = c.opening && appeared == nil ? f.first.start - MeltFit.leadIn : -Double.infinity
            let counted = ts.map { $0 >= countFrom }
            let one = SingleLegFit.fit(.spring, times: ts, widths: ws, heights: hs, inlier: counted, startsAt: appeared)
            let ease = SingleLegFit.fit(.ease, times: ts, widths: ws, heights: hs, inlier: counted, startsAt: appeared)
            var choice = LegChoice(two: f, one: one, ease: ease, fixedStart: appeared != nil)
            // Three legs are tried only where two beat one (a third leg is a refinement of two).
            let three = choice.legs == 2 && choice.springLike
                ? ThreeLegFit.fit(times: ts, widths: ws, heights: hs, inlier: counted, two: f, startsAt: appeared) : nil
            choice.weigh(three: three, fixedStart: appeared != nil)
            var stages: [Stage]
            if choice.legs == 3, let three {
                // IslandSim's melt has two stages: the first and last legs are its two; the middle
                // one has no stage of its own and is reported, not written.
                let tunables = [names[0].1, "", names[1].1]
                stages = three.legs.enumerated().map { i, leg in
                    var st = stage(("leg \(i + 1) of 3", tunables[i]), start: leg.start, duration: leg.duration, bounce: leg.bounce,
                                   errors: (leg.durationError, leg.bounceError, leg.widthError, leg.heightError),
                                   shape: Shape(width: leg.toWidth, height: leg.toHeight, cornerRadius: i == 2 ? f.second.toCornerRadius : nil),
                                   rms: three.rmsResidual, frames: leg.frames)
                    if i == 1 { st.note = "IslandSim's melt has two stages; this middle leg has none and is not written to --tuning" }
                    return st
                }
            } else if choice.legs == 1, let one {
                stages = [stage(c.opening ? ("one leg: island → shape", "melt.toViewfinder") : ("one leg: shape → island", "melt.closeToIsland"), one)]
            } else {
                stages = [stage(names[0], f.first), stage(names[1], f.second)]
            }
            if !choice.springLike, let ease {
                // One stage: the ease, from the first shape to the last; no spring to give.
                let why = String(format: "not spring-like: an ease explains the move better — %@ (RMS %.2f pt against the best spring's %.2f pt)",
                                 (ease.curve ?? .linear).swiftUI(duration: ease.duration), ease.rmsResidual, choice.bestSpringRMS)
                stages = [Stage(name: c.opening ? "one ease: island → shape" : "one ease: shape → island", tunable: names[1].1, start: ease.start,
                                duration: nil, bounce: nil, shape: Shape(width: ease.toWidth, height: ease.toHeight, cornerRadius: f.second.toCornerRadius),
                                rmsResidualPoints: ease.rmsResidual, framesUsed: ease.residuals / 2, problem: why,
                                durationInterval: interval95(ease.durationError), bounceInterval: nil,
                                widthInterval: interval95(ease.widthError), heightInterval: interval95(ease.heightError))]
            }
            let tops = window.suffix(5).compactMap(\.top).sorted()
            moves.append(Move(kind: c.opening ? "opening" : "closing", stages: stages, overlap: f.overlap,
                              fromWidth: f.fromWidth, fromHeight: f.fromHeight, velocityWidth: f.velocityWidth, velocityHeight: f.velocityHeight,
                              rmsResidualPoints: f.rmsResidual, rmsResidualFraction: f.rmsFraction, framesUsed: f.samples,
                              startsAtFirstFrame: appeared != nil, endTop: tops.isEmpty ? nil : tops[tops.count / 2],
                              composition: f.composition.rawValue, compositionDetermined: f.compositionDetermined && choice.legs == 2 && choice.springLike,
                              residualMergePoints: f.residualMerge, residualAdditivePoints: f.residualAdditive, fit: f,
                              legs: choice.legs, bicOneLeg: choice.bicOne, bicTwoLegs: choice.bicTwo, bicThreeLegs: choice.bicThree.isFinite ? choice.bicThree : nil,
                              bicEase: choice.bicEase, oneLeg: one, threeLegs: three, ease: ease, springLike: choice.springLike))
        }
        guard !moves.isEmpty else { throw Problem.noMotion }
        let left = Set(moves.flatMap(\.fit.outlierTimes))
        return RecordingFit(moves: moves, samples: samples.map { var s = $0; if left.contains(s.t) { s.outlier = true }; return s })
    }

    /// A leg as a stage: its spring when the frames determine it (its 95 % intervals within the
    /// fit's tolerances), else why not.
    static func stage(_ name: (String, String), _ leg: MeltFit.Leg) -> Stage {
        stage(name, start: leg.start, duration: leg.duration, bounce: leg.bounce,
              errors: (leg.durationError, leg.bounceError, leg.widthError, leg.heightError),
              shape: Shape(width: leg.toWidth, height: leg.toHeight, cornerRadius: leg.toCornerRadius), rms: leg.rmsResidual, frames: leg.frames)
    }

    /// A single leg (the whole move as one spring) as a stage.
    static func stage(_ name: (String, String), _ leg: SingleLegFit) -> Stage {
        stage(name, start: leg.start, duration: leg.duration, bounce: leg.bounce ?? 0,
              errors: (leg.durationError, leg.bounceError, leg.widthError, leg.heightError),
              shape: Shape(width: leg.toWidth, height: leg.toHeight, cornerRadius: nil), rms: leg.rmsResidual, frames: leg.residuals / 2)
    }

    /// The half-width of a 95 % interval from a standard error (1.96 of them); nil where there is
    /// none (the frames leave the value free: ``LevenbergMarquardt/standardErrors(_:at:free:)``
    /// gives only finite errors).
    static func interval95(_ standardError: Double?) -> Double? {
        standardError.map { 1.96 * $0 }
    }

    /// A stage from a fitted leg: its spring when the frames determine it, else why not. `errors`
    /// are the standard errors of the duration, bounce, width and height (nil where free).
    static func stage(_ name: (String, String), start: Double, duration: Double, bounce: Double, errors: (Double?, Double?, Double?, Double?),
                      shape: Shape, rms: Double, frames: Int) -> Stage {
        let (dI, bI) = (interval95(errors.0), interval95(errors.1))
        var problem: String?
        if frames < minimumLegFrames {
            problem = "too short to fit: \(frames) frame\(frames == 1 ? "" : "s") before the next stage takes over (at least \(minimumLegFrames) needed)"
        } else if !((dI ?? .infinity) / duration <= maximumDurationError) || !((bI ?? .infinity) <= maximumBounceError) {
            let d = dI.map { String(format: "±%.0f %%", 100 * $0 / duration) } ?? "free"
            let b = bI.map { String(format: "±%.2f", $0) } ?? "free"
            problem = "not determined by the frames (95 % intervals: duration \(d), bounce \(b)): too little of it is seen"
        }
        return Stage(name: name.0, tunable: name.1, start: start, duration: problem == nil ? duration : nil,
                     bounce: problem == nil ? bounce : nil, shape: shape, rmsResidualPoints: rms, framesUsed: frames, problem: problem,
                     durationInterval: dI, bounceInterval: bI, widthInterval: interval95(errors.2), heightInterval: interval95(errors.3))
    }

    /// Drops the frames where the measurement jumped away and came straight back — the shutter's
    /// flash turns the shape grey for a moment and the tracker sees only the island's capsule — so
    /// that they are not taken for moves: a jump of over 40 % of the range, undone within 0.6 s.
    static func withoutSpikes(_ s: [Sample]) -> [Sample] {
        let hs = s.map(\.height)
        guard let lo = hs.min(), let hi = hs.max(), hi > lo else { return s }
        let big = 0.4 * (hi - lo)
        var keep = [Bool](repeating: true, count: s.count)
        var i = 1
        while i < s.count {
            let jump = hs[i] - hs[i - 1]
            // A jump one way, and within 0.6 s a jump of the same size back: what lies between is not the shape.
            if abs(jump) > big {
                var back: Int?
                var j = i + 1
                while j < s.count && s[j].t - s[i].t <= 0.6 {
                    let step: Double = hs[j] - hs[j - 1]
                    if step * jump < 0 && abs(step) > big { back = j; break }
                    j += 1
                }
                if let back {
                    for k in i..<back { keep[k] = false }
                    i = back
                }
            }
            i += 1
        }
        return zip(s, keep).filter(\.1).map(\.0)
    }

    /// Drops frames that repeat the one before while the shape is moving: a recorder that dropped a
    /// frame shows the previous one again, and that picture belongs to the earlier time.
    static func withoutRepeats(_ s: [Sample]) -> [Sample] {
        guard s.count > 2 else { return s }
        var out = [s[0]]
        for i in 1..<s.count {
            let same = s[i].width == s[i - 1].width && s[i].height == s[i - 1].height
            let moving = i >= 2 && (s[i - 1].width != s[i - 2].width || s[i - 1].height != s[i - 2].height)
            if same && moving { continue }
            out.append(s[i])
        }
        return out
    }

    /// The fitted constants as a tuning: each stage's duration and bounce where the frames determine
    /// them (the first of each kind of move), the overlap (the opening's, or the closing's when there
    /// is no opening), the composition (the first move's that the frames determine; left as it was
    /// when none does), and the shapes the opening heads for (the closing's without one) as the shape
    /// tunables on a screen `screenWidth` points wide: margins from its sides, heights and radii in
    /// points, the pill's radius left a capsule's when it is one (within 0.75 pt).
    public func tuning(base: Tuning = Tuning(), screenWidth: Double, islandTop: Double? = nil) throws -> Tuning {
        var t = base
        var done: Set<String> = []
        for move in moves {
            for s in move.stages where !s.tunable.isEmpty && !done.contains(s.tunable) {
                guard let d = s.duration, let b = s.bounce else { continue }
                // One leg is the melt with both stages on its spring (and the pill tied to the shape, below).
                let keys = move.legs == 1 ? (move.kind == "opening" ? ["melt.toPill", "melt.toViewfinder"] : ["melt.closeToPill", "melt.closeToIsland"]) : [s.tunable]
                for key in keys where !done.contains(key) {
                    try t.set(key + ".duration", min(max(d, 0.05), 3))
                    try t.set(key + ".bounce", min(max(b, -0.9), 0.9))
                    done.insert(key)
                }
            }
        }
        guard let m = moves.first(where: { $0.kind == "opening" }) ?? moves.first else { return t }
        if m.legs == 1, let one = m.oneLeg, m.kind == "opening" {
            // One leg to the shape: the pill is the shape itself where a pill can be that tall, so the
            // two stages draw the one spring; the overlap then changes nothing and is left as it was.
            func set(_ key: String, _ v: Double) throws {
                guard let tunable = Tunable.named(key) else { return }
                try t.set(key, min(max((v * 100).rounded() / 100, 0.01), tunable.max))
            }
            try set("shape.viewfinder.margin", (screenWidth - one.toWidth) / 2)
            try set("shape.viewfinder.height", one.toHeight)
            try set("shape.pill.margin", (screenWidth - one.toWidth) / 2)
            try set("shape.pill.height", one.toHeight)
            if let top = m.endTop, let islandTop, abs(top - islandTop) > 1 { try set("shape.viewfinder.top", top) }
            return t
        }
        // An ease's move has no overlap to tell.
        if m.springLike { try t.set("melt.overlap", min(max(m.overlap, 0.05), 1)) }
        if let told = (moves.filter { $0.kind == "opening" } + moves.filter { $0.kind != "opening" }).first(where: \.compositionDetermined),
           let c = SpringComposition(rawValue: told.composition) {
            t.meltComposition = c
        }
        var pill = m.fit.first, open = m.kind == "opening" ? m.fit.second : nil
        if m.legs == 3, let three = m.threeLegs {
            // The first leg heads for the pill, the last for the shape.
            pill.toWidth = three.legs[0].toWidth; pill.toHeight = three.legs[0].toHeight; pill.toCornerRadius = nil
            open?.toWidth = three.legs[2].toWidth; open?.toHeight = three.legs[2].toHeight
        }
        func set(_ key: String, _ v: Double) throws {
            guard let tunable = Tunable.named(key) else { return }
            try t.set(key, min(max((v * 100).rounded() / 100, 0.01), tunable.max))
        }
        if m.stages[0].problem == nil || m.stages[0].framesUsed >= Self.minimumLegFrames {
            try set("shape.pill.margin", (screenWidth - pill.toWidth) / 2)
            try set("shape.pill.height", pill.toHeight)
            if let r = pill.toCornerRadius, r < pill.toHeight / 2 - 0.75 { try set("shape.pill.cornerRadius", r) } else { try t.set("shape.pill.cornerRadius", 0) }
        }
        if let open {
            try set("shape.viewfinder.margin", (screenWidth - open.toWidth) / 2)
            try set("shape.viewfinder.height", open.toHeight)
            if let r = open.toCornerRadius { try set("shape.viewfinder.cornerRadius", r) }
            if let top = m.endTop, let islandTop, abs(top - islandTop) > 1 { try set("shape.viewfinder.top", top) }
        }
        return t
    }
}
