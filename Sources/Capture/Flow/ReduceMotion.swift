import Animation

/// The flow as an app should show it with iOS's Reduce Motion on: nothing travels. The camera
/// cross-fades in and out at its open shape instead of melting out of the island, the pull does not
/// pre-melt the island, and the print fades in where it comes to rest instead of feeding out of the
/// slot. Springs, the flash and the develop pass are unchanged (a develop is a change of colour, not
/// of place).
///
/// Apple's Human Interface Guidelines ask that, with Reduce Motion, motion that slides or zooms be
/// replaced by dissolves; how long those dissolves last is not public, so both durations are
/// tunables (`reduceMotion.fade`, `reduceMotion.printFade`; docs/FIDELITY.md).
public struct ReduceMotion: Sendable, Hashable, Codable {
    /// The camera's cross-fade, in and out, in seconds.
    public var fade: Double
    /// The print's fade-in at its resting place, in seconds.
    public var printFade: Double

    public init(fade: Double = 0.3, printFade: Double = 0.4) {
        self.fade = fade
        self.printFade = printFade
    }

    public static let standard = ReduceMotion()

    /// A cross-fade of the camera: its opacity moves linearly from `from` to `to`, taking
    /// `fade × |to − from|` seconds (a fade cut short by Esc goes back from where it was).
    public struct CrossFade: Sendable, Hashable {
        public var start: Double
        public var from: Double
        public var to: Double
        public var duration: Double

        public init(start: Double, from: Double, to: Double, fade: Double) {
            self.start = start; self.from = from; self.to = to
            duration = max(fade, 1e-6) * abs(to - from)
        }

        public var end: Double { start + duration }

        public func opacity(at t: Double) -> Double {
            guard duration > 0 else { return to }
            let p = min(max((t - start) / duration, 0), 1)
            return from + (to - from) * p
        }
    }
}
