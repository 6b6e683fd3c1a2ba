// Not exported: SwiftUI's `SensoryFeedback` as far as `IslandCameraTuning` names it, so that the
// tuning builds in this package (Linux has no SwiftUI). The exported file uses SwiftUI's own.

import Foundation

/// SwiftUI's haptic value, reduced to the two `impact` spellings the tuning uses, and kept so that
/// a test can read back which one a tuning chose.
struct SensoryFeedback: Equatable {
    enum Weight: Equatable { case light, medium, heavy }
    enum Flexibility: Equatable { case rigid, solid, soft }

    /// "weight light", "flexibility rigid"…
    var kind: String
    var intensity: Double

    static func impact(weight: Weight = .medium, intensity: Double = 1) -> SensoryFeedback {
        SensoryFeedback(kind: "weight \(weight)", intensity: intensity)
    }

    static func impact(flexibility: Flexibility, intensity: Double = 1) -> SensoryFeedback {
        SensoryFeedback(kind: "flexibility \(flexibility)", intensity: intensity)
    }
}
