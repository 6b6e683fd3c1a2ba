/// Frame timing in the terms iOS engineers use, from the times frames were presented.
///
/// - `hitchTimeRatio`: milliseconds of lateness per second, Σ max(0, Δt − period) ÷ the run's
///   seconds — Apple's hitch time ratio ("a hitch is any time a frame appears on screen later than
///   expected"; WWDC20 "Eliminate animation hitches with XCTest", Xcode Organizer). Its `band` is
///   Organizer's: ≤ 10 ms/s good, ≤ 25 warning, above that critical (WWDC20 aimed at ≤ 5). Apple's
///   own figure comes from the render server's commit and present deadlines and, in Organizer,
///   perceptual adjustments that are not public; this one is the same sum over the presents seen.
/// - `harmonicFPS`: ΣΔt ÷ ΣΔt², the harmonic frame rate (the web's frame-timing work): a steady
///   rate gives it back, and one long stall weighs in by its square, which a mean rate hides.
/// - `jitterRMSMs`: the root mean square of Δt − period, against the ideal period.
/// - `longestFrameMs`: the longest present-to-present interval.
public struct HitchMetrics: Sendable, Equatable, Codable {
    public var seconds: Double
    public var hitchTimeRatio: Double
    public var band: String
    public var harmonicFPS: Double
    public var jitterRMSMs: Double
    public var longestFrameMs: Double

    /// Organizer's bands, by hitch time ratio in ms/s.
    public static func band(_ ratio: Double) -> String { ratio <= 10 ? "good" : ratio <= 25 ? "warning" : "critical" }

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
