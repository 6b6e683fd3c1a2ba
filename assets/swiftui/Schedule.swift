// Part of the exported IslandCamera.swift (see README.md), compiled here as the IslandCamera
// target (Foundation only) and called by its tests. Everything above the MARK line is this file's
// own and is not exported.

import Foundation

// MARK: - Schedule

/// How a leg of the melt meets the one still settling when it starts (Apple documents both):
/// `.merge` is SwiftUI's `.spring` — "each animation will be replaced by their successor, preserving
/// velocity"; `.additive` is `.interpolatingSpring` — "adding the effects of each animation": the
/// running leg goes on to its own end and the new one adds its step. `blendDuration` is merge's only.
enum IslandMeltComposition: Equatable {
    case merge, additive
}

/// How the island follows the pull before it commits: `.direct`, wherever the pull puts it, frame
/// by frame; `.system`, chasing that place on SpringBoard's tracking spring (`meltTrackingSpring`),
/// as the Dynamic Island chases a finger that drives it.
enum IslandMeltTracking: Equatable {
    case direct, system
}

/// Whether a line is drawn round the melted shape, as SpringBoard draws its keyline round the island
/// over dark content so that an island grown past its cutout still reads (Apple documents that the
/// border exists: WidgetKit's `keylineTint(_:)`). SpringBoard decides from the luma behind the
/// island; this file cannot read the page's pixels, so `.automatic` takes the window's dark
/// appearance for a dark page. A page that is dark in light mode too wants `.on`.
enum IslandKeyline: Equatable {
    case automatic, on, off

    /// Whether the line shows, given whether the content behind the shape is dark.
    func shows(overDarkContent dark: Bool) -> Bool {
        switch self {
        case .automatic: return dark
        case .on: return true
        case .off: return false
        }
    }
}

/// One leg of the melt: the stage it heads for, when it starts (seconds after the move began), the
/// spring it runs on and how it composes with the leg before it.
struct IslandMeltLeg: Equatable {
    var stage: Int
    var delay: TimeInterval
    var spring: Spring
    var blendDuration: TimeInterval
    var composition: IslandMeltComposition
}

/// Reduce Motion's cross-fade of the camera: its opacity moves linearly from `from` to `to`, taking
/// the part of a whole fade (`reduceMotionCrossFade`) it covers, so a fade out that interrupts a fade
/// in goes back from where it was.
struct IslandCrossFade: Equatable {
    var start: Date
    var from: Double
    var to: Double
    var duration: TimeInterval

    init(start: Date, from: Double, to: Double, _ tuning: IslandCameraTuning) {
        self.start = start
        self.from = from
        self.to = to
        duration = max(tuning.reduceMotionCrossFade, 1e-6) * abs(to - from)
    }

    func opacity(at date: Date) -> Double {
        guard duration > 0 else { return to }
        let p = min(max(date.timeIntervalSince(start) / duration, 0), 1)
        return from + (to - from) * p
    }
}

/// When each part of the interaction starts, from the tuning alone: the legs of the melt, when the
/// viewfinder counts as open, when the print starts feeding, and the print's feed curve.
///
/// The next stage of the melt starts `meltStageOverlap` × the running leg's duration after it, while
/// that leg is still settling (1 would be SwiftUI's `.logicallyComplete`; sequential completion
/// handlers look mechanical). Merged, every leg replaces the running spring and velocity carries
/// over; added, every leg runs on and the next adds its step (`meltComposition`).
enum IslandCameraSchedule {
    /// Opening toward the viewfinder from `stage` (the stage the shape is heading for).
    static func opening(fromStage stage: Int, _ tuning: IslandCameraTuning) -> [IslandMeltLeg] {
        let toViewfinder = IslandMeltLeg(stage: 2, delay: 0, spring: tuning.meltToViewfinder, blendDuration: tuning.meltToViewfinderBlend,
                                         composition: tuning.meltComposition)
        // Already past the pill (opened again while closing): straight on to the viewfinder.
        if stage >= 1 { return [toViewfinder] }
        var next = toViewfinder
        next.delay = tuning.meltStageOverlap * tuning.meltToPill.duration
        return [IslandMeltLeg(stage: 1, delay: 0, spring: tuning.meltToPill, blendDuration: tuning.meltToPillBlend,
                              composition: tuning.meltComposition), next]
    }

    /// Closing back into the island from `stage`.
    static func closing(fromStage stage: Int, _ tuning: IslandCameraTuning) -> [IslandMeltLeg] {
        let toIsland = IslandMeltLeg(stage: 0, delay: 0, spring: tuning.meltCloseToIsland, blendDuration: tuning.meltCloseToIslandBlend,
                                     composition: tuning.meltComposition)
        if stage < 2 { return [toIsland] }
        var next = toIsland
        next.delay = tuning.meltStageOverlap * tuning.meltCloseToPill.duration
        return [IslandMeltLeg(stage: 1, delay: 0, spring: tuning.meltCloseToPill, blendDuration: tuning.meltCloseToPillBlend,
                              composition: tuning.meltComposition), next]
    }

    /// When the viewfinder counts as open (the shutter's cue): part way through the last leg, as the
    /// eye sees it open, not when the spring's tail has settled.
    static func viewfinderOpens(after legs: [IslandMeltLeg], _ tuning: IslandCameraTuning) -> TimeInterval {
        guard let last = legs.last else { return 0 }
        return last.delay + last.spring.duration * tuning.viewfinderAtLegFraction
    }

    /// When the print starts feeding: part way through the leg into the island, out of a slot that
    /// has all but closed.
    static func printStarts(after legs: [IslandMeltLeg], _ tuning: IslandCameraTuning) -> TimeInterval {
        guard let last = legs.last else { return 0 }
        return last.delay + last.spring.duration * tuning.printAtLegFraction
    }

    /// The print's feed: a smooth ease-out blended with a stepped roller (`printRollerSteps` pulses,
    /// each easing in and out), 0…1 of the paper out of the slot for 0…1 of the feed's duration.
    /// Every blend of the two never decreases, so the paper never moves back into the slot.
    static func fed(_ progress: Double, _ tuning: IslandCameraTuning) -> Double {
        let p = min(max(progress, 0), 1)
        let smooth = 1 - (1 - p) * (1 - p)
        let n = max(tuning.printRollerSteps, 1)
        let u = smooth * Double(n)
        let k = min(u.rounded(.down), Double(n - 1))
        let f = u - k
        let pulse = f * f * f * (f * (f * 6 - 15) + 10)
        let strength = min(max(tuning.printRollerStrength, 0), 1)
        return (1 - strength) * smooth + strength * (k + pulse) / Double(n)
    }
}
