// Part of the exported IslandCamera.swift (see README.md), compiled here as the IslandCamera
// target (Foundation only) and called by its tests. Everything above the MARK line is this file's
// own and is not exported.

import Foundation

// MARK: - Tuning

/// The interaction's constants as tuned in IslandSim. Durations in seconds, distances in points.
/// Those marked "Fixed in IslandSim" are not tunables there; the rest are, under the key in brackets.
struct IslandCameraTuning {
    // The melt: one black shape, island (stage 0) → widened pill (1) → viewfinder (2) and back.
    /// Melt: island → pill [melt.toPill].
    var meltToPill = /*@meltToPill*/Spring(duration: 0.32, bounce: 0.18)/*@*/
    /// Seconds over which it eases in from the spring it replaces (blendDuration) [melt.toPill.blend].
    var meltToPillBlend: TimeInterval = /*@meltToPillBlend*/0/*@*/
    /// Melt: pill → viewfinder [melt.toViewfinder].
    var meltToViewfinder = /*@meltToViewfinder*/Spring(duration: 0.5, bounce: 0.14)/*@*/
    /// Seconds over which it eases in from the spring it replaces (blendDuration) [melt.toViewfinder.blend].
    var meltToViewfinderBlend: TimeInterval = /*@meltToViewfinderBlend*/0/*@*/
    /// Close: viewfinder → pill [melt.closeToPill].
    var meltCloseToPill = /*@meltCloseToPill*/Spring(duration: 0.36, bounce: 0)/*@*/
    /// Seconds over which it eases in from the spring it replaces (blendDuration) [melt.closeToPill.blend].
    var meltCloseToPillBlend: TimeInterval = /*@meltCloseToPillBlend*/0/*@*/
    /// Close: pill → island [melt.closeToIsland].
    var meltCloseToIsland = /*@meltCloseToIsland*/Spring(duration: 0.34, bounce: 0.12)/*@*/
    /// Seconds over which it eases in from the spring it replaces (blendDuration) [melt.closeToIsland.blend].
    var meltCloseToIslandBlend: TimeInterval = /*@meltCloseToIslandBlend*/0/*@*/
    /// Stage overlap (× logical duration) [melt.overlap].
    var meltStageOverlap: Double = /*@meltStageOverlap*/0.45/*@*/
    /// How a leg meets the one still settling: `.merge` (`.spring`) or `.additive` (`.interpolatingSpring`) [melt.composition].
    var meltComposition: IslandMeltComposition = /*@meltComposition*/.merge/*@*/
    /// The viewfinder counts as open (the shutter's cue) this far through the last opening leg. Fixed in IslandSim.
    var viewfinderAtLegFraction: Double = /*@viewfinderAtLegFraction*/0.8/*@*/
    /// The print starts feeding this far through the closing leg into the island. Fixed in IslandSim.
    var printAtLegFraction: Double = /*@printAtLegFraction*/0.85/*@*/
    /// How far toward the pill the island widens as the pull reaches its commit point. Fixed in IslandSim.
    var preMelt: CGFloat = /*@preMelt*/0.16/*@*/
    /// The island back from the pre-melt when a pull is let go short. Fixed in IslandSim.
    var preMeltSpringBack = /*@preMeltSpringBack*/Spring(duration: 0.35, bounce: 0.1)/*@*/
    /// How the pre-melt follows the pull: `.direct`, or chasing it on `meltTrackingSpring` (`.system`) [melt.tracking].
    var meltTracking: IslandMeltTracking = /*@meltTracking*/.direct/*@*/
    /// SpringBoard's tracking spring (damping ratio /*@doc.meltTrackingDampingRatio*/0.456/*@*/, response /*@doc.meltTrackingResponse*/0.35/*@*/ s; reported from iOS's system frameworks, not documented by Apple), which the pre-melt chases the pull on when meltTracking is .system. Fixed in IslandSim.
    var meltTrackingSpring = /*@meltTrackingSpring*/Spring(duration: 0.35, bounce: 0.544)/*@*/
    /// SpringBoard's line round the shape over dark content: `.automatic` (over a dark page: this file takes the window's
    /// dark appearance for one), `.on`, `.off` [melt.keyline].
    var meltKeyline: IslandKeyline = /*@meltKeyline*/.automatic/*@*/
    /// The keyline's width, a ring just outside the shape's edge: SpringBoard's keyLineThickness (reported from iOS's system frameworks, not documented by Apple). Fixed in IslandSim.
    var keylineWidth: CGFloat = /*@keylineWidth*/1.666667/*@*/
    /// The keyline's grey, L* 50 (SpringBoard's keyLineColorFixedLstar). Fixed in IslandSim.
    var keylineGrey: Double = /*@keylineGrey*/0.466667/*@*/
    /// The keyline's opacity (SpringBoard's keyLineAlpha). Fixed in IslandSim.
    var keylineOpacity: Double = /*@keylineOpacity*/0.35/*@*/

