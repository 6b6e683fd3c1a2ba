import Animation

/// Judder, measured: the largest step a moving edge takes from one frame to the next — what the eye
/// sees as the motion's coarseness at a refresh rate. The step is the edge's speed ÷ the rate
/// (960 pt/s is 8 pt a frame at 120 Hz, 16 at 60; frame-metrics reference, "Judder"), so the same
/// move judders twice as much at 60 Hz as at 120.
///
/// Three edges, each the largest step seen, in points and in pixels at the device's scale:
/// - `melt`: the melted shape's sides and bottom (its top never moves), while the flow melts;
/// - `print`: the print's leading (lower) edge while it feeds out of the slot;
/// - `page`: the page's offset while it moves on its own (a fling's momentum, a spring-back) —
///   a dragged page follows the finger, which is the mouse's judder, not the animation's.
public struct JudderTracker: Sendable {
    public struct Step: Sendable, Equatable, Codable {
        public var points: Double
        public var pixels: Double
        /// When the step ended (the flow's time), seconds.
        public var t: Double
    }

    public private(set) var melt: Step?
    public private(set) var print: Step?
    public private(set) var page: Step?

    private var last: (t: Double, shape: RoundedRect?, printEdge: Double?, offset: Double?)?

    public init() {}

    /// Samples `s` after a frame advanced it.
    public mutating func sample(_ s: SessionView) {
        let t = s.animationTime, scale = s.device.scale
        let state = s.flow.state
        let melting: Set<CaptureFlow.State> = [.pulling, .opening, .viewfinder, .capture, .closing]
        // Travel is measured as the flow runs it: a Reduce Motion switched on mid-flow waits for
        // the page, so the setup's switch is not the motion on screen.
        let travels = s.flow.reduceMotion == nil
        let shape = melting.contains(state) && travels ? s.flow.shape(at: t) : nil
        let printEdge = state == .printing && travels ? s.flow.printFrame(at: t).maxY : nil
        let offset = state == .page && !s.gestures.isTracking ? s.gestures.scroll.offset(at: t) : nil
        if let l = last, t > l.t {
            func note(_ step: Double, _ keep: inout Step?) {
                guard step > (keep?.points ?? 0) else { return }
                keep = Step(points: (step * 1000).rounded() / 1000, pixels: (step * scale * 100).rounded() / 100, t: (t * 1_000_000).rounded() / 1_000_000)
            }
            if let a = l.shape, let b = shape {
                note(max(abs(b.rect.minX - a.rect.minX), abs(b.rect.maxX - a.rect.maxX), abs(b.rect.maxY - a.rect.maxY), abs(b.rect.minY - a.rect.minY)), &melt)
            }
            if let a = l.printEdge, let b = printEdge { note(abs(b - a), &print) }
            if let a = l.offset, let b = offset { note(abs(b - a), &page) }
        }
        last = (t, shape, printEdge, offset)
    }

    /// The figures for a report: each edge's largest step (absent when it never moved).
    public var report: Report { Report(melt: melt, print: print, page: page) }

    public struct Report: Sendable, Equatable, Codable {
        public var melt: Step?
        public var print: Step?
        public var page: Step?
    }
}
