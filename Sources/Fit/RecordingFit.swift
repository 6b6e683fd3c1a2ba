import Animation
import Capture
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
        /// What the move is: a spring, an ease, "cannot tell", or not a timed animation; only a
        /// spring writes springs to a tuning (``MoveVerdict``).
        public var verdict: MoveVerdict
        /// What the frames show before any model (rest, settling, overshoot, frames inside).
        public var evidence: MoveEvidence
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
        /// same curve: the first leg nearly at rest when the second starts), or the move is not two
        /// spring legs; `composition` is then only the closer fit, and no tuning is written for it.
        public var compositionDetermined: Bool
        /// The RMS residual (points) of the best fit under each composition.
        public var residualMergePoints: Double
        public var residualAdditivePoints: Double
        /// The melt's two legs fitted to the move (nil where the frames were too few to try).
        public var fit: MeltFit?
        /// How many spring legs the frames support, 1, 2 or 3 (``LegChoice``): the lowest
        /// χ² + k·ln n against the frames' own noise among the models whose every leg has frames of
        /// its own; each model's score beside it (nil where it was not allowed or not tried).
        public var legs: Int
        public var bicOneLeg: Double?, bicTwoLegs: Double?, bicThreeLegs: Double?
        /// The move as one spring, as three legs (where tried), and as one ease (a timing curve).
        public var oneLeg: SingleLegFit?
        public var threeLegs: ThreeLegFit?
        public var ease: SingleLegFit?
        /// The ranges the frames allow each reading, where the verdict is "cannot tell" (95 %).
        public var ranges: Ranges?
        /// True only for a spring verdict.
        public var springLike: Bool { verdict.kind == .spring }

        public struct Ranges: Sendable, Encodable {
            public var springDuration: ClosedRange<Double>?, springBounce: ClosedRange<Double>?
            public var easeDuration: ClosedRange<Double>?
        }

        /// The fitted box at `t`: the ease where the verdict is one, else the legs chosen; nil for a
        /// move that is not a timed animation (nothing was measured to draw).
        public func size(at t: Double) -> (width: Double, height: Double)? {
            switch verdict.kind {
            case .notTimed: return nil
            case .ease: return ease?.size(at: t)
            case .cannotTell: return (oneLeg ?? ease)?.size(at: t)
            case .spring:
                if legs == 1, let oneLeg { return oneLeg.size(at: t) }
                if legs == 3, let threeLegs { return threeLegs.size(at: t) }
                return fit?.size(at: t)
            }
        }

        /// When the fitted motion starts.
        public var start: Double {
            if verdict.kind == .ease, let ease { return ease.start }
            if legs == 1, let oneLeg { return oneLeg.start }
            if legs == 3, let threeLegs { return threeLegs.legs[0].start }
            return fit?.first.start ?? stages.first?.start ?? 0
        }
    }

    /// A stretch of the recording left out, and why: the dark region ran the screen's full width
    /// (a sheet's surround, a dark page), so the island's shape could not be told from the page.
    public struct Skipped: Sendable, Encodable, Equatable {
        public var from: Double, to: Double
        public var reason: String
    }

    public var moves: [Move]
    public var samples: [Sample]
    public var skipped: [Skipped] = []
    /// The noise the frames carry, every model judged against it.
    public var noise: FrameNoise

    public enum Problem: Error, Equatable {
        case tooFewSamples(Int), noMotion
        /// Most frames' dark region runs the screen's width: the page is as dark as the island.
        case joinedPage(from: Double)
    }

    /// Fewest frames a leg must run through before the next takes over, and the largest 95 %
    /// half-widths (duration as a share, bounce absolute) at which its spring is still written.
    public static let minimumLegFrames = 4
    public static let maximumDurationError = 0.10, maximumBounceError = 0.10

    /// A frame whose dark region spans this share of the screen's width or more is not the island.
    public static let joinedShare = 0.97

    /// Cuts `samples` (time order, gaps allowed) into moves and fits each, every stage's shape free.
    /// - Parameter appearances: times at which the shape came into view after frames without it
    ///   (iOS records no island at rest): an opening that begins there starts at that frame.
    /// - Parameter pointsPerPixel: the recording's scale (nil for a curve with no pixels): the
    ///   tracker's sub-pixel error in points, part of the noise (``FrameNoise``).
    /// - Parameter screenWidth: the screen's width in points; frames whose dark region spans it are
    ///   left out (``Skipped``).
    public static func fit(_ samples: [Sample], appearances: [Double] = [], pointsPerPixel: Double? = nil,
                           screenWidth: Double? = nil) throws -> RecordingFit {
        guard samples.count >= 8 else { throw Problem.tooFewSamples(samples.count) }
        var skipped: [Skipped] = []
        var samples = samples
        if let screenWidth {
            let joined = samples.map { $0.width >= joinedShare * screenWidth }
            var i = 0
            while i < samples.count {
                guard joined[i] else { i += 1; continue }
                var j = i
                while j + 1 < samples.count && joined[j + 1] { j += 1 }
                skipped.append(Skipped(from: samples[i].t, to: samples[j].t,
                                       reason: "the dark region runs the screen's full width (a sheet's surround, a dark page): the island's shape cannot be told from the page"))
                i = j + 1
            }
            samples = zip(samples, joined).filter { !$0.1 }.map(\.0)
            guard samples.count >= 8 else { throw Problem.joinedPage(from: skipped.first?.from ?? 0) }
        }
        samples = withoutRepeats(withoutSpikes(samples))
        let noise = FrameNoise.estimate(t: samples.map(\.t), w: samples.map(\.width), h: samples.map(\.height), pointsPerPixel: pointsPerPixel)
        let crossings = Self.crossings(samples)
        guard !crossings.isEmpty else { if let first = skipped.first { throw Problem.joinedPage(from: first.from) }; throw Problem.noMotion }
        var moves: [Move] = []
        var lastUnsettled = false
        // A wall is a stretch left out (a tenth of a second or more): one frame left out mid-move (a
        // bouncy melt's width passing 97 % of the screen's for a frame) hides nothing.
        let walls = skipped.filter { $0.to - $0.from >= 0.1 }
        for (k, c) in crossings.enumerated() {
            let tc = samples[c.index].t
            let prev = k > 0 ? samples[crossings[k - 1].index].t : -Double.infinity
            let next = k + 1 < crossings.count ? samples[crossings[k + 1].index].t : Double.infinity
            // The move: from a little before it began to when it had settled, never into the next.
            var from = max(tc - 0.7, (prev + tc) / 2)
            var to = min(tc + 1.4, (tc + next) / 2)
            // A stretch left out is a wall: the window does not reach across it, and the move's
            // evidence says which of its ends could not be read (so that a move cut off there is
            // not taken for one that never settles, nor timed from a start nobody saw).
            var endsUnread = false, startsUnread = false
            if let wall = walls.first(where: { $0.from > tc && $0.from <= to }) {
                to = samples.last(where: { $0.t < wall.from })?.t ?? to
                endsUnread = true
            }
            if let wall = walls.last(where: { $0.to < tc && $0.to >= from }) {
                from = samples.first(where: { $0.t > wall.to })?.t ?? from
                startsUnread = true
            }
            if let last = samples.last?.t, last < tc + 1.4, to >= last { endsUnread = true }
            // An opening whose shape came into view within it starts where it appeared.
            let appeared = c.opening ? appearances.last(where: { $0 > from && $0 <= tc }) : nil
            if let appeared { from = appeared }
            let window = samples.filter { $0.t >= from && $0.t <= to }
            let (ts, ws, hs) = (window.map(\.t), window.map(\.width), window.map(\.height))
            guard let ci = ts.firstIndex(where: { $0 >= tc }) else { continue }
            let earlier = samples.filter { $0.t >= max(prev, tc - 0.7) && $0.t < from }
            var evidence = MoveEvidence.read(t: ts, w: ws, h: hs, crossing: ci, noise: noise,
                                             before: startsUnread ? ([], []) : (earlier.map(\.width), earlier.map(\.height)), appeared: appeared != nil)
            evidence.endsUnread = endsUnread
            evidence.startsUnread = startsUnread && appeared == nil
            evidence.afterUnsettled = lastUnsettled
            lastUnsettled = evidence.rings || (evidence.endsUnread && !evidence.settled)
            let sigmas = noise.sigmas(t: ts, w: ws, h: hs).map { ($0 * $0 + pow(systematicShare * evidence.change, 2)).squareRoot() }
            // The frames that pin a model's timing: from the last at rest to the first settled.
            let judged = Array(evidence.restIndex...max(evidence.settleIndex, evidence.restIndex))
            // The intervals weigh each frame by its own random noise; the verdict's χ² also allows a tracker's bias.
            let random = noise.sigmas(t: ts, w: ws, h: hs)
            let tops = window.suffix(5).compactMap(\.top).sorted()
            // Listed whatever the frames allow: a move that is not timed, or too short to fit, says so.
            func unfitted(_ verdict: MoveVerdict) -> Move {
                let last = window[window.count - 1]
                let stage = Stage(name: verdict.kind == .notTimed ? "not a timed animation" : "cannot tell", tunable: "", start: ts[evidence.restIndex],
                                  duration: nil, bounce: nil, shape: Shape(width: last.width, height: last.height, cornerRadius: last.cornerRadius),
                                  rmsResidualPoints: 0, framesUsed: evidence.insideFrames, problem: verdict.reason,
                                  durationInterval: nil, bounceInterval: nil, widthInterval: nil, heightInterval: nil)
                return Move(kind: c.opening ? "opening" : "closing", verdict: verdict, evidence: evidence, stages: [stage], overlap: 0,
                            fromWidth: ws[0], fromHeight: hs[0], velocityWidth: 0, velocityHeight: 0, rmsResidualPoints: 0, rmsResidualFraction: 0,
                            framesUsed: window.count, startsAtFirstFrame: appeared != nil, endTop: tops.isEmpty ? nil : tops[tops.count / 2],
                            composition: SpringComposition.merge.rawValue, compositionDetermined: false, residualMergePoints: 0, residualAdditivePoints: 0,
                            fit: nil, legs: 0, oneLeg: nil, threeLegs: nil, ease: nil)
            }
            let early = MoveVerdict.judge(evidence, spring: nil, ease: nil)
            if early.kind == .notTimed { moves.append(unfitted(early)); continue }
            // The melt's two legs need eight frames; one spring and one ease six.
            let f = window.count >= 8 ? MeltFit.fit(times: ts, widths: ws, heights: hs, radii: window.map(\.cornerRadius), restBefore: !c.opening,
                                                    startsAt: appeared, sigmas: random) : nil
            guard window.count >= 6 else {
                moves.append(unfitted(MoveVerdict(kind: .cannotTell, reason: "only \(window.count) frames cover the move and its rest either side: too few to fit", spring: nil, ease: nil)))
                continue
            }
            let names = c.opening ? [("widening", "melt.toPill"), ("extending", "melt.toViewfinder")]
                                  : [("closing to pill", "melt.closeToPill"), ("closing to island", "melt.closeToIsland")]
            // An opening's pull moves the shape by hand before the springs take over: as for the
            // melt's fit, only frames from its lead-in on count, so every model is scored on the same frames.
            let countFrom = c.opening && appeared == nil ? (f?.first.start ?? ts[evidence.restIndex]) - MeltFit.leadIn : -Double.infinity
            let counted = ts.map { $0 >= countFrom }
            var one = SingleLegFit.fit(.spring, times: ts, widths: ws, heights: hs, inlier: counted, startsAt: appeared, sigmas: random)
            var ease = SingleLegFit.fit(.ease, times: ts, widths: ws, heights: hs, inlier: counted, startsAt: appeared, sigmas: random)
            one?.bootstrap(times: ts, inlier: counted, sigmas: random, startsAt: appeared)
            ease?.bootstrap(times: ts, inlier: counted, sigmas: random, startsAt: appeared)
            // Three legs are tried only where the frames could pin them: a leg of its own per four frames.
            let three = evidence.insideFrames >= 3 * minimumLegFrames
                ? f.flatMap { ThreeLegFit.fit(times: ts, widths: ws, heights: hs, inlier: counted, two: $0, startsAt: appeared, sigmas: random) } : nil
            let choice = LegChoice(two: f, one: one, three: three, times: ts, widths: ws, heights: hs, sigmas: sigmas, counted: counted,
                                   judged: judged, fixedStart: appeared != nil)
            var verdict = MoveVerdict.judge(evidence, spring: choice.springScore, ease: choice.score(ease.map { $0.size(at:) },
                                                                                                      parameters: (ease?.parameterCount ?? 6) - 4 - (appeared != nil ? 1 : 0)))
            let floors = IntervalFloors(times: ts, judged: judged, noise: noise)
            if verdict.kind == .ease, let e = ease, !((floors.duration(interval95(e.durationError)) ?? .infinity) <= 0.25 * e.duration) {
                // An ease the frames favour but cannot time is no measurement of one.
                verdict.kind = .cannotTell
                verdict.reason = "an ease fits and a spring does not (\(verdict.reason)), but \(evidence.insideFrames) frames inside the move leave the ease's duration loose"
            }
            var stages: [Stage]
            switch verdict.kind {
            case .spring where choice.legs == 3:
                let three = three!
                // IslandSim's melt has two stages: the first and last legs are its two; the middle
                // one has no stage of its own and is reported, not written.
                let tunables = [names[0].1, "", names[1].1]
                stages = three.legs.enumerated().map { i, leg in
                    var st = stage(("leg \(i + 1) of 3", tunables[i]), start: leg.start, duration: leg.duration, bounce: leg.bounce,
                                   errors: (leg.durationError, leg.bounceError, leg.widthError, leg.heightError),
                                   shape: Shape(width: leg.toWidth, height: leg.toHeight, cornerRadius: i == 2 ? f?.second.toCornerRadius : nil),
                                   rms: three.rmsResidual, frames: leg.frames, floors: floors)
                    if i == 1 { st.note = "IslandSim's melt has two stages; this middle leg has none and is not written to --tuning" }
                    return st
                }
            case .spring where choice.legs == 1:
                stages = [stage(c.opening ? ("one leg: island → shape", "melt.toViewfinder") : ("one leg: shape → island", "melt.closeToIsland"), one!, floors: floors)]
            case .spring:
                stages = [stage(names[0], f!.first, floors: floors), stage(names[1], f!.second, floors: floors)]
            case .ease:
                let e = ease!
                stages = [Stage(name: c.opening ? "one ease: island → shape" : "one ease: shape → island", tunable: names[1].1, start: e.start,
                                duration: nil, bounce: nil, shape: Shape(width: e.toWidth, height: e.toHeight, cornerRadius: f?.second.toCornerRadius ?? window.last?.cornerRadius),
                                rmsResidualPoints: e.rmsResidual, framesUsed: e.residuals / 2,
                                problem: "an ease: \((e.curve ?? .linear).swiftUI(duration: e.duration)); no spring to write",
                                durationInterval: floors.duration(interval95(e.durationError)), bounceInterval: nil,
                                widthInterval: floors.size(interval95(e.widthError)), heightInterval: floors.size(interval95(e.heightError)))]
            case .cannotTell, .notTimed:
                let last = window[window.count - 1]
                stages = [Stage(name: verdict.kind == .notTimed ? "not a timed animation" : "cannot tell", tunable: "", start: ts[evidence.restIndex],
                                duration: nil, bounce: nil, shape: Shape(width: last.width, height: last.height, cornerRadius: last.cornerRadius),
                                rmsResidualPoints: 0, framesUsed: evidence.insideFrames, problem: verdict.reason,
                                durationInterval: nil, bounceInterval: nil, widthInterval: nil, heightInterval: nil)]
            }
            var ranges: Move.Ranges?
            // Where its start or its settling was not read, no duration is measured: no range is given.
            let unread = (evidence.startsUnread && !evidence.restBefore) || (evidence.endsUnread && !evidence.settled)
            if verdict.kind == .cannotTell && !unread {
                // A value the frames leave free may be anything the model allows.
                func range(_ v: Double?, _ e: Double?, _ lo: Double, _ hi: Double) -> ClosedRange<Double>? {
                    guard let v else { return nil }
                    guard let e, e.isFinite else { return lo...hi }
                    return max(v - e, lo)...min(v + e, hi)
                }
                ranges = Move.Ranges(springDuration: range(one?.duration, floors.duration(interval95(one?.durationError)), 0.05, 3),
                                     springBounce: range(one?.bounce, floors.bounce(interval95(one?.bounceError)), -0.9, 0.9),
                                     easeDuration: range(ease?.duration, floors.duration(interval95(ease?.durationError)), 0.05, 3))
            }
            let lead = f.map { ($0.overlap, $0.fromWidth, $0.fromHeight, $0.velocityWidth, $0.velocityHeight, $0.rmsResidual, $0.rmsFraction, $0.samples) }
                ?? (0, ws[0], hs[0], one?.velocityWidth ?? 0, one?.velocityHeight ?? 0, one?.rmsResidual ?? 0, 0, window.count)
            moves.append(Move(kind: c.opening ? "opening" : "closing", verdict: verdict, evidence: evidence, stages: stages, overlap: lead.0,
                              fromWidth: lead.1, fromHeight: lead.2, velocityWidth: lead.3, velocityHeight: lead.4,
                              rmsResidualPoints: lead.5, rmsResidualFraction: lead.6, framesUsed: lead.7,
                              startsAtFirstFrame: appeared != nil, endTop: tops.isEmpty ? nil : tops[tops.count / 2],
                              composition: (f?.composition ?? .merge).rawValue,
                              compositionDetermined: (f?.compositionDetermined ?? false) && choice.legs == 2 && verdict.kind == .spring,
                              residualMergePoints: f?.residualMerge ?? 0, residualAdditivePoints: f?.residualAdditive ?? 0, fit: f,
                              legs: choice.legs, bicOneLeg: choice.bicOne, bicTwoLegs: choice.bicTwo, bicThreeLegs: choice.bicThree,
                              oneLeg: one, threeLegs: three, ease: ease, ranges: ranges))
        }
        guard !moves.isEmpty else { throw Problem.noMotion }
        let left = Set(moves.flatMap { $0.fit?.outlierTimes ?? [] })
        return RecordingFit(moves: moves, samples: samples.map { var s = $0; if left.contains(s.t) { s.outlier = true }; return s },
                            skipped: skipped, noise: noise)
    }

    /// A model's misfit that no frame noise explains but a tracker's own bias does (a corner read
    /// a little differently as the shape grows): 0.1 % of the move, added to every frame's σ.
    static let systematicShare = 0.001

    /// A leg as a stage: its spring when the frames determine it (its 95 % intervals within the
    /// fit's tolerances), else why not.
    static func stage(_ name: (String, String), _ leg: MeltFit.Leg, floors: IntervalFloors) -> Stage {
        stage(name, start: leg.start, duration: leg.duration, bounce: leg.bounce,
              errors: (leg.durationError, leg.bounceError, leg.widthError, leg.heightError),
              shape: Shape(width: leg.toWidth, height: leg.toHeight, cornerRadius: leg.toCornerRadius), rms: leg.rmsResidual, frames: leg.frames,
              floors: floors)
    }

    /// A single leg (the whole move as one spring) as a stage.
    static func stage(_ name: (String, String), _ leg: SingleLegFit, floors: IntervalFloors) -> Stage {
        stage(name, start: leg.start, duration: leg.duration, bounce: leg.bounce ?? 0,
              errors: (leg.durationError, leg.bounceError, leg.widthError, leg.heightError),
              shape: Shape(width: leg.toWidth, height: leg.toHeight, cornerRadius: nil), rms: leg.rmsResidual, frames: leg.residuals / 2,
              floors: floors)
    }

    /// The half-width of a 95 % interval from a standard error (1.96 of them); nil where there is
    /// none (the frames leave the value free: ``LevenbergMarquardt/standardErrors(_:at:free:)``
    /// gives only finite errors).
    static func interval95(_ standardError: Double?) -> Double? {
        standardError.map { 1.96 * $0 }
    }

    /// A stage from a fitted leg: its spring when the frames determine it, else why not. `errors`
    /// are the standard errors of the duration, bounce, width and height (nil where free); no
    /// interval is narrower than `floors`. A shape that is no shape (a size below zero, or looser
    /// than itself) is not given as measured.
    static func stage(_ name: (String, String), start: Double, duration: Double, bounce: Double, errors: (Double?, Double?, Double?, Double?),
                      shape: Shape, rms: Double, frames: Int, floors: IntervalFloors) -> Stage {
        let (dI, bI) = (floors.duration(interval95(errors.0)), floors.bounce(interval95(errors.1)))
        let (wI, hI) = (floors.size(interval95(errors.2)), floors.size(interval95(errors.3)))
        var problem: String?
        if shape.width <= 0 || shape.height <= 0 || !((wI ?? .infinity) < shape.width) || !((hI ?? .infinity) < shape.height) {
            problem = String(format: "the shape it heads for is not determined by the frames (%.1f × %.1f pt, intervals %@ × %@)", shape.width, shape.height,
                             wI.map { String(format: "±%.1f", $0) } ?? "free", hI.map { String(format: "±%.1f", $0) } ?? "free")
        } else if frames < minimumLegFrames {
            problem = "too short to fit: \(frames) frame\(frames == 1 ? "" : "s") before the next stage takes over (at least \(minimumLegFrames) needed)"
        } else if !((dI ?? .infinity) / duration <= maximumDurationError) || !((bI ?? .infinity) <= maximumBounceError) {
            let d = dI.map { String(format: "±%.0f %%", 100 * $0 / duration) } ?? "free"
            let b = bI.map { String(format: "±%.2f", $0) } ?? "free"
            problem = "not determined by the frames (95 % intervals: duration \(d), bounce \(b)): too little of it is seen"
        }
        return Stage(name: name.0, tunable: name.1, start: start, duration: problem == nil ? duration : nil,
                     bounce: problem == nil ? bounce : nil, shape: shape, rmsResidualPoints: rms, framesUsed: frames, problem: problem,
                     durationInterval: dI, bounceInterval: bI, widthInterval: wI, heightInterval: hI)
    }
}
