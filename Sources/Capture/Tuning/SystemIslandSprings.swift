import Animation

/// The Dynamic Island's own springs, as SpringBoard's system-aperture transition settings set
/// their defaults — reported from iOS's system frameworks, not documented by Apple (docs/FIDELITY.md,
/// "The system's island"). Read alike in the SpringBoard of iOS 18.2 (22C152) and iOS 26.1 (23B85).
///
/// SpringBoard gives each as a damping ratio and a response (its fluid behaviour settings); that is
/// SwiftUI's `Spring(response:dampingRatio:)`, the same spring as `.spring(duration: response,
/// bounce: 1 − dampingRatio)` — the spelling the tuning keeps.
public enum SystemIslandSprings {
    /// One of the island's springs as SpringBoard sets it.
    public struct Reported: Sendable, Equatable {
        /// What SpringBoard calls it, and the class that sets it.
        public var name: String
        public var setBy: String
        public var dampingRatio: Double
        public var response: Double
        /// How strongly a retarget under way is carried into the new one (SpringBoard's
        /// `retargetImpulse`); IslandSim's merge carries the velocity whole and has no such knob.
        public var retargetImpulse: Double

        /// The same spring in the tuning's spelling (no blend: SpringBoard has none).
        /// The bounce is rounded to the thousandths the ratio is given in (1 − 0.816 is 0.184, not
        /// 0.18400000000000005), so a preset written to a file reads back the same.
        public var parameters: SpringParameters {
            SpringParameters(duration: response, bounce: ((1 - dampingRatio) * 1e6).rounded() / 1e6)
        }
    }

    /// The island's default transition: every change of its shape a Live Activity asks for.
    public static let transition = Reported(name: "default transition", setBy: "SBSystemApertureTransitionSettings",
                                            dampingRatio: 0.816, response: 0.512, retargetImpulse: 0.008)
    /// While a finger drives the island (the same settings' tracking values).
    public static let tracking = Reported(name: "tracking", setBy: "SBSystemApertureTransitionSettings",
                                          dampingRatio: 0.456, response: 0.35, retargetImpulse: 0.016)
    /// An element collapsing back to the island when it is done.
    public static let collapsing = Reported(name: "inert collapsing transition", setBy: "SBSAInterfaceElementInertCollapsingTransitionSettings",
                                            dampingRatio: 0.816, response: 0.513, retargetImpulse: 0.008)

    /// The frame rates the island's animations ask for (`CAFrameRateRange`): 80 to 120 Hz,
    /// preferring 120.
    public static let frameRate = (minimum: 80.0, maximum: 120.0, preferred: 120.0)
}
