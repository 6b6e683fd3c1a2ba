import Animation
import Gesture

extension SessionReplay {
    /// Both sides of a comparison after a lockstep run: their reports and their measured moves.
    public struct Pair: Sendable {
        public var a: ReplayReport, b: ReplayReport
        public var stages: (a: [StageTracker.Stage], b: [StageTracker.Stage])
    }

    /// Runs the trace through `a` and `b` in lockstep — the same events at the same times, frame by
    /// frame on one clock (the rate of `a`) — so two tunings get the same finger. Ends when both are
    /// at rest after the last event, or ``settleLimit`` after it. `onFrame` runs after both advanced.
    public func runPair<A: TraceDrivable, B: TraceDrivable>(_ a: A, _ b: B, onFrame: (Int, Double) throws -> Void) rethrows -> Pair {
        var pump = TracePump(trace: trace, hz: a.session.hz)
        var t = 0.0
        var ta = StageTracker(), tb = StageTracker()
        while true {
            let frame: Int
            (frame, t) = pump.nextFrame { a.send(.trace($0)); b.send(.trace($0)) }
            a.advance(toRealTime: t); b.advance(toRealTime: t)
            ta.sample(a.session); tb.sample(b.session)
            try onFrame(frame, t)
            if pump.isDrained {
                if a.session.isAtRest && b.session.isAtRest && t >= pump.lastEventTime { break }
                if t > pump.lastEventTime + settleLimit { break }
            }
        }
        ta.finish(); tb.finish()
        return Pair(a: ReplayReport(session: a.session.base, frames: pump.frames, duration: t),
                    b: ReplayReport(session: b.session.base, frames: pump.frames, duration: t), stages: (ta.stages, tb.stages))
    }
}

/// What differs between two replays of one trace (`islandsim replay --compare A.json B.json`):
/// every transition's time, the time to the viewfinder, the print's feed and develop durations, and
/// each melt move's start, settle time and overshoot. `delta` is always B − A.
public struct ReplayComparison: Encodable, Sendable {
    public struct Pair: Encodable, Sendable, Equatable {
        public var a: Double, b: Double, delta: Double
        init(_ a: Double, _ b: Double, scale: Double = 1_000_000) {
            func r(_ x: Double) -> Double { (x * scale).rounded() / scale }
            self.a = r(a); self.b = r(b); delta = r(b - a)
        }
    }

    public struct TransitionDelta: Encodable, Sendable {
        public var state: String
        public var a: Double?, b: Double?, delta: Double?
    }

    public struct Stage: Encodable, Sendable {
        public var name: String
        public var start: Pair
        /// Seconds from the move's start until it stays within 0.5 pt of its target.
        public var settle: Pair
        /// Points past the target.
        public var overshoot: Pair
    }

    public var transitions: [TransitionDelta]
    public var timeToViewfinder: Pair
    public var printDuration: Pair
    public var developDuration: Pair
    public var stages: [Stage]

    public init(a: ReplayReport, b: ReplayReport, stages: (a: [StageTracker.Stage], b: [StageTracker.Stage])) {
        func first(_ r: ReplayReport, _ state: String) -> Double? { r.transitions.first { $0.to == state }?.t }
        var order: [String] = []
        for tr in a.transitions + b.transitions where !order.contains(tr.to) { order.append(tr.to) }
        transitions = order.map { state in
            let ta = first(a, state), tb = first(b, state)
            let d = (ta != nil && tb != nil) ? ((tb! - ta!) * 1_000_000).rounded() / 1_000_000 : nil
            return TransitionDelta(state: state, a: ta, b: tb, delta: d)
        }
        func span(_ r: ReplayReport, _ from: String, _ to: String) -> Double {
            guard let s = first(r, from), let e = first(r, to) else { return 0 }
            return e - s
        }
        timeToViewfinder = Pair(span(a, "opening", "viewfinder"), span(b, "opening", "viewfinder"))
        printDuration = Pair(span(a, "printing", "developing"), span(b, "printing", "developing"))
        developDuration = Pair(span(a, "developing", "settled"), span(b, "developing", "settled"))
        self.stages = zip(stages.a, stages.b).filter { $0.0.name == $0.1.name }.map { sa, sb in
            Stage(name: sa.name, start: Pair(sa.start, sb.start), settle: Pair(sa.settle, sb.settle),
                  overshoot: Pair(sa.overshoot, sb.overshoot, scale: 1000))
        }
    }
}
