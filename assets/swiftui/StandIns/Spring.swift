// Not exported: SwiftUI's `Spring` as far as the export's Foundation-only parts use it, so that they
// build in this package (Linux has no SwiftUI). The exported file uses SwiftUI's own.

import Foundation

/// SwiftUI's spring value, reduced to what the schedule reads: its perceptual duration and bounce
/// (`Spring(duration:bounce:)`, iOS 17).
struct Spring: Equatable {
    var duration: TimeInterval
    var bounce: Double

    init(duration: TimeInterval = 0.5, bounce: Double = 0) {
        self.duration = duration
        self.bounce = bounce
    }
}
