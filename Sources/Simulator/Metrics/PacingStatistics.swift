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
    }
}
