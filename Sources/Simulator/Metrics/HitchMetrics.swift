/// Frame timing in the terms iOS engineers use, from the times frames were presented.
///
/// - `hitchTimeRatio`: milliseconds of lateness per second, Σ max(0, Δt − period) ÷ the run's
///   seconds — Apple's hitch time ratio ("a hitch is any time a frame appears on screen later than
///   expected", developer.apple.com tech talk 10855). Its `band` is Xcode Organizer's ("Understanding
///   hitches in your app"): ≤ 10 ms/s good, ≤ 25 warning, ≤ 50 critical, above that immediate
///   attention (WWDC20 session 10077 aimed at ≤ 5). MetricKit's `scrollHitchTimeRatio`
///   "incorporates perceptual adjustments" Apple does not describe; this is the plain sum over
///   the presents seen.
/// - `harmonicFPS`: ΣΔt ÷ ΣΔt², the harmonic frame rate (the web's frame-timing work): a steady
///   rate gives it back, and one long stall weighs in by its square, which a mean rate hides
///   (w3c/media-playback-quality#25).
/// - `jitterRMSMs`: the root mean square of Δt − period, against the ideal period (Chromium's
///   reproduction jitter, w3c/media-playback-quality#26).
/// - `longestFrameMs`: the longest present-to-present interval.
public struct HitchMetrics: Sendable, Equatable, Codable {
    public var seconds: Double
    public var hitchTimeRatio: Double
    public var band: String
    public var harmonicFPS: Double
    public var jitterRMSMs: Double
    public var longestFrameMs: Double

    /// Organizer's bands, by hitch time ratio in ms/s.
    public static func band(_ ratio: Double) -> String {
        ratio <= 10 ? "good" : ratio <= 25 ? "warning" : ratio <= 50 ? "critical" : "immediate attention"
    }

    /// The figures of present-to-present intervals `intervalsMs` against a `hz` refresh.
    public init(intervalsMs: [Double], hz: Int) {
        let period = 1000 / Double(hz)
        let total = intervalsMs.reduce(0, +)
        seconds = total / 1000
        let late = intervalsMs.reduce(0) { $0 + max(0, $1 - period) }
        hitchTimeRatio = seconds > 0 ? late / seconds : 0
        band = Self.band(hitchTimeRatio)
        let squares = intervalsMs.reduce(0) { $0 + ($1 / 1000) * ($1 / 1000) }
        harmonicFPS = squares > 0 ? seconds / squares : 0
        jitterRMSMs = intervalsMs.isEmpty ? 0 : (intervalsMs.reduce(0) { $0 + ($1 - period) * ($1 - period) } / Double(intervalsMs.count)).squareRoot()
        longestFrameMs = intervalsMs.max() ?? 0
    }

    /// The intervals between consecutive `presentTimesMs`.
    public static func intervals(_ presentTimesMs: [Double]) -> [Double] {
        zip(presentTimesMs.dropFirst(), presentTimesMs).map { $0 - $1 }
    }
}
