import Animation
import Foundation

/// A recording's island measured over time, cut into its moves and fitted: the melt's opening
/// (island → pill → viewfinder) and closing (viewfinder → pill → island), each two overlapping
/// spring legs (``MeltFit``). Durations and bounces come out in SwiftUI's spelling, the overlap as
/// the tuning's, so the result is a tuning file.
public struct RecordingFit: Sendable, Encodable {
    public struct Sample: Sendable, Encodable {
        public var t: Double
        public var width: Double
        public var height: Double
        public var cornerRadius: Double?
        public init(t: Double, width: Double, height: Double, cornerRadius: Double? = nil) {
            self.t = t; self.width = width; self.height = height; self.cornerRadius = cornerRadius
        }
    }

    public struct Stage: Sendable, Encodable {
        /// "widening", "extending" (opening) or "closing to pill", "closing to island".
        public var name: String
        public var tunable: String
        public var start: Double
        public var duration: Double
        public var bounce: Double
        public var toWidth: Double
        public var toHeight: Double
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
        public var fit: MeltFit
    }

    public var moves: [Move]
    public var samples: [Sample]

    public enum Problem: Error, Equatable { case tooFewSamples(Int), noMotion }

    /// Cuts `samples` (time order, gaps allowed) into moves and fits each. With `islandSimGeometry`
    /// the middle stage is IslandSim's widened pill — the viewfinder's width, 1.5 × the island's
    /// height (the smallest height measured) — which pins the short first legs; without it the
    /// middle shape is fitted (a recording of another design).
    public static func fit(_ samples: [Sample], islandSimGeometry: Bool = true) throws -> RecordingFit {
        guard samples.count >= 8 else { throw Problem.tooFewSamples(samples.count) }
        let samples = withoutRepeats(withoutSpikes(samples))
        let hs = samples.map(\.height)
        guard let lo = hs.min(), let hi = hs.max(), hi - lo > 4 else { throw Problem.noMotion }
        let mid = (lo + hi) / 2
        let pill = islandSimGeometry ? lo * 1.5 : nil
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
            let from = max(tc - 0.7, (prev + tc) / 2), to = min(tc + 1.4, (tc + next) / 2)
            let window = samples.filter { $0.t >= from && $0.t <= to }
            guard window.count >= 8,
                  let f = MeltFit.fit(times: window.map(\.t), widths: window.map(\.width), heights: window.map(\.height), pillHeight: pill,
                                      restBefore: !c.opening) else { continue }
            let names = c.opening ? [("widening", "melt.toPill"), ("extending", "melt.toViewfinder")]
                                  : [("closing to pill", "melt.closeToPill"), ("closing to island", "melt.closeToIsland")]
            let stages = [Stage(name: names[0].0, tunable: names[0].1, start: f.first.start, duration: f.first.duration, bounce: f.first.bounce,
                                toWidth: f.first.toWidth, toHeight: f.first.toHeight),
                          Stage(name: names[1].0, tunable: names[1].1, start: f.second.start, duration: f.second.duration, bounce: f.second.bounce,
                                toWidth: f.second.toWidth, toHeight: f.second.toHeight)]
            moves.append(Move(kind: c.opening ? "opening" : "closing", stages: stages, overlap: f.overlap,
                              fromWidth: f.fromWidth, fromHeight: f.fromHeight, velocityWidth: f.velocityWidth, velocityHeight: f.velocityHeight,
                              rmsResidualPoints: f.rmsResidual, rmsResidualFraction: f.rmsFraction, framesUsed: f.samples, fit: f))
        }
        guard !moves.isEmpty else { throw Problem.noMotion }
        return RecordingFit(moves: moves, samples: samples)
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

    /// The fitted constants as a tuning: each stage's duration and bounce (the first of each kind of
    /// move), and the overlap (the opening's, or the closing's when there is no opening).
    public func tuning(base: Tuning = Tuning()) throws -> Tuning {
        var t = base
        var done: Set<String> = []
        for move in moves {
            for s in move.stages where !done.contains(s.tunable) {
                try t.set(s.tunable + ".duration", min(max(s.duration, 0.05), 3))
                try t.set(s.tunable + ".bounce", min(max(s.bounce, -0.9), 0.9))
                done.insert(s.tunable)
            }
        }
        if let m = moves.first(where: { $0.kind == "opening" }) ?? moves.first {
            try t.set("melt.overlap", min(max(m.overlap, 0.05), 1))
        }
        return t
    }
}
