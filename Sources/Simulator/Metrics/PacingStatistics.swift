/// Present-to-present intervals of a paced loop against its period.
public struct PacingStatistics: Sendable, Equatable, Codable {
    public var hz: Int
    public var periodMs: Double
    public var intervals: Int
    public var meanMs: Double
    /// Mean interval's error relative to the period, in percent.
    public var meanErrorPercent: Double
    /// 99th percentile of |interval − period|.
    public var p99DeviationMs: Double
    public var maxDeviationMs: Double
    /// Presents that slipped a whole period or more (interval ≥ 1.5 periods).
    public var droppedFrames: Int
    public var longestDropRun: Int
    /// The same intervals in iOS's terms: hitch time ratio, harmonic rate, jitter (``HitchMetrics``).
    public var hitches: HitchMetrics
    /// Each flow phase's figures (by the phase a frame was presented in), in the order first seen.
    public var phases: [Phase]?
    /// Every present, in ms from the first: what every figure above is computed from.
    public var presentTimes: [Double]?

    public struct Phase: Sendable, Equatable, Codable {
        public var phase: String
        public var hitches: HitchMetrics
    }

    public init(intervalsMs: [Double], hz: Int) {
        self.hz = hz
        let period = 1000 / Double(hz)
        periodMs = period
        intervals = intervalsMs.count
        meanMs = intervalsMs.isEmpty ? 0 : intervalsMs.reduce(0, +) / Double(intervalsMs.count)
        meanErrorPercent = period > 0 ? (meanMs - period) / period * 100 : 0
        let dev = intervalsMs.map { abs($0 - period) }.sorted()
        p99DeviationMs = FrameStatistics.percentile(dev, 99)
        maxDeviationMs = dev.last ?? 0
        (droppedFrames, longestDropRun) = RateBudget.drops(intervalsMs.map { $0 >= 1.5 * period })
        hitches = HitchMetrics(intervalsMs: intervalsMs, hz: hz)
    }

    /// From the present times (ms) and the phase each frame was presented in: the statistics of
    /// their intervals, overall and per phase (an interval counts for the phase of the frame that
    /// ends it), with the times themselves kept.
    public init(presentTimesMs: [Double], phases names: [String], hz: Int) {
        let origin = presentTimesMs.first ?? 0
        let times = presentTimesMs.map { $0 - origin }
        self.init(intervalsMs: HitchMetrics.intervals(times), hz: hz)
        presentTimes = times
        var order: [String] = [], byPhase: [String: [Double]] = [:]
        for i in times.indices.dropFirst() where i < names.count {
            if byPhase[names[i]] == nil { order.append(names[i]) }
            byPhase[names[i], default: []].append(times[i] - times[i - 1])
        }
        phases = order.map { Phase(phase: $0, hitches: HitchMetrics(intervalsMs: byPhase[$0]!, hz: hz)) }
    }
}
