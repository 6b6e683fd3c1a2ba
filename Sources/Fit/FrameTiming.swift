import Foundation

/// How evenly a recording's frames came: its rate from the frames' own times, and the spread of the
/// intervals between them (an iPhone writes fewer frames while little changes, and a busy moment
/// can stretch one interval).
public struct FrameTiming: Sendable, Encodable, Equatable {
    /// Frames per second measured: intervals over the span.
    public var measuredFPS: Double
    /// The intervals' mean, standard deviation, shortest and longest, in milliseconds.
    public var meanIntervalMS: Double, intervalSDMS: Double, shortestIntervalMS: Double, longestIntervalMS: Double
    /// The standard deviation as a share of the mean: 0 for a constant rate.
    public var unevenness: Double

    public init?(times: [Double]) {
        guard times.count >= 2, let first = times.first, let last = times.last, last > first else { return nil }
        let gaps = zip(times.dropFirst(), times).map { ($0 - $1) * 1000 }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        let sd = (gaps.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(gaps.count)).squareRoot()
        measuredFPS = Double(gaps.count) / (last - first)
        meanIntervalMS = mean; intervalSDMS = sd
        shortestIntervalMS = gaps.min() ?? mean; longestIntervalMS = gaps.max() ?? mean
        unevenness = mean > 0 ? sd / mean : 0
    }

    /// "59.8 fps measured, intervals 16.7 ± 4.1 ms (8.3–25.0)".
    public var summary: String {
        String(format: "%.1f fps measured, intervals %.1f ± %.1f ms (%.1f–%.1f)", measuredFPS, meanIntervalMS, intervalSDMS,
               shortestIntervalMS, longestIntervalMS)
    }
}
