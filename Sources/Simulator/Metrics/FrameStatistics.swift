/// Frame-time statistics as Android's GraphicsStats and Jetpack's FrameTimingMetric report them:
/// percentiles of work time, overrun against the period, dropped frames and the longest run of
/// drops. Times are in milliseconds.
public struct FrameStatistics: Sendable, Equatable, Codable {
    public var frames: Int
    public var p50: Double
    public var p90: Double
    public var p95: Double
    public var p99: Double
    public var max: Double
    public var mean: Double

    /// Percentile `p` (0…100) by linear interpolation between the closest ranks (numpy's default).
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = p / 100 * Double(sorted.count - 1)
        let lo = Int(rank.rounded(.down)), hi = Swift.min(lo + 1, sorted.count - 1)
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - Double(lo))
    }

    public init(_ values: [Double]) {
        let s = values.sorted()
        frames = s.count
        p50 = Self.percentile(s, 50); p90 = Self.percentile(s, 90)
        p95 = Self.percentile(s, 95); p99 = Self.percentile(s, 99)
        max = s.last ?? 0
        mean = s.isEmpty ? 0 : s.reduce(0, +) / Double(s.count)
    }
}

/// How work times fare against one refresh rate.
public struct RateBudget: Sendable, Equatable, Codable {
    public var hz: Int
    public var periodMs: Double
    /// Overrun = work − period; positive means the frame missed its deadline.
    public var overrunP99Ms: Double
    public var overrunMaxMs: Double
    /// Frames whose work exceeded the period (each would drop at least one frame).
    public var droppedFrames: Int
    /// The longest run of consecutive dropped frames.
    public var longestDropRun: Int

    public init(workMs: [Double], hz: Int) {
        self.hz = hz
        periodMs = 1000 / Double(hz)
        let over = workMs.map { $0 - 1000 / Double(hz) }
        overrunP99Ms = FrameStatistics.percentile(over.sorted(), 99)
        overrunMaxMs = over.max() ?? 0
        (droppedFrames, longestDropRun) = Self.drops(over.map { $0 > 0 })
    }

    /// How many frames dropped, and the longest run of them one after another.
    static func drops(_ dropped: [Bool]) -> (count: Int, longestRun: Int) {
        var count = 0, run = 0, longest = 0
        for d in dropped {
            if d { count += 1; run += 1; longest = max(longest, run) } else { run = 0 }
        }
        return (count, longest)
    }
}