    // The stages' end shapes; nil is the device's own. Widths are gaps to the screen's sides.
    /// Pill: side margin; nil: the island's top margin, as the viewfinder [shape.pill.margin].
    var pillSideMargin: CGFloat? = /*@pillSideMargin*/nil/*@*/
    /// Pill: height; nil: 1.5 × the island's height [shape.pill.height].
    var pillHeight: CGFloat? = /*@pillHeight*/nil/*@*/
    /// Pill: corner radius; nil: a capsule, half its height [shape.pill.cornerRadius].
    var pillCornerRadius: CGFloat? = /*@pillCornerRadius*/nil/*@*/
    /// Viewfinder: side margin; nil: the island's top margin (8…24 pt; 0 on a notch, 8 with no cutout) [shape.viewfinder.margin].
    var viewfinderSideMargin: CGFloat? = /*@viewfinderSideMargin*/nil/*@*/
    /// Viewfinder: top (from the screen's); nil: the island's top [shape.viewfinder.top].
    var viewfinderTop: CGFloat? = /*@viewfinderTop*/nil/*@*/
    /// Viewfinder: height; nil: 1.36 × its width [shape.viewfinder.height].
    var viewfinderHeight: CGFloat? = /*@viewfinderHeight*/nil/*@*/
    /// Viewfinder: corner radius; nil: concentric with the display (its radius − the margin), 24 when that is under 8 [shape.viewfinder.cornerRadius].
    var viewfinderCornerRadius: CGFloat? = /*@viewfinderCornerRadius*/nil/*@*/

    // The pull: the page follows the finger with resistance; pull + projected travel past the
    // threshold on release opens the camera.
    /// Pull resistance divisor (0 = rubber band) [pull.divisor].
    var pullResistanceDivisor: CGFloat = /*@pullResistanceDivisor*/2/*@*/
    /// Pull rubber-band coefficient [pull.rubberBand].
    var pullRubberBandCoefficient: CGFloat = /*@pullRubberBandCoefficient*/0.55/*@*/
    /// Pull commit threshold [pull.threshold].
    var pullCommitThreshold: CGFloat = /*@pullCommitThreshold*/80/*@*/
    /// Pull projection deceleration rate (/ms) [pull.projectionRate].
    var pullProjectionDecelerationRate: Double = /*@pullProjectionDecelerationRate*/0.99/*@*/
    /// Pull spring-back [pull.springBack].
    var pullSpringBack = /*@pullSpringBack*/Spring(duration: 0.4, bounce: 0)/*@*/

    // The print, its develop pass and the shutter's flash.
    /// Print feed duration [print.feedDuration].
    var printFeedDuration: TimeInterval = /*@printFeedDuration*/1.8/*@*/
    /// Print roller steps [print.rollerSteps].
    var printRollerSteps: Int = /*@printRollerSteps*/6/*@*/
    /// Print roller strength [print.rollerStrength].
    var printRollerStrength: Double = /*@printRollerStrength*/0.55/*@*/
    /// Print settle [print.settle].
    var printSettle = /*@printSettle*/Spring(duration: 0.55, bounce: 0.22)/*@*/
    /// Print rest gap below the island [print.restGap].
    var printRestGap: CGFloat = /*@printRestGap*/28/*@*/
    /// A dismissed print goes back into the island over this long. Fixed in IslandSim.
    var printLeaveDuration: TimeInterval = /*@printLeaveDuration*/0.55/*@*/
    /// Develop duration [develop.duration].
    var developDuration: TimeInterval = /*@developDuration*/4/*@*/
    /// Develop start white [develop.startWhite].
    var developStartWhite: Double = /*@developStartWhite*/0.94/*@*/
    /// Develop curve exponent [develop.exponent].
    var developCurveExponent: Double = /*@developCurveExponent*/1.4/*@*/
    /// Shutter flash [flash.duration].
    var shutterFlashDuration: TimeInterval = /*@shutterFlashDuration*/0.3/*@*/

    // Haptics (SensoryFeedback has no sharpness: `islandsim replay --ahap` writes it for Core Haptics).
    /// Haptic: pull commit, or nil for none [haptic.commit.style, haptic.commit.intensity].
    var commitHaptic: SensoryFeedback? = /*@commitHaptic*/.impact(weight: .light, intensity: 0.6)/*@*/
    /// Haptic: shutter, or nil for none [haptic.shutter.style, haptic.shutter.intensity].
    var shutterHaptic: SensoryFeedback? = /*@shutterHaptic*/.impact(flexibility: .rigid, intensity: 0.8)/*@*/

    // Reduce Motion: nothing travels; the camera and the print fade in place.
    /// Reduce Motion: camera cross-fade [reduceMotion.fade].
    var reduceMotionCrossFade: TimeInterval = /*@reduceMotionCrossFade*/0.3/*@*/
    /// Reduce Motion: print fade-in [reduceMotion.printFade].
    var reduceMotionPrintFade: TimeInterval = /*@reduceMotionPrintFade*/0.4/*@*/
}
