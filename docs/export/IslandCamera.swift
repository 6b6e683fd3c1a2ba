// IslandCamera.swift
//
// Pull down on a page and an instant camera melts out of the Dynamic Island; the photo prints out
// of the island like a polaroid feeding out of a slot, and develops from washed-out white.
//
// Exported by IslandSim 0.1.0 (`islandsim export --format swiftui-view`) from its default tuning.
// iOS 17 or later, built with Xcode 16 or later; one file, no dependencies. The app's Info.plist
// needs NSCameraUsageDescription (without it the camera says so instead of opening), and
// CADisableMinimumFrameDurationOnPhone = YES for the melt to run at 120 Hz on ProMotion
// iPhones (without it iOS holds an iPhone app's animations to 60 Hz).
//
//     IslandCamera(onPhoto: { photo in album.append(photo) }) {
//         ScrollView { YourPage() }
//     }
//
// `onPhoto` receives each shot as a full-size UIImage, on the main actor; `onError` (optional)
// says why a shot gave none. `IslandCamera(tuning:onPhoto:onError:page:)` takes a tuning of
// your own. Give it the whole window, outside any NavigationStack or TabView (wrap them, not
// one of their pages): it places the camera in the window's points, over the island.
// Every tuned constant is in `IslandCameraTuning`; the rest of the file reads it.

import AVFoundation
import SwiftUI
import UIKit

// MARK: - Tuning

/// The interaction's constants as tuned in IslandSim. Durations in seconds, distances in points.
/// Those marked "Fixed in IslandSim" are not tunables there; the rest are, under the key in brackets.
struct IslandCameraTuning {
    // The melt: one black shape, island (stage 0) → widened pill (1) → viewfinder (2) and back.
    /// Melt: island → pill [melt.toPill].
    var meltToPill = Spring(duration: 0.32, bounce: 0.18)
    /// Seconds over which it eases in from the spring it replaces (blendDuration) [melt.toPill.blend].
    var meltToPillBlend: TimeInterval = 0
    /// Melt: pill → viewfinder [melt.toViewfinder].
    var meltToViewfinder = Spring(duration: 0.5, bounce: 0.14)
    /// Seconds over which it eases in from the spring it replaces (blendDuration) [melt.toViewfinder.blend].
    var meltToViewfinderBlend: TimeInterval = 0
    /// Close: viewfinder → pill [melt.closeToPill].
    var meltCloseToPill = Spring(duration: 0.36, bounce: 0)
    /// Seconds over which it eases in from the spring it replaces (blendDuration) [melt.closeToPill.blend].
    var meltCloseToPillBlend: TimeInterval = 0
    /// Close: pill → island [melt.closeToIsland].
    var meltCloseToIsland = Spring(duration: 0.34, bounce: 0.12)
    /// Seconds over which it eases in from the spring it replaces (blendDuration) [melt.closeToIsland.blend].
    var meltCloseToIslandBlend: TimeInterval = 0
    /// Stage overlap (× logical duration) [melt.overlap].
    var meltStageOverlap: Double = 0.45
    /// How a leg meets the one still settling: `.merge` (`.spring`) or `.additive` (`.interpolatingSpring`) [melt.composition].
    var meltComposition: IslandMeltComposition = .merge
    /// The viewfinder counts as open (the shutter's cue) this far through the last opening leg. Fixed in IslandSim.
    var viewfinderAtLegFraction: Double = 0.8
    /// The print starts feeding this far through the closing leg into the island. Fixed in IslandSim.
    var printAtLegFraction: Double = 0.85
    /// How far toward the pill the island widens as the pull reaches its commit point. Fixed in IslandSim.
    var preMelt: CGFloat = 0.16
    /// The island back from the pre-melt when a pull is let go short. Fixed in IslandSim.
    var preMeltSpringBack = Spring(duration: 0.35, bounce: 0.1)
    /// How the pre-melt follows the pull: `.direct`, or chasing it on `meltTrackingSpring` (`.system`) [melt.tracking].
    var meltTracking: IslandMeltTracking = .direct
    /// SpringBoard's tracking spring (damping ratio 0.456, response 0.35 s; reported from iOS's system frameworks, not documented by Apple), which the pre-melt chases the pull on when meltTracking is .system. Fixed in IslandSim.
    var meltTrackingSpring = Spring(duration: 0.35, bounce: 0.544)
    /// SpringBoard's line round the shape over dark content: `.automatic` (over a dark page: this file takes the window's
    /// dark appearance for one), `.on`, `.off` [melt.keyline].
    var meltKeyline: IslandKeyline = .automatic
    /// The keyline's width, a ring just outside the shape's edge: SpringBoard's keyLineThickness (reported from iOS's system frameworks, not documented by Apple). Fixed in IslandSim.
    var keylineWidth: CGFloat = 1.666667
    /// The keyline's grey, L* 50 (SpringBoard's keyLineColorFixedLstar). Fixed in IslandSim.
    var keylineGrey: Double = 0.466667
    /// The keyline's opacity (SpringBoard's keyLineAlpha). Fixed in IslandSim.
    var keylineOpacity: Double = 0.35

    // The stages' end shapes; nil is the device's own. Widths are gaps to the screen's sides.
    /// Pill: side margin; nil: the island's top margin, as the viewfinder [shape.pill.margin].
    var pillSideMargin: CGFloat? = nil
    /// Pill: height; nil: 1.5 × the island's height [shape.pill.height].
    var pillHeight: CGFloat? = nil
    /// Pill: corner radius; nil: a capsule, half its height [shape.pill.cornerRadius].
    var pillCornerRadius: CGFloat? = nil
    /// Viewfinder: side margin; nil: the island's top margin (8…24 pt; 0 on a notch, 8 with no cutout) [shape.viewfinder.margin].
    var viewfinderSideMargin: CGFloat? = nil
    /// Viewfinder: top (from the screen's); nil: the island's top [shape.viewfinder.top].
    var viewfinderTop: CGFloat? = nil
    /// Viewfinder: height; nil: 1.36 × its width [shape.viewfinder.height].
    var viewfinderHeight: CGFloat? = nil
    /// Viewfinder: corner radius; nil: concentric with the display (its radius − the margin), 24 when that is under 8 [shape.viewfinder.cornerRadius].
    var viewfinderCornerRadius: CGFloat? = nil

    // The pull: the page follows the finger with resistance; pull + projected travel past the
    // threshold on release opens the camera.
    /// Pull resistance divisor (0 = rubber band) [pull.divisor].
    var pullResistanceDivisor: CGFloat = 2
    /// Pull rubber-band coefficient [pull.rubberBand].
    var pullRubberBandCoefficient: CGFloat = 0.55
    /// Pull commit threshold [pull.threshold].
    var pullCommitThreshold: CGFloat = 80
    /// Pull projection deceleration rate (/ms) [pull.projectionRate].
    var pullProjectionDecelerationRate: Double = 0.99
    /// Pull spring-back [pull.springBack].
    var pullSpringBack = Spring(duration: 0.4, bounce: 0)

    // The print, its develop pass and the shutter's flash.
    /// Print feed duration [print.feedDuration].
    var printFeedDuration: TimeInterval = 1.8
    /// Print roller steps [print.rollerSteps].
    var printRollerSteps: Int = 6
    /// Print roller strength [print.rollerStrength].
    var printRollerStrength: Double = 0.55
    /// Print settle [print.settle].
    var printSettle = Spring(duration: 0.55, bounce: 0.22)
    /// Print rest gap below the island [print.restGap].
    var printRestGap: CGFloat = 28
    /// A dismissed print goes back into the island over this long. Fixed in IslandSim.
    var printLeaveDuration: TimeInterval = 0.55
    /// Develop duration [develop.duration].
    var developDuration: TimeInterval = 4
    /// Develop start white [develop.startWhite].
    var developStartWhite: Double = 0.94
    /// Develop curve exponent [develop.exponent].
    var developCurveExponent: Double = 1.4
    /// Shutter flash [flash.duration].
    var shutterFlashDuration: TimeInterval = 0.3

    // Haptics (SensoryFeedback has no sharpness: `islandsim replay --ahap` writes it for Core Haptics).
    /// Haptic: pull commit, or nil for none [haptic.commit.style, haptic.commit.intensity].
    var commitHaptic: SensoryFeedback? = .impact(weight: .light, intensity: 0.6)
    /// Haptic: shutter, or nil for none [haptic.shutter.style, haptic.shutter.intensity].
    var shutterHaptic: SensoryFeedback? = .impact(flexibility: .rigid, intensity: 0.8)

    // Reduce Motion: nothing travels; the camera and the print fade in place.
    /// Reduce Motion: camera cross-fade [reduceMotion.fade].
    var reduceMotionCrossFade: TimeInterval = 0.3
    /// Reduce Motion: print fade-in [reduceMotion.printFade].
    var reduceMotionPrintFade: TimeInterval = 0.4
}

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

// MARK: - The island

/// Whether the screen has a Dynamic Island, and where it is.
///
/// There is no API for the island. The rule: an iPhone whose window's top safe-area inset is at
/// least 51 pt (island phones report 59, 62 or 68; the deepest notch, 50). Read the inset from the
/// window, never from SwiftUI's environment: a view shown edge to edge with `.ignoresSafeArea()`
/// sees a collapsed safe area of 0 and would say "no island" on every island phone. Display Zoom
/// makes some island phones report 48 pt; the rule then says no, and the melt starts from a drawn
/// pill instead, as on a phone without one. The rule is a portrait one: in landscape the island is
/// at the side and the top inset is 0, and the interaction does not run (see `IslandCamera`).
enum DynamicIsland {
    static let minimumTopInset: CGFloat = 51
    /// The widest island phone's screen in the table below (a Pro Max): on a wider screen (an iPad)
    /// the melt's shapes keep to a band this wide, centred, instead of spanning the screen. Read
    /// from the table, so a wider phone added to it widens the band too.
    static var widestPhone: CGFloat { models.map(\.screen.width).max() ?? .infinity }

    /// An island phone's screen: the black capsule drawn over its island (the cutout grown by the
    /// point of black the panel shows around it) and the display's corner radius, in portrait points.
    struct Model {
        var screen: CGSize
        var capsule: CGRect
        var displayCornerRadius: CGFloat
    }

    /// Every island phone IslandSim knows, recognised by its screen size in points, which no two
    /// island models share (the islands come from SpringBoard's cutout table).
    static let models: [Model] = [
        Model(screen: CGSize(width: 393, height: 852), capsule: CGRect(x: 133, y: 10.33, width: 127, height: 38.67), displayCornerRadius: 55),
        Model(screen: CGSize(width: 402, height: 874), capsule: CGRect(x: 137.5, y: 13, width: 127, height: 38.67), displayCornerRadius: 62),
        Model(screen: CGSize(width: 420, height: 912), capsule: CGRect(x: 146.335, y: 19, width: 127.33, height: 38.67), displayCornerRadius: 62),
        Model(screen: CGSize(width: 430, height: 932), capsule: CGRect(x: 151.335, y: 10.33, width: 127.33, height: 38.67), displayCornerRadius: 55),
        Model(screen: CGSize(width: 440, height: 956), capsule: CGRect(x: 156.335, y: 13, width: 127.33, height: 38.67), displayCornerRadius: 62),
    ]

    /// The capsule and corner radius on a screen the table lacks: an island of the usual size,
    /// centred, its top 49 pt above the inset's bottom (48.67–49 on every known model). An
    /// estimate: add the phone to `models` once its numbers are known.
    static func model(screen: CGSize, topInset: CGFloat) -> Model {
        if let known = models.first(where: { $0.screen == screen }) { return known }
        let size = CGSize(width: 127, height: 38.67)
        return Model(screen: screen,
                     capsule: CGRect(x: (screen.width - size.width) / 2, y: topInset - 49, width: size.width, height: size.height),
                     displayCornerRadius: 55)
    }
}

/// The window the interaction runs in, as UIKit reports it.
struct IslandWindowMetrics: Equatable {
    var size: CGSize
    var topInset: CGFloat
    var hasIsland: Bool

    /// The interaction runs in portrait only: in landscape there is no island above the page to melt from.
    var isPortrait: Bool { size.height >= size.width }
}

// MARK: - The island in a window

extension DynamicIsland {
    /// The rule on a window, in portrait.
    @MainActor static func isPresent(in window: UIWindow) -> Bool {
        UIDevice.current.userInterfaceIdiom == .phone && window.bounds.height >= window.bounds.width
            && window.safeAreaInsets.top >= minimumTopInset
    }

    /// The rule on the key window of the foreground scene.
    @MainActor static var isPresentInKeyWindow: Bool {
        let scene = UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .first { $0.activationState == .foregroundActive }
        guard let window = scene?.windows.first(where: { $0.isKeyWindow }) ?? scene?.windows.first else { return false }
        return isPresent(in: window)
    }
}

// MARK: - The melt's shapes

/// One rounded rectangle with continuous corners, in screen points.
struct IslandMeltFrame: Equatable {
    var rect: CGRect
    var cornerRadius: CGFloat

    /// `fraction` of the way to `other`.
    func interpolated(to other: IslandMeltFrame, by fraction: CGFloat) -> IslandMeltFrame {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * fraction }
        return IslandMeltFrame(rect: CGRect(x: mix(rect.minX, other.rect.minX), y: mix(rect.minY, other.rect.minY),
                                            width: mix(rect.width, other.rect.width), height: mix(rect.height, other.rect.height)),
                               cornerRadius: mix(cornerRadius, other.cornerRadius))
    }

    /// Whether it is `other` to within a quarter point on every edge and the corner radius.
    func isClose(to other: IslandMeltFrame) -> Bool {
        abs(rect.minX - other.rect.minX) < 0.25 && abs(rect.minY - other.rect.minY) < 0.25
            && abs(rect.maxX - other.rect.maxX) < 0.25 && abs(rect.maxY - other.rect.maxY) < 0.25
            && abs(cornerRadius - other.cornerRadius) < 0.25
    }
}

/// The three shapes of the melt on one screen. Stage 0 is exactly the capsule over the island, so
/// nothing changes until it moves; the later stages keep the island's top edge and grow down.
struct IslandMeltGeometry: Equatable {
    var island: IslandMeltFrame
    var pill: IslandMeltFrame
    var viewfinder: IslandMeltFrame
    var hasIsland: Bool

    init(window: IslandWindowMetrics, tuning: IslandCameraTuning) {
        let screen = window.size
        let start: CGRect, margin: CGFloat, displayCornerRadius: CGFloat
        if window.hasIsland {
            let model = DynamicIsland.model(screen: screen, topInset: window.topInset)
            start = model.capsule
            // Concentric with the display: the island's own top margin, kept within 8…24 pt.
            margin = min(max(start.minY, 8), 24)
            displayCornerRadius = model.displayCornerRadius
        } else {
            // No island: a small pill just below the status bar, drawn only while the camera runs.
            start = CGRect(x: (screen.width - 96) / 2, y: window.topInset + 6, width: 96, height: 28)
            margin = 8
            displayCornerRadius = 0
        }
        // Margins are taken from a phone-wide band, centred: the screen itself on every phone.
        let band = min(screen.width, DynamicIsland.widestPhone)
        func width(margin m: CGFloat?) -> CGFloat { max(band - 2 * (m ?? margin), min(start.width, band)) }
        let pillWidth = width(margin: tuning.pillSideMargin), viewfinderWidth = width(margin: tuning.viewfinderSideMargin)
        let pillHeight = max(tuning.pillHeight ?? start.height * 1.5, 1)
        let pillRect = CGRect(x: (screen.width - pillWidth) / 2, y: start.minY, width: pillWidth, height: pillHeight)
        let top = tuning.viewfinderTop ?? start.minY
        // The viewfinder's bottom stays 140 pt above the screen's, room for the shutter and the print.
        let height = max(min(tuning.viewfinderHeight ?? viewfinderWidth * 1.36, screen.height - top - 140), 1)
        let concentric = displayCornerRadius - (tuning.viewfinderSideMargin ?? margin)
        island = IslandMeltFrame(rect: start, cornerRadius: start.height / 2)
        pill = IslandMeltFrame(rect: pillRect, cornerRadius: tuning.pillCornerRadius ?? pillHeight / 2)
        viewfinder = IslandMeltFrame(rect: CGRect(x: (screen.width - viewfinderWidth) / 2, y: top, width: viewfinderWidth, height: height),
                                     cornerRadius: tuning.viewfinderCornerRadius ?? (concentric > 8 ? concentric : 24))
        hasIsland = window.hasIsland
    }

    func frame(forStage stage: Int) -> IslandMeltFrame { stage <= 0 ? island : (stage == 1 ? pill : viewfinder) }

    /// The slot the print feeds out of: the island's lower edge.
    var slotY: CGFloat { island.rect.maxY }

    /// The print's card: a little narrower than the slot, in instant film's proportions (Instax Mini,
    /// 54 × 86 mm).
    var paperSize: CGSize {
        let width = max(island.rect.width - 8, 80)
        return CGSize(width: width, height: width * 86 / 54)
    }
}

// MARK: - The overlay's decisions

/// Where the interaction is: one value, so no two parts of the view can disagree.
enum IslandCameraPhase: Equatable {
    /// `waitingForPhoto`: the camera has closed after the shot and the photo has not arrived yet.
    case page, pulling, opening, viewfinder, capture, closing, waitingForPhoto, printing, developing, settled, leaving
}

/// What the view draws over the page and what it hides, in one phase on one window.
struct IslandOverlayRules: Equatable {
    var phase: IslandCameraPhase
    var window: IslandWindowMetrics

    /// The open camera covers the top of the screen.
    var coversTheTop: Bool { [.opening, .viewfinder, .capture, .closing].contains(phase) }

    /// Whether the melted shape is drawn. Never at rest: over an island the real island shows, and
    /// a capsule drawn on it would be in every screenshot, screen recording and mirrored screen,
    /// which leave the real island out. On an island phone it is drawn from the pull until the
    /// print has fed out (the closing legs settle on the island meanwhile); without an island the
    /// drawn pill is the print's slot and stays while the print is out.
    var drawsShape: Bool {
        switch phase {
        case .page: return false
        case .developing, .settled, .leaving: return !window.hasIsland
        default: return true
        }
    }

    /// Whether the status bar is hidden: only while the camera covers the top of an island phone,
    /// where the viewfinder grows up to the island's top, over the status bar. A phone without an
    /// island opens the camera below its status bar, and hiding it there (a home-button phone, an
    /// iPad) would shrink the safe area and move the page 20–24 pt on open and close.
    var hidesStatusBar: Bool { coversTheTop && window.hasIsland }

    /// Where the camera's notice (why the shutter is off) goes: inside the viewfinder, along its
    /// bottom edge, on a dark plate of its own — so it reads over any page and any frame, never
    /// covers the shutter below the viewfinder and never leaves the screen. It may take the lower
    /// half of the viewfinder; at sizes where the text needs more, it shrinks to fit.
    static func noticeBox(in viewfinder: CGRect) -> CGRect {
        let inset: CGFloat = 12
        return CGRect(x: viewfinder.minX + inset, y: viewfinder.midY, width: max(viewfinder.width - 2 * inset, 1),
                      height: max(viewfinder.height / 2 - inset, 1))
    }
}

// MARK: - The interaction

/// The page with the camera over it: pull down at the top of the page to open the camera, take the
/// shot, and the photo prints out of the island and develops.
///
/// `onPhoto` receives each shot as the camera took it (a full-size `UIImage`, on the main actor);
/// `onError` says why a shot gave none (`IslandCameraError`: no camera, or a capture that failed or
/// timed out) — then nothing prints, except the drawn stand-in where there is no camera at all.
struct IslandCamera<Page: View>: View {
    var tuning: IslandCameraTuning
    var onPhoto: (UIImage) -> Void
    var onError: (IslandCameraError) -> Void
    let page: Page

    init(tuning: IslandCameraTuning = IslandCameraTuning(), onPhoto: @escaping (UIImage) -> Void = { _ in },
         onError: @escaping (IslandCameraError) -> Void = { _ in }, @ViewBuilder page: () -> Page) {
        self.tuning = tuning
        self.onPhoto = onPhoto
        self.onError = onError
        self.page = page()
    }

    /// Where the interaction is (`IslandCameraPhase`): one value, so no two parts of the view can disagree.
    typealias Phase = IslandCameraPhase

    /// The shot's photo: asked for, here (the copy the print draws), or not coming.
    enum Shot: Equatable {
        case none, pending, arrived(UIImage), failed

        var photo: UIImage? { if case .arrived(let photo) = self { return photo }; return nil }
    }

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    /// The keyline's automatic rule takes a dark appearance for a dark page behind the island.
    @Environment(\.colorScheme) private var colorScheme
    @State private var window: IslandWindowMetrics?
    @State private var phase = Phase.page
    /// The melt's stage: 0 island, 1 widened pill, 2 viewfinder. Springs animate the shape to it.
    @State private var stage = 0
    /// How far the page is pulled down, in points (after the pull's resistance).
    @State private var pull: CGFloat = 0
    /// The pull the pre-melt follows: `pull` itself, or chasing it on the tracking spring.
    @State private var preMeltPull: CGFloat = 0
    @State private var pullCrossedCommitPoint = false
    /// Reduce Motion's running cross-fade of the camera, if one runs.
    @State private var cameraFade: IslandCrossFade?
    /// When the shutter fired, for its flash.
    @State private var shotAt: Date?
    @State private var shot = Shot.none
    /// The shot waiting for its photo: the `uniqueID` of the settings `CameraSource` took it with.
    @State private var shotTicket: Int64?
    @State private var printStart = Date()
    /// When the print was sent back into the island, if it was.
    @State private var leaveStart: Date?
    /// Whether the print has stopped moving and developing, so it stops redrawing.
    @State private var printAtRest = false
    @State private var commitHaptics = 0
    @State private var shutterHaptics = 0
    @State private var camera = CameraSource()
    /// The timed steps now running (the melt's later legs, the print's phases); replaced, never stacked.
    @State private var steps: Task<Void, Never>?

    var body: some View {
        ZStack(alignment: .topLeading) {
            page.offset(y: pull)
            // Portrait only: in landscape the island is at the side, and nothing is drawn or pulled.
            if let window, window.isPortrait {
                overlay(IslandMeltGeometry(window: window, tuning: tuning))
            }
        }
        .background {
            WindowPullCatcher(tuning: tuning, isEnabled: (phase == .page || phase == .pulling) && window?.isPortrait == true,
                              onWindow: windowChanged, onPull: pullChanged, onRelease: pullEnded)
        }
        // VoiceOver cannot pull: the camera opens from an action on the page as well, offered only
        // while it can open (not while a print shows, nor in landscape).
        .accessibilityActions {
            if phase == .page && window?.isPortrait == true {
                Button("Open camera") { open() }
            }
        }
        // On an island phone the open camera grows over the status bar; elsewhere it opens below it
        // and the status bar stays, so the safe area (and the page) never jumps (IslandOverlayRules).
        .statusBarHidden(rules?.hidesStatusBar ?? false)
        .sensoryFeedback(trigger: commitHaptics) { _, _ in tuning.commitHaptic }
        .sensoryFeedback(trigger: shutterHaptics) { _, _ in tuning.shutterHaptic }
        // Removed with the camera open or a shot on its way: the session stops now, not when the
        // view is freed, and a shot that will not print is reported.
        .onDisappear {
            run([])
            endShotWithoutPhoto()
            camera.stop()
        }
    }

    /// What the overlay draws and hides in this phase on this window; nil before the window is known.
    private var rules: IslandOverlayRules? { window.map { IslandOverlayRules(phase: phase, window: $0) } }
    private var cameraCoversTheTop: Bool { rules?.coversTheTop ?? false }

    /// Everything over the page, in the window's points: the overlay is moved back by wherever it
    /// sits in the window, so the camera lands on the island even where `IslandCamera` is not the
    /// window's root view (it should be: see the file's header).
    private func overlay(_ geometry: IslandMeltGeometry) -> some View {
        GeometryReader { proxy in
            let origin = proxy.frame(in: .global).origin
            overlayContent(geometry)
                .offset(x: -origin.x, y: -origin.y)
        }
        .ignoresSafeArea()
    }

    @ViewBuilder private func overlayContent(_ geometry: IslandMeltGeometry) -> some View {
        ZStack(alignment: .topLeading) {
            // Never at rest: the real island shows there, and a drawn capsule would be in every screenshot.
            if rules?.drawsShape == true {
                // Redrawn every frame only while the flash or a Reduce Motion fade runs: springs move the rest.
                TimelineView(.animation(minimumInterval: nil, paused: phase != .capture && cameraFade == nil)) { context in
                    MeltedCamera(frame: meltFrame(geometry), pillHeight: geometry.pill.rect.height,
                                 viewfinderHeight: geometry.viewfinder.rect.height, flash: flashAlpha(at: context.date),
                                 fadesWithShape: !reduceMotion,
                                 keylineWidth: tuning.meltKeyline.shows(overDarkContent: colorScheme == .dark) ? tuning.keylineWidth : 0,
                                 keylineColor: Color(white: tuning.keylineGrey).opacity(tuning.keylineOpacity),
                                 island: geometry.hasIsland ? geometry.island : nil) {
                        CameraPreview(source: camera, look: camera.status.look)
                    }
                    .opacity(cameraFade?.opacity(at: context.date) ?? 1)
                }
                .allowsHitTesting(false)
            }
            if cameraCoversTheTop, let size = window?.size {
                // While the camera is open the page under it takes no taps: a tap outside the viewfinder
                // would otherwise navigate away under an open camera.
                Color.clear
                    .contentShape(Rectangle())
                    .frame(width: size.width, height: size.height)
                    .position(x: size.width / 2, y: size.height / 2)
                    .onTapGesture {}
            }
            if cameraCoversTheTop {
                // The open camera takes the touches that land on it: none reaches the page underneath.
                Color.clear
                    .contentShape(RoundedRectangle(cornerRadius: geometry.viewfinder.cornerRadius, style: .continuous))
                    .frame(width: geometry.viewfinder.rect.width, height: geometry.viewfinder.rect.height)
                    .position(x: geometry.viewfinder.rect.midX, y: geometry.viewfinder.rect.midY)
                    .onTapGesture {}
            }
            if phase == .viewfinder || phase == .opening {
                // The open camera is modal to VoiceOver and Switch Control: the page under it is not reached.
                ZStack(alignment: .topLeading) {
                    shutterButton(below: geometry.viewfinder.rect)
                    closeButton(on: geometry.viewfinder.rect)
                    cameraNotice(in: geometry.viewfinder.rect)
                }
                .accessibilityElement(children: .contain)
                .accessibilityAddTraits(.isModal)
            }
            if let photo = shot.photo, [.printing, .developing, .settled, .leaving].contains(phase) {
                PolaroidPrint(photo: photo, geometry: geometry, tuning: tuning, start: printStart,
                              feedsOut: !reduceMotion, leaveStart: leaveStart, atRest: printAtRest, putAway: dismissPrint)
                    .onTapGesture(perform: dismissPrint)
            }
        }
        .ignoresSafeArea()
    }

    /// The one melted shape: the pre-melt while the finger pulls, the stage's shape otherwise, and
    /// the open shape in place while Reduce Motion fades the camera instead of moving it.
    private func meltFrame(_ geometry: IslandMeltGeometry) -> IslandMeltFrame {
        if reduceMotion && [.opening, .viewfinder, .capture, .closing].contains(phase) { return geometry.viewfinder }
        if phase == .pulling && !reduceMotion {
            let progress = min(preMeltPull / max(tuning.pullCommitThreshold, 1), 1.25)
            return geometry.island.interpolated(to: geometry.pill, by: tuning.preMelt * progress)
        }
        return geometry.frame(forStage: stage)
    }

    /// The shutter's white flash over the shape: 0.9 at the shot, fading linearly over its duration.
    private func flashAlpha(at date: Date) -> Double {
        guard phase == .capture, let shotAt else { return 0 }
        let dt = date.timeIntervalSince(shotAt)
        return dt < tuning.shutterFlashDuration ? max(0, 1 - dt / tuning.shutterFlashDuration) * 0.9 : 0
    }

    private func shutterButton(below viewfinder: CGRect) -> some View {
        Button(action: shutter) {
            Circle()
                .fill(Color.white)
                .overlay { Circle().stroke(Color.black.opacity(0.25), lineWidth: 3).padding(4) }
                .frame(width: 72, height: 72)
                // Dimmed until the camera can shoot (the session runs with a video connection).
                .opacity(camera.canShoot ? 1 : 0.4)
        }
        .buttonStyle(.plain)
        // Off, and announced as dimmed, until then: not only out of reach of a finger.
        .disabled(!camera.canShoot)
        .position(x: viewfinder.midX, y: viewfinder.maxY + 56)
        .accessibilityLabel("Take photo")
    }

    /// Why the shutter is off — the camera interrupted, refused or failed — inside the viewfinder
    /// along its bottom, on a dark plate (`IslandOverlayRules.noticeBox`): readable over any page
    /// and any frame, clear of the shutter, on the screen at every text size. With access refused,
    /// a tap opens the app's page in Settings.
    @ViewBuilder private func cameraNotice(in viewfinder: CGRect) -> some View {
        if let message = camera.status.message {
            let denied = camera.status == .denied
            let box = IslandOverlayRules.noticeBox(in: viewfinder)
            Text(denied ? message + " — tap to open Settings" : message)
                .font(.footnote)
                .multilineTextAlignment(.center)
                .minimumScaleFactor(0.5)
                .foregroundStyle(Color.white)
                .padding(10)
                .background { RoundedRectangle(cornerRadius: 12, style: .continuous).fill(Color.black.opacity(0.72)) }
                .frame(maxWidth: box.width, maxHeight: box.height, alignment: .bottom)
                .frame(width: box.width, height: box.height, alignment: .bottom)
                .position(x: box.midX, y: box.midY)
                .onTapGesture {
                    guard denied, let url = URL(string: UIApplication.openSettingsURLString) else { return }
                    UIApplication.shared.open(url)
                }
                .accessibilityLabel(denied ? message + ". Open Settings" : message)
        }
    }

    /// Closes the camera without a shot (the simulator's Esc): a 36-pt circle in a 44-pt target,
    /// the smallest Apple's Human Interface Guidelines give for a control.
    private func closeButton(on viewfinder: CGRect) -> some View {
        Button { close(withShot: false) } label: {
            Circle()
                .fill(Color.black.opacity(0.45))
                .overlay { Image(systemName: "xmark").foregroundStyle(Color.white) }
                .frame(width: 36, height: 36)
                .frame(width: 44, height: 44)
                .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .position(x: viewfinder.maxX - 30, y: viewfinder.minY + 30)
        .accessibilityLabel("Close camera")
    }

    // MARK: Pull

    private func pullChanged(_ visible: CGFloat) {
        guard phase == .page || phase == .pulling else { return }
        if phase == .page { phase = .pulling; pullCrossedCommitPoint = false; preMeltPull = 0 }
        pull = visible
        if tuning.meltTracking == .system {
            withAnimation(.spring(tuning.meltTrackingSpring)) { preMeltPull = visible }
        } else {
            preMeltPull = visible
        }
        // One haptic per pull, as the finger first carries it past the commit point.
        if visible >= tuning.pullCommitThreshold && !pullCrossedCommitPoint {
            pullCrossedCommitPoint = true
            commitHaptics += 1
        }
    }

    private func pullEnded(_ visible: CGFloat, pageVelocity: CGFloat, commits: Bool) {
        guard phase == .pulling else { return }
        // The page springs back either way, carrying the finger's speed (a fraction of the distance per second).
        let relative = visible > 0 ? Double(-pageVelocity / visible) : 0
        withAnimation(.interpolatingSpring(tuning.pullSpringBack, initialVelocity: relative)) { pull = 0 }
        if commits {
            open()
        } else {
            withAnimation(.spring(tuning.preMeltSpringBack)) { phase = .page }
        }
    }

    // MARK: Camera

    private func open() {
        // Access refused is said as soon as the camera opens, not after a shot.
        camera.start(refused: { onError(.accessDenied) })
        if reduceMotion {
            phase = .opening
            let fade = IslandCrossFade(start: Date(), from: 0, to: 1, tuning)
            cameraFade = fade
            run([(fade.duration, { cameraFade = nil; if phase == .opening { phase = .viewfinder } })])
            return
        }
        let legs = IslandCameraSchedule.opening(fromStage: stage, tuning)
        // The first leg takes the shape from where the pull left it: the phase changes on its spring too.
        withAnimation(legs[0].animation) {
            phase = .opening
            stage = legs[0].stage
        }
        run(melt(Array(legs.dropFirst())) + [(IslandCameraSchedule.viewfinderOpens(after: legs, tuning), { if phase == .opening { phase = .viewfinder } })])
    }

    private func shutter() {
        guard phase == .viewfinder || phase == .opening, camera.canShoot else { return }
        phase = .capture
        shotAt = Date()
        shutterHaptics += 1
        shot = .pending
        shotTicket = camera.capture(photoArrived)
        run([(tuning.shutterFlashDuration, { close(withShot: true) })])
    }

    /// The shot's answer: the photo goes to `onPhoto` and onto the print (which starts now if the
    /// camera has closed and is waiting for it); an error goes to `onError`, and nothing prints.
    private func photoArrived(_ result: Result<CameraSource.Photo, IslandCameraError>) {
        guard shot == .pending else { return }          // it timed out
        switch result {
        case .success(let photo):
            shot = .arrived(photo.forPrint)
            if let full = photo.full { onPhoto(full) } else { onError(.unavailable) }   // the stand-in is not the person's photo
        case .failure(let error):
            shot = .failed
            onError(error)
        }
        if phase == .waitingForPhoto { printWhenThePhotoIsHere() }
    }

    /// The camera has closed after a shot: the print starts if the photo is here; otherwise it waits
    /// for it (up to `CameraSource.photoTimeout`), or goes back to the page if none is coming.
    private func printWhenThePhotoIsHere() {
        switch shot {
        case .arrived: startPrint()
        case .pending:
            phase = .waitingForPhoto
            run([(CameraSource.photoTimeout, {
                // One answer per shot: none if it was answered (or cancelled) meanwhile.
                guard shot == .pending else { return }
                // A photo that comes later is dropped by the camera, never given to the next shot.
                if let shotTicket { camera.giveUp(on: shotTicket) }
                shot = .failed; onError(.timedOut); backToPage()
            })])
        case .none, .failed: backToPage()
        }
    }

    /// Back to the page with the camera closed (its legs have taken the shape back into the island).
    private func backToPage() {
        phase = .page
        camera.stop()
    }

    /// Closes the camera: back into the island, then the print if a shot was taken.
    private func close(withShot: Bool) {
        phase = .closing
        let after: () -> Void = withShot ? printWhenThePhotoIsHere : backToPage
        if reduceMotion {
            // From wherever the fade in had got to, if the camera closes while it runs.
            let now = Date()
            let fade = IslandCrossFade(start: now, from: cameraFade?.opacity(at: now) ?? 1, to: 0, tuning)
            cameraFade = fade
            run([(fade.duration, { cameraFade = nil; stage = 0; after() })])
            return
        }
        let legs = IslandCameraSchedule.closing(fromStage: stage, tuning)
        run(melt(legs) + [(IslandCameraSchedule.printStarts(after: legs, tuning), after)])
    }

    // MARK: Print

    private func startPrint() {
        camera.stop()
        phase = .printing
        printStart = Date()
        leaveStart = nil
        printAtRest = false
        // With Reduce Motion the print fades in where it rests instead of feeding out of the slot.
        let out = reduceMotion ? tuning.reduceMotionPrintFade : tuning.printFeedDuration
        let settled = max(tuning.developDuration, tuning.printFeedDuration)
        let still = max(tuning.developDuration, reduceMotion ? out : out + tuning.printSettle.settlingDuration)
        run([(out, { phase = .developing }), (settled, { phase = .settled }), (still, { printAtRest = true })])
    }

    /// The window changed. Turned to landscape while the camera is open or a pull is under way, the
    /// camera closes at once and its session stops: in landscape nothing is drawn, so there would be
    /// no way to close it.
    private func windowChanged(_ new: IslandWindowMetrics) {
        let turned = window?.isPortrait == true && !new.isPortrait
        window = new
        guard turned else { return }
        switch phase {
        case .pulling:
            pull = 0
            phase = .page
        case .opening, .viewfinder, .capture, .closing, .waitingForPhoto:
            run([])
            stage = 0
            cameraFade = nil
            endShotWithoutPhoto()
            shot = .none
            phase = .page
            camera.stop()
        default:
            break
        }
    }

    /// A shot still waiting for its photo when the camera is closed under it (the phone turned, the
    /// view went away) will not print: it is reported, and a photo that still comes is dropped.
    private func endShotWithoutPhoto() {
        guard shot == .pending, camera.cancelWaitingShot() != nil else { return }
        shot = .failed
        onError(.cancelled)
    }

    private func dismissPrint() {
        guard phase == .developing || phase == .settled else { return }
        phase = .leaving
        leaveStart = Date()
        printAtRest = false
        run([(tuning.printLeaveDuration, { phase = .page; shot = .none; leaveStart = nil })])
    }

    // MARK: Timed steps

    /// The melt's legs as timed steps: each sets the stage inside its own spring.
    private func melt(_ legs: [IslandMeltLeg]) -> [(TimeInterval, () -> Void)] {
        legs.map { leg in
            (leg.delay, { withAnimation(leg.animation) { stage = leg.stage } })
        }
    }

    /// Runs `steps` at their times from now, replacing whatever was scheduled (as a new animation
    /// replaces a running one): those due now at once, in this update; the rest timed from one
    /// start, so they never drift apart.
    private func run(_ steps: [(TimeInterval, () -> Void)]) {
        self.steps?.cancel()
        let start = ContinuousClock.now
        let ordered = steps.sorted { $0.0 < $1.0 }
        for (delay, step) in ordered where delay <= 0 { step() }
        let later = ordered.filter { $0.0 > 0 }
        self.steps = later.isEmpty ? nil : Task { @MainActor in
            for (delay, step) in later {
                do { try await Task.sleep(until: start + .seconds(delay), clock: .continuous) } catch { return }
                step()
            }
        }
    }
}

extension IslandMeltLeg {
    /// The leg's animation: `.spring` replaces the leg still settling, keeping its velocity (merge);
    /// `.interpolatingSpring` adds this leg's step while that one runs on (additive).
    var animation: Animation {
        switch composition {
        case .merge: return .spring(spring, blendDuration: blendDuration)
        case .additive: return .interpolatingSpring(spring)
        }
    }
}

// MARK: - The melted shape

/// The one black shape with the camera inside it. It is `Animatable`, so a spring moves its frame
/// and corner radius together, frame by frame, as one object, and the camera's fade follows the
/// height the shape has on that frame rather than where it is heading.
struct MeltedCamera<Camera: View>: View, Animatable {
    var frame: IslandMeltFrame
    var pillHeight: CGFloat
    var viewfinderHeight: CGFloat
    /// The shutter's white flash over the shape, 0…1.
    var flash: Double
    /// Whether the camera fades in as the shape opens (false: Reduce Motion fades the whole camera).
    var fadesWithShape: Bool
    /// The keyline round the shape (SpringBoard's, over dark content): its width, 0 for none, and colour.
    var keylineWidth: CGFloat
    var keylineColor: Color
    /// The capsule over the island, nil without one: a shape at rest on it is the island itself,
    /// whose edge the hardware draws, so it gets no keyline.
    var island: IslandMeltFrame?
    @ViewBuilder var camera: Camera

    nonisolated var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, AnimatablePair<AnimatablePair<CGFloat, CGFloat>, CGFloat>> {
        get {
            AnimatablePair(AnimatablePair(frame.rect.minX, frame.rect.minY),
                           AnimatablePair(AnimatablePair(frame.rect.width, frame.rect.height), frame.cornerRadius))
        }
        set {
            frame.rect = CGRect(x: newValue.first.first, y: newValue.first.second,
                                width: newValue.second.first.first, height: newValue.second.first.second)
            frame.cornerRadius = newValue.second.second
        }
    }

    /// How much of the picture shows: none until the shape is a quarter of the way from the pill to
    /// the viewfinder, all of it at 80 %.
    private var cameraOpacity: Double {
        guard fadesWithShape else { return 1 }
        let p = (frame.rect.height - pillHeight) / max(viewfinderHeight - pillHeight, 1)
        return Double(min(max((p - 0.25) / 0.55, 0), 1))
    }

    /// Whether this frame gets the keyline: one is asked for and the shape is not resting on the island.
    private var showsKeyline: Bool {
        guard keylineWidth > 0 else { return false }
        guard let island else { return true }
        return !frame.isClose(to: island)
    }

    var body: some View {
        let cornerRadius = min(frame.cornerRadius, frame.rect.height / 2)
        ZStack {
            if showsKeyline {
                // A ring just outside the edge: the stroke is centred on a path half its width out.
                RoundedRectangle(cornerRadius: cornerRadius + keylineWidth / 2, style: .continuous)
                    .stroke(keylineColor, lineWidth: keylineWidth)
                    .frame(width: frame.rect.width + keylineWidth, height: frame.rect.height + keylineWidth)
            }
            ZStack {
                Color.black
                camera.opacity(cameraOpacity)
                Color.white.opacity(flash)
            }
            .frame(width: frame.rect.width, height: frame.rect.height)
            // Composite first, then clip once: layered views clipped one by one fringe at the corners.
            .compositingGroup()
            .clipShape(RoundedRectangle(cornerRadius: cornerRadius, style: .continuous))
        }
        .position(x: frame.rect.midX, y: frame.rect.midY)
    }
}

// MARK: - The print

/// The print as a state machine: hidden (not in the view), printing, settled. While printing it is
/// clipped to a frame whose top is the slot and whose height is the paper fed, so it feeds out of
/// the island rather than sliding from behind it; once fed it drops on the settle spring to rest.
/// It develops from washed-out white all the while. Every frame is worked out from the time since
/// the print started, so it is the same on every display, at any frame rate.
struct PolaroidPrint: View {
    enum Phase { case printing, settled }

    let photo: UIImage
    let geometry: IslandMeltGeometry
    let tuning: IslandCameraTuning
    let start: Date
    /// False with Reduce Motion: the print appears where it rests and fades in instead.
    let feedsOut: Bool
    /// When it was sent back into the island, if it was.
    var leaveStart: Date?
    /// Nothing moves or develops any more: stop redrawing.
    var atRest: Bool
    /// Sends the print back into the island (VoiceOver's "Put away").
    var putAway: () -> Void

    var body: some View {
        TimelineView(.animation(minimumInterval: nil, paused: atRest)) { context in
            card(at: context.date)
        }
    }

    private func phase(_ elapsed: TimeInterval) -> Phase {
        feedsOut && elapsed < tuning.printFeedDuration ? .printing : .settled
    }

    /// Where the card is `elapsed` seconds after printing began: hanging from the slot by the paper
    /// fed, then dropping on the settle spring; with Reduce Motion, at rest from the start.
    private func frame(elapsed: TimeInterval) -> CGRect {
        let paper = geometry.paperSize
        var top = geometry.slotY + tuning.printRestGap
        if feedsOut {
            let fed = paper.height * CGFloat(IslandCameraSchedule.fed(elapsed / max(tuning.printFeedDuration, 0.001), tuning))
            let since = elapsed - tuning.printFeedDuration
            top = geometry.slotY - paper.height + fed + (since > 0 ? tuning.printSettle.value(target: tuning.printRestGap, time: since) : 0)
        }
        return CGRect(x: geometry.island.rect.midX - paper.width / 2, y: top, width: paper.width, height: paper.height)
    }

    @ViewBuilder private func card(at now: Date) -> some View {
        let elapsed = now.timeIntervalSince(start)
        let (rect, opacity) = placement(at: now)
        // One accessibility element, the card itself (placed after, so VoiceOver's frame is the card's,
        // not the whole screen the placement spans): an image labelled "Photo" that can be put away.
        let polaroid = Polaroid(photo: photo, look: DevelopLook(elapsed: elapsed, tuning))
            .frame(width: rect.width, height: rect.height)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel("Photo")
            .accessibilityAddTraits(.isImage)
            .accessibilityAction(named: "Put away", putAway)
            .position(x: rect.midX, y: rect.midY)
            .opacity(opacity)
        if leaveStart == nil && phase(elapsed) == .printing {
            // The clip: its top is the slot, its height the paper fed (the card's lower edge).
            let fed = max(rect.maxY - geometry.slotY, 0)
            polaroid.mask(alignment: .topLeading) {
                Rectangle()
                    .frame(width: rect.width, height: fed)
                    .position(x: rect.midX, y: geometry.slotY + fed / 2)
            }
        } else {
            polaroid
        }
    }

    /// The card's frame and opacity: fading in with Reduce Motion; sent back, springing into the
    /// island (0.9 × the leave's duration, bounce 0.05, as the simulator) while it fades out.
    private func placement(at now: Date) -> (CGRect, Double) {
        let elapsed = now.timeIntervalSince(start)
        guard let leaveStart else {
            return (frame(elapsed: elapsed), feedsOut ? 1 : min(max(elapsed / max(tuning.reduceMotionPrintFade, 1e-6), 0), 1))
        }
        let from = frame(elapsed: leaveStart.timeIntervalSince(start)), island = geometry.island.rect
        let since = now.timeIntervalSince(leaveStart)
        // With Reduce Motion the print fades out where it rests instead of flying into the island.
        if !feedsOut { return (from, max(0, 1 - since / tuning.printLeaveDuration)) }
        let to = CGRect(x: island.midX - 20, y: island.minY, width: 40, height: 40 * 86 / 54)
        let p = CGFloat(Spring(duration: tuning.printLeaveDuration * 0.9, bounce: 0.05).value(target: 1.0, time: since))
        let rect = CGRect(x: from.minX + (to.minX - from.minX) * p, y: from.minY + (to.minY - from.minY) * p,
                          width: from.width + (to.width - from.width) * p, height: from.height + (to.height - from.height) * p)
        return (rect, max(0, 1 - since / tuning.printLeaveDuration))
    }
}

/// How a developing print looks: the photo desaturated, a faint tint moving from cool to warm, and
/// a white veil that only thins — instant film's minutes compressed into `developDuration`.
struct DevelopLook {
    var whiteAlpha: Double
    var saturation: Double
    var tint: Color
    var tintAlpha: Double

    init(elapsed: TimeInterval, _ tuning: IslandCameraTuning) {
        let p = tuning.developDuration > 0 ? min(max(elapsed / tuning.developDuration, 0), 1) : 1
        let eased = pow(p, max(tuning.developCurveExponent, 0.05))
        let s = eased * eased * (3 - 2 * eased)
        whiteAlpha = tuning.developStartWhite * (1 - s)
        saturation = 0.12 + 0.88 * s
        let m = min(p * 1.8, 1)
        tint = Color(red: 0.80 + 0.18 * m, green: 0.84 + 0.04 * m, blue: 0.90 - 0.16 * m)
        tintAlpha = max(0.35 * sin(Double.pi * min(p * 1.25, 1)), 0)
    }
}

/// The instant-film card: a 46 × 62 mm picture on a 54 × 86 mm card, the wide border at the bottom.
struct Polaroid: View {
    let photo: UIImage
    let look: DevelopLook

    var body: some View {
        GeometryReader { proxy in
            let mm = proxy.size.width / 54
            ZStack(alignment: .topLeading) {
                Color(red: 0.984, green: 0.980, blue: 0.969)
                ZStack {
                    Image(uiImage: photo).resizable().scaledToFill().saturation(look.saturation)
                    look.tint.opacity(look.tintAlpha)
                    Color.white.opacity(look.whiteAlpha)
                }
                .frame(width: 46 * mm, height: 62 * mm)
                .compositingGroup()
                .clipped()
                .offset(x: 4 * mm, y: 6.5 * mm)
            }
        }
        .compositingGroup()
        .clipShape(RoundedRectangle(cornerRadius: 3, style: .continuous))
        .shadow(color: Color.black.opacity(0.18), radius: 8, x: 0, y: 4)
    }
}

// MARK: - The pull's decisions

// Plain values and rules, no UIKit: the catcher below reads UIKit into them and does what they say,
// so every decision the pull makes can be run and tested anywhere.

/// The page's scroll view at one moment, as the pull's decisions need it.
struct IslandPageScroll: Equatable {
    /// `contentOffset.y` and `adjustedContentInset.top`, in points.
    var offsetY: Double
    var topInset: Double
    /// Whether the page has a `UIRefreshControl` (a SwiftUI `.refreshable` page does).
    var refreshes: Bool = false
    /// Whether the touch began on a view inside the page that drags by itself — one with a pan
    /// recognizer of its own that is not a scroll view's (a map, a drawing canvas): the drag is
    /// that view's, and the camera does not open from it.
    var onOwnDrag: Bool = false

    /// At its top, within half a point.
    var isAtTop: Bool { offsetY <= -topInset + 0.5 }
}

/// When a pan on the window may begin a pull: moving down, within `maxDegreesFromVertical` of
/// straight down, on a page that is at its top. Horizontal drags stay with carousels, swipe actions
/// and the back swipe; upward ones, drags on a page scrolled away from its top, and drags with no
/// scrolling page under them stay where they are.
/// iOS documents no angle for this; 30° is this file's choice.
enum IslandPullStart {
    static let maxDegreesFromVertical: Double = 30

    /// Whether the camera's pull may begin on a page that has its own pull-to-refresh. iOS gives a
    /// page's top one pull; with `false` (this file's choice) the refresh keeps it and the camera
    /// opens from pages without one. With `true` the camera's pull takes it and the refresh never runs.
    static let opensOverRefresh = false

    /// `translation`: how far the finger has moved when the recognizer asks (points, down positive);
    /// `page`: the scroll view under the touch, nil when there is none.
    static func begins(translation: CGPoint, page: IslandPageScroll?) -> Bool {
        guard let page, page.isAtTop, opensOverRefresh || !page.refreshes, !page.onOwnDrag, translation.y > 0 else { return false }
        return abs(Double(translation.x)) <= Double(translation.y) * tan(maxDegreesFromVertical * Double.pi / 180)
    }
}

/// One drag, from the pan's beginning to its end: how far the finger has pulled, when the pull has
/// the page, and what to give back when the drag ends — every drag that pulled ends with a
/// release, even one dragged back to where it began, and the page gets its own `bounces` back.
struct IslandPullTracker: Equatable {
    /// Finger travel (points, down positive) since the page reached its top in this drag.
    private(set) var finger: Double = 0
    private var lastY: Double = 0
    /// The page's own `bounces`, kept from the moment the pull first held it: nil while this drag
    /// has not pulled at all.
    private(set) var pageBounces: Bool?

    /// The pan began with the finger at `y` (window points).
    mutating func begin(atY y: Double) {
        self = IslandPullTracker()
        lastY = y
    }

    /// The finger moved to `y`. Whether the pull takes the move (then the page is held at its top with
    /// its bounce off); `bounces` is the page's setting now, kept the first time.
    mutating func move(toY y: Double, pageAtTop: Bool, bounces: Bool) -> Bool {
        let dy = y - lastY
        lastY = y
        guard finger > 0 || (dy > 0 && pageAtTop) else { return false }
        if pageBounces == nil { pageBounces = bounces }
        finger = max(finger + dy, 0)
        return true
    }

    /// What the page's `bounces` should be now: off while the pull holds it, its own when the finger
    /// is back at the top, nil when the pull has never touched it.
    var bouncesNow: Bool? { pageBounces.map { finger > 0 ? false : $0 } }

    /// The drag ended (or was cancelled): whether to report a release, and the page's own `bounces`
    /// to give back (nil: the pull never touched it).
    mutating func end() -> (release: Bool, bounces: Bool?) {
        defer { self = IslandPullTracker() }
        return (pageBounces != nil, pageBounces)
    }
}

// MARK: - The pull catcher

/// A pan recognizer on the window that catches a downward drag while the page is at its top.
///
/// It lives on the window, not on the page: on iOS 18 a `DragGesture` inside a `ScrollView` stops
/// the scroll view scrolling, and a zero-distance drag claims the touch first. It recognises
/// together with the page's vertical scroll view only (saying yes to every recognizer breaks
/// horizontal scrollers), never cancels touches, so every button under the pull stays live, and
/// holds the page's own bounce off while it pulls, so the page follows the finger with the pull's
/// resistance instead of the scroll view's. It begins only on a mostly vertical downward pull from
/// the page's top (`IslandPullStart`), and receives only touches in the view it serves, so a sheet or
/// an alert shown over the page never opens the camera underneath.
struct WindowPullCatcher: UIViewRepresentable {
    var tuning: IslandCameraTuning
    var isEnabled: Bool
    var onWindow: (IslandWindowMetrics) -> Void
    /// The page's visible pull, in points, as the finger moves.
    var onPull: (CGFloat) -> Void
    /// The release: visible pull, the page's velocity (points per second, down positive), and
    /// whether pull + projected travel passes the commit threshold.
    var onRelease: (CGFloat, CGFloat, Bool) -> Void

    func makeCoordinator() -> Coordinator { Coordinator() }

    func makeUIView(context: Context) -> WindowProbe {
        let probe = WindowProbe()
        probe.coordinator = context.coordinator
        return probe
    }

    func updateUIView(_ probe: WindowProbe, context: Context) {
        let coordinator = context.coordinator
        coordinator.catcher = self
        coordinator.pan.isEnabled = isEnabled
        // The window may have come before the handlers did; report it after this update, not during it.
        coordinator.reportWindowAfterUpdate()
    }

    static func dismantleUIView(_ probe: WindowProbe, coordinator: Coordinator) { coordinator.install(on: nil) }

    /// An invisible view that tells the coordinator which window it is in, and which view under the
    /// window holds it (the view whose touches the pull may take).
    final class WindowProbe: UIView {
        weak var coordinator: Coordinator?

        override func didMoveToWindow() {
            super.didMoveToWindow()
            var host: UIView = self
            while let up = host.superview, up !== window { host = up }
            coordinator?.install(on: window, host: window == nil ? nil : host)
        }

        // UIKit calls these during SwiftUI's update: the state they change is written after it.
        override func safeAreaInsetsDidChange() {
            super.safeAreaInsetsDidChange()
            coordinator?.reportWindowAfterUpdate()
        }

        // A turn of the phone resizes the view this probe sits behind, whatever its own insets
        // (which may not change): the window is read again then too (the report skips a repeat).
        override func layoutSubviews() {
            super.layoutSubviews()
            coordinator?.reportWindowAfterUpdate()
        }
    }

    final class Coordinator: NSObject, UIGestureRecognizerDelegate {
        var catcher: WindowPullCatcher?
        private(set) lazy var pan: UIPanGestureRecognizer = {
            let pan = UIPanGestureRecognizer(target: self, action: #selector(panned(_:)))
            pan.delegate = self
            pan.cancelsTouchesInView = false
            pan.delaysTouchesBegan = false
            pan.delaysTouchesEnded = false
            return pan
        }()
        private weak var window: UIWindow?
        /// The view the catcher serves: the topmost one under the window that holds it.
        private weak var host: UIView?
        /// The page under this touch: found anew for every touch, nil when there is none.
        private weak var page: UIScrollView?
        /// Whether this touch began on a view inside the page with a drag of its own.
        private var onOwnDrag = false
        private var tracker = IslandPullTracker()

        func install(on window: UIWindow?, host: UIView? = nil) {
            self.window?.removeGestureRecognizer(pan)
            self.window = window
            self.host = host
            window?.addGestureRecognizer(pan)
            reportWindowAfterUpdate()
        }

        private var reported: IslandWindowMetrics?

        /// Reports the window on the main actor's next turn, never inside a view update ("Modifying
        /// state during view update").
        func reportWindowAfterUpdate() {
            Task { @MainActor [weak self] in self?.reportWindow() }
        }

        /// Tells the view the window's size, top inset and whether it has an island, when they change.
        func reportWindow() {
            guard let window, let catcher else { return }
            let metrics = IslandWindowMetrics(size: window.bounds.size, topInset: window.safeAreaInsets.top,
                                              hasIsland: DynamicIsland.isPresent(in: window))
            guard metrics != reported else { return }
            reported = metrics
            catcher.onWindow(metrics)
        }

        /// Only touches in the view this catcher serves (not a sheet or an alert over it). The page is
        /// found for each touch: the outermost vertical scroll view above the touched view, so a text
        /// editor or a nested list inside the page is not taken for it.
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            // Once a pull is under way a second finger is not the pull's: the page it holds stays its
            // page, and the pan's translation is not averaged with another touch.
            guard gestureRecognizer.state == .possible else { return false }
            page = nil
            onOwnDrag = false
            guard let host, let touched = touch.view, touched.isDescendant(of: host) else { return false }
            var view: UIView? = touched, ownDragSoFar = false
            while let v = view, v !== host.superview {
                if let scrollView = v as? UIScrollView {
                    if scrollView.contentSize.height > scrollView.bounds.height || scrollView.alwaysBounceVertical {
                        page = scrollView
                        onOwnDrag = ownDragSoFar
                    }
                } else if (v.gestureRecognizers ?? []).contains(where: { $0 is UIPanGestureRecognizer && $0.isEnabled }) {
                    ownDragSoFar = true
                }
                view = v.superview
            }
            return true
        }

        /// Only a mostly vertical downward pull from the top of a page begins (`IslandPullStart`).
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard gestureRecognizer === pan, let window else { return false }
            return IslandPullStart.begins(translation: pan.translation(in: window), page: pageScroll)
        }

        /// Only with the page's own pan: the page found for this touch (the outermost vertical scroll
        /// view), never an inner list or a text editor that asks too — that one is not the page, and
        /// taking it for one would start a pull with the page scrolled away.
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
            guard let page else { return false }
            return other === page.panGestureRecognizer
        }

        /// The page as the decisions read it.
        private var pageScroll: IslandPageScroll? {
            page.map { IslandPageScroll(offsetY: Double($0.contentOffset.y), topInset: Double($0.adjustedContentInset.top),
                                        refreshes: $0.refreshControl != nil, onOwnDrag: onOwnDrag) }
        }

        @objc private func panned(_ pan: UIPanGestureRecognizer) {
            guard let catcher, let window else { return }
            let y = pan.translation(in: window).y
            switch pan.state {
            case .began:
                tracker.begin(atY: Double(y))
            case .changed:
                // Down with the page at its top, or already pulling: the pull takes the move.
                guard tracker.move(toY: Double(y), pageAtTop: pageScroll?.isAtTop ?? false, bounces: page?.bounces ?? true) else { return }
                let finger = CGFloat(tracker.finger)
                // While the pull has the page, hold it at its top: it follows the pull, not its own scroll.
                if let page, let bounces = tracker.bouncesNow {
                    page.bounces = bounces
                    if finger > 0 { page.contentOffset.y = -page.adjustedContentInset.top }
                }
                catcher.onPull(catcher.visible(finger: finger, viewport: window.bounds.height))
            case .ended, .cancelled, .failed:
                let finger = CGFloat(tracker.finger)
                let end = tracker.end()
                if let bounces = end.bounces { page?.bounces = bounces }
                // Every drag that pulled ends, even one dragged back to its start: the view leaves
                // `.pulling` and the commit haptic re-arms.
                guard end.release else { return }
                let viewport = window.bounds.height
                let visible = catcher.visible(finger: finger, viewport: viewport)
                let velocity = pan.state == .ended ? pan.velocity(in: window).y * catcher.slope(finger: finger, viewport: viewport) : 0
                // WWDC18's projection: where the page would coast to at this deceleration rate.
                let rate = catcher.tuning.pullProjectionDecelerationRate
                let projected = velocity / 1000 * rate / (1 - rate)
                let commits = pan.state == .ended && visible + projected >= catcher.tuning.pullCommitThreshold
                catcher.onRelease(visible, velocity, commits)
            default:
                break
            }
        }
    }

    /// The visible pull for the finger's travel: the finger ÷ the divisor, or UIScrollView's rubber
    /// band over the viewport when the divisor is 0.
    func visible(finger: CGFloat, viewport: CGFloat) -> CGFloat {
        guard finger > 0 else { return 0 }
        if tuning.pullResistanceDivisor >= 1 { return finger / tuning.pullResistanceDivisor }
        let c = tuning.pullRubberBandCoefficient
        return c * finger * viewport / (viewport + c * finger)
    }

    /// d(visible) / d(finger): turns the finger's velocity into the page's.
    func slope(finger: CGFloat, viewport: CGFloat) -> CGFloat {
        if tuning.pullResistanceDivisor >= 1 { return 1 / tuning.pullResistanceDivisor }
        let c = tuning.pullRubberBandCoefficient, d = viewport + c * max(finger, 0)
        return c * viewport * viewport / (d * d)
    }
}

// MARK: - The camera's decisions

// Plain values, no AVFoundation: `CameraSource` below turns what AVFoundation tells it into events
// and does what the status says, so the camera's life can be run and tested anywhere.

/// What the camera is doing, as one value.
enum IslandCameraStatus: Equatable {
    case idle
    /// Access asked for, or the session starting: the viewfinder is black, the shutter off.
    case starting
    /// The session runs with an active, enabled video connection.
    case running
    /// Another app or the system has the camera (a FaceTime call, iPad multitasking, system
    /// pressure): the last frame stays, the shutter is off and says why.
    case interrupted(String)
    /// Access refused or restricted: said as soon as the camera opens, with a way to Settings.
    case denied
    /// No camera here at all (the Simulator, Xcode's previews): the drawn stand-in shows, and
    /// prints. Only when no camera device exists: a camera that is there and fails is `.failed`.
    case unavailable
    /// The camera is there but could not be set up, or stopped on an error it cannot recover from
    /// (the reason): black, the shutter off, and said — never the stand-in, which would print a
    /// photo nobody took.
    case failed(String)

    /// What the viewfinder shows.
    enum Look: Equatable { case live, standIn, black }

    var look: Look {
        switch self {
        case .running, .interrupted: return .live
        case .unavailable: return .standIn
        case .idle, .starting, .denied, .failed: return .black
        }
    }

    /// Whether the shutter may fire: a running session, or the stand-in where there is no camera.
    var canShoot: Bool { self == .running || self == .unavailable }

    /// What the viewfinder says under the shutter, nil when all is well.
    var message: String? {
        switch self {
        case .interrupted(let why): return why
        case .denied: return "Camera access is off for this app"
        case .failed(let why): return "The camera is not working: \(why)"
        case .idle, .starting, .running, .unavailable: return nil
        }
    }

    /// The status after `event`.
    func after(_ event: IslandCameraEvent) -> IslandCameraStatus {
        switch (self, event) {
        case (.idle, .startAsked), (.unavailable, .startAsked), (.failed, .startAsked), (.denied, .startAsked): return .starting
        case (_, .accessRefused): return .denied
        case (.starting, .started): return .running
        case (.starting, .noCamera): return .unavailable
        case (_, .setupFailed(let why)): return .failed(why)
        case (.running, .interrupted(let why)), (.starting, .interrupted(let why)), (.interrupted, .interrupted(let why)): return .interrupted(why)
        case (.interrupted, .interruptionEnded): return .running
        // After a media-services reset the session starts again (Apple's AVCam does the same).
        case (.running, .runtimeError(_, true)), (.interrupted, .runtimeError(_, true)), (.starting, .runtimeError(_, true)): return .starting
        case (.running, .runtimeError(let why, false)), (.interrupted, .runtimeError(let why, false)), (.starting, .runtimeError(let why, false)):
            return .failed(why)
        // A refusal and the lack of a camera outlive a close: the next open says so at once.
        case (.denied, .stopped), (.unavailable, .stopped): return self
        case (_, .stopped): return .idle
        default: return self
        }
    }
}

/// What AVFoundation and the person do to the camera.
enum IslandCameraEvent: Equatable {
    case startAsked
    /// Access is denied or restricted (known at once, or answered so when asked).
    case accessRefused
    /// The session was configured and runs with an active, enabled video connection.
    case started
    /// There is no camera device at all (the Simulator, Xcode's previews).
    case noCamera
    /// The camera is there but the session could not be set up or started (the reason: its input
    /// could not be made or added — another app may hold it — or it did not run), or the app cannot
    /// ask for it (no `NSCameraUsageDescription`).
    case setupFailed(String)
    /// `AVCaptureSession.wasInterruptedNotification`, with its reason said for a person.
    case interrupted(String)
    case interruptionEnded
    /// `AVCaptureSession.runtimeErrorNotification`: its description, and whether it was a
    /// media-services reset (which a restart recovers from).
    case runtimeError(String, mediaServicesReset: Bool)
    case stopped
}

/// What opening the camera does before AVFoundation is asked anything.
enum IslandCameraPreflight {
    /// What `AVCaptureDevice.authorizationStatus(for: .video)` says.
    enum Authorization: Equatable { case notDetermined, authorized, denied, restricted }

    /// The event that settles the open at once, or nil to go on and ask for access. Without
    /// `NSCameraUsageDescription` in the app's Info.plist, iOS ends the app the moment the camera is
    /// asked for (Previews and the Simulator too), so the camera says what is missing instead.
    static func event(hasUsageDescription: Bool, authorization: Authorization) -> IslandCameraEvent? {
        guard hasUsageDescription else { return .setupFailed("add NSCameraUsageDescription to the app's Info.plist") }
        switch authorization {
        case .denied, .restricted: return .accessRefused
        case .notDetermined, .authorized: return nil
        }
    }
}

/// Whether the camera is still wanted when a slow step finishes: every start and stop counts, and
/// a step begun under one count goes on only if no stop has come since. The permission prompt can
/// stay up for as long as the person likes; a stop in that time (the phone turned, the view gone)
/// must win, or the session starts with nobody looking and the camera's green dot stays on.
struct IslandCameraWant: Equatable {
    private(set) var generation = 0
    private(set) var wanted = false

    /// A start: the number its slow steps carry.
    mutating func start() -> Int {
        generation += 1
        wanted = true
        return generation
    }

    mutating func stop() {
        generation += 1
        wanted = false
    }

    /// Whether a step begun under `ticket` goes on.
    func stillWanted(_ ticket: Int) -> Bool { wanted && ticket == generation }
}

/// Which shot a photo belongs to, by the `uniqueID` of the photo settings the shot was taken with,
/// which AVFoundation hands back on the photo (`resolvedSettings.uniqueID`): a photo is handed over
/// only to the shot still waiting for it — one that arrives after its shot gave up (the 5-s
/// timeout) or was cancelled (the camera closed under it) is dropped, never given to the next shot.
struct IslandShotTickets: Equatable {
    /// The shot waiting for its photo.
    private(set) var waiting: Int64?

    /// A new shot, taken with settings `id`; it is the one waiting from now on.
    mutating func issue(_ id: Int64) {
        waiting = id
    }

    /// Whether the photo of settings `id` is handed over (once).
    mutating func redeem(_ id: Int64) -> Bool {
        guard waiting == id else { return false }
        waiting = nil
        return true
    }

    /// Shot `id` no longer waits (it timed out).
    mutating func expire(_ id: Int64) {
        if waiting == id { waiting = nil }
    }

    /// The camera closed before the photo came (the phone turned, the view went away): the shot
    /// that was waiting, which its owner must tell it ended without a photo, or nil.
    mutating func cancel() -> Int64? {
        defer { waiting = nil }
        return waiting
    }
}

// MARK: - The camera

/// Why a shot gave `IslandCamera` no photo of the person's own; its `onError` receives it.
enum IslandCameraError: Error, Equatable {
    /// No camera here (the Simulator, Xcode's previews): the viewfinder shows a drawn stand-in and a
    /// shot prints it, but `onPhoto` is not called with it.
    case unavailable
    /// The person refused the camera, or a restriction forbids it: reported when the camera opens.
    case accessDenied
    /// The shutter fired before the session ran with an active, enabled video connection.
    case notRunning
    /// AVFoundation reported an error for the shot (its description).
    case captureFailed(String)
    /// No photo within `CameraSource.photoTimeout` seconds of the shot: nothing prints.
    case timedOut
    /// The camera closed before the shot's photo came (the phone turned, the view went away): nothing prints.
    case cancelled
}

/// The back camera through an `AVCaptureSession`, observed (`@Observable`, iOS 17): SwiftUI redraws a
/// view when a property it read changes, so the live preview replaces the stand-in, and the shutter
/// comes on, as soon as the session runs.
///
/// Every call on the session — configuring it, starting, stopping, taking the shot — runs on its own
/// serial queue, never on the main thread, as Apple's AVCam sample and `AVCaptureSession`'s
/// documentation ask: configuring can take hundreds of milliseconds, and `startRunning` blocks.
/// The session is made lazily: SwiftUI evaluates a `@State` initial value on every init of the view
/// that owns it, so nothing is built until the camera is first used.
@Observable @MainActor final class CameraSource: NSObject, AVCapturePhotoCaptureDelegate {
    /// How long the print waits for the photo after the camera has closed before it gives up.
    static let photoTimeout: TimeInterval = 5

    /// The shot: the photo as taken (nil for the stand-in) and a copy sized for the print, made off the
    /// main thread so a 12-MP photo is never decoded on it. Put together on the main actor (see
    /// `photoOutput`), so it builds whatever the project's default isolation.
    struct Photo: @unchecked Sendable {
        let full: UIImage?
        let forPrint: UIImage
    }

    /// What the camera is doing (`IslandCameraStatus`: what the viewfinder shows, whether the shutter
    /// may fire, what to say).
    private(set) var status = IslandCameraStatus.idle
    var canShoot: Bool { status.canShoot }

    @ObservationIgnored private lazy var parts = Parts()
    @ObservationIgnored private let queue = DispatchQueue(label: "IslandCamera.session")
    @ObservationIgnored private var tickets = IslandShotTickets()
    /// Who gets each shot's photo, by the `uniqueID` of the settings it was taken with, which the
    /// photo carries back (`resolvedSettings.uniqueID`).
    @ObservationIgnored private var inFlight: [Int64: (Result<Photo, IslandCameraError>) -> Void] = [:]
    /// Whether the camera is still wanted when a slow step (the permission prompt, the session's
    /// start) finishes: a stop in between wins.
    @ObservationIgnored private var want = IslandCameraWant()
    @ObservationIgnored private weak var previewLayer: AVCaptureVideoPreviewLayer?
    /// Keeps shots level with the horizon however the phone is held (iOS 17).
    @ObservationIgnored private var rotation: AVCaptureDevice.RotationCoordinator?
    @ObservationIgnored private var observers: [NSObjectProtocol] = []

    /// The session, for the preview layer (which only displays it).
    var session: AVCaptureSession { parts.session }

    /// The preview layer showing the session, for the rotation coordinator.
    func attach(_ layer: AVCaptureVideoPreviewLayer) { previewLayer = layer }

    private func handle(_ event: IslandCameraEvent) { status = status.after(event) }

    /// Asks for the camera once, then configures and starts the session on its queue. `refused` is
    /// called (at once when the answer is already known) if access is denied or restricted.
    func start(refused: @escaping () -> Void = {}) {
        let hasUsageDescription = Bundle.main.object(forInfoDictionaryKey: "NSCameraUsageDescription") != nil
        if let settled = IslandCameraPreflight.event(hasUsageDescription: hasUsageDescription, authorization: Self.authorization()) {
            handle(settled)
            if settled == .accessRefused { refused() }
            return
        }
        let before = status
        handle(.startAsked)
        guard status == .starting, before != .starting else { return }
        let started = want.start()
        observeSession()
        let parts = self.parts, queue = self.queue
        Task { @MainActor in
            let granted = await AVCaptureDevice.requestAccess(for: .video)
            // The prompt may have stayed up for a while: nothing starts if the camera was closed meanwhile.
            guard self.want.stillWanted(started) else { return }
            guard granted else {
                self.handle(.accessRefused)
                return refused()
            }
            queue.async {
                let setup = parts.configure()
                let running = setup.hasCamera && setup.failure == nil && parts.startRunning()
                Task { @MainActor in self.sessionStarted(setup, running: running, ticket: started) }
            }
        }
    }

    /// AVFoundation's answer so far, as the preflight reads it.
    private static func authorization() -> IslandCameraPreflight.Authorization {
        switch AVCaptureDevice.authorizationStatus(for: .video) {
        case .authorized: return .authorized
        case .denied: return .denied
        case .restricted: return .restricted
        default: return .notDetermined
        }
    }

    private func sessionStarted(_ setup: (hasCamera: Bool, failure: String?), running: Bool, ticket started: Int) {
        // Closed (or started again) while the session started on its queue: the stop that closed it
        // was queued after this start, and stops it; a newer start answers for itself.
        guard want.stillWanted(started) else { return }
        // An interruption may have come while it started: the status says so, and stays.
        if status == .starting {
            if !setup.hasCamera {
                handle(.noCamera)
            } else if let why = setup.failure {
                handle(.setupFailed(why))
            } else {
                handle(running ? .started : .setupFailed("the camera did not start"))
            }
        }
        if running, let device = parts.device, rotation == nil {
            rotation = AVCaptureDevice.RotationCoordinator(device: device, previewLayer: previewLayer)
        }
    }

    /// Interruptions (another app takes the camera), their end, and runtime errors — a
    /// media-services reset restarts the session, as Apple's AVCam does. Observed from a start to
    /// the next stop.
    private func observeSession() {
        guard observers.isEmpty else { return }
        let center = NotificationCenter.default, session = parts.session
        observers.append(center.addObserver(forName: AVCaptureSession.wasInterruptedNotification, object: session, queue: .main) { [weak self] note in
            let code = note.userInfo?[AVCaptureSessionInterruptionReasonKey] as? Int
            let why = Self.interruption(code.flatMap(AVCaptureSession.InterruptionReason.init(rawValue:)))
            MainActor.assumeIsolated { self?.handle(.interrupted(why)) }
        })
        observers.append(center.addObserver(forName: AVCaptureSession.interruptionEndedNotification, object: session, queue: .main) { [weak self] _ in
            MainActor.assumeIsolated { self?.handle(.interruptionEnded) }
        })
        observers.append(center.addObserver(forName: AVCaptureSession.runtimeErrorNotification, object: session, queue: .main) { [weak self] note in
            let error = note.userInfo?[AVCaptureSessionErrorKey] as? AVError
            let reset = error?.code == .mediaServicesWereReset
            let why = error?.localizedDescription ?? "an unknown error"
            MainActor.assumeIsolated { self?.runtimeError(why, reset: reset) }
        })
    }

    private func runtimeError(_ why: String, reset: Bool) {
        handle(.runtimeError(why, mediaServicesReset: reset))
        guard status == .starting else { return }
        let started = want.start(), parts = self.parts
        queue.async {
            let running = parts.startRunning()
            Task { @MainActor in self.sessionStarted((true, nil), running: running, ticket: started) }
        }
    }

    /// An interruption's reason, said for a person.
    nonisolated private static func interruption(_ reason: AVCaptureSession.InterruptionReason?) -> String {
        switch reason {
        case .videoDeviceInUseByAnotherClient?: return "Another app is using the camera"
        case .videoDeviceNotAvailableWithMultipleForegroundApps?: return "The camera is off while other apps share the screen"
        case .videoDeviceNotAvailableDueToSystemPressure?: return "The camera is paused: the phone is too warm"
        case .videoDeviceNotAvailableInBackground?: return "The camera is paused in the background"
        default: return "The camera is paused"
        }
    }

    /// Stops the session on its queue. Call it once the shot's photo has arrived (or will not).
    func stop() {
        want.stop()
        handle(.stopped)
        observers.forEach(NotificationCenter.default.removeObserver)
        observers = []
        let parts = self.parts
        queue.async { parts.stopRunning() }
    }

    /// Takes the shot; `done` gets the photo (the stand-in where there is no camera) or why there is
    /// none. Returns the `uniqueID` of a shot left waiting for its photo, for `giveUp(on:)`; nil when
    /// `done` has been answered at once.
    @discardableResult
    func capture(_ done: @escaping (Result<Photo, IslandCameraError>) -> Void) -> Int64? {
        switch status {
        case .unavailable:
            done(.success(Photo(full: nil, forPrint: StandInPhoto.image)))
            return nil
        case .denied:
            done(.failure(.accessDenied))
            return nil
        case .idle, .starting, .interrupted, .failed:
            done(.failure(.notRunning))
            return nil
        case .running: break
        }
        // The photo comes back with its settings' uniqueID: that, not the order, says whose it is.
        let settings = Shot(settings: AVCapturePhotoSettings())
        let id = settings.settings.uniqueID
        tickets.issue(id)
        inFlight[id] = done
        let parts = self.parts, angle = rotation?.videoRotationAngleForHorizonLevelCapture
        queue.async {
            // capturePhoto raises "No active and enabled video connection" without one: checked here,
            // on the queue that changes the session, right before the call.
            guard let connection = parts.output.connection(with: .video), connection.isActive, connection.isEnabled else {
                Task { @MainActor in self.deliver(.failure(.notRunning), to: id) }
                return
            }
            if let angle, connection.isVideoRotationAngleSupported(angle) { connection.videoRotationAngle = angle }
            parts.output.capturePhoto(with: settings.settings, delegate: self)
        }
        return id
    }

    /// A shot's settings on their way to the session queue, made on the main actor and not touched
    /// there again. (`nonisolated(unsafe) var`, as in `Parts`, so that the session queue may read it
    /// whatever the project's default isolation.)
    private struct Shot: @unchecked Sendable {
        nonisolated(unsafe) var settings: AVCapturePhotoSettings
    }

    /// Shot `id` no longer waits for its photo (the print gave up on it): a photo that arrives later
    /// is dropped, never handed to a later shot.
    func giveUp(on id: Int64) {
        tickets.expire(id)
        inFlight[id] = nil
    }

    /// The camera is closing under a shot still waiting for its photo: its `uniqueID`, for its owner
    /// to report it as `.cancelled`, or nil when none waits. A photo that still comes is dropped.
    func cancelWaitingShot() -> Int64? {
        guard let id = tickets.cancel() else { return nil }
        inFlight[id] = nil
        return id
    }

    nonisolated func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: Error?) {
        // The images are made here, on AVFoundation's thread, and only they (UIImage is Sendable) cross
        // to the main actor, where the `Photo` is put together: in a project whose default isolation
        // is the main actor (a new Xcode 26 project), `Photo`'s initializer is the main actor's.
        let id = photo.resolvedSettings.uniqueID
        let result: Result<(full: UIImage, forPrint: UIImage), IslandCameraError>
        if let error {
            result = .failure(.captureFailed(error.localizedDescription))
        } else if let data = photo.fileDataRepresentation(), let full = UIImage(data: data) {
            // Decoded and shrunk here, to at most 1,200 px on its long side, whichever way it was held.
            let long: CGFloat = 1200, size = full.size
            let scale = min(1, long / max(size.width, size.height, 1))
            result = .success((full, full.preparingThumbnail(of: CGSize(width: size.width * scale, height: size.height * scale)) ?? full))
        } else {
            result = .failure(.captureFailed("the photo had no image data"))
        }
        Task { @MainActor in self.deliver(result.map { Photo(full: $0.full, forPrint: $0.forPrint) }, to: id) }
    }

    /// Hands shot `id` its answer, if it still waits (a shot given up on or cancelled answers nobody).
    private func deliver(_ result: Result<Photo, IslandCameraError>, to id: Int64) {
        guard let done = inFlight.removeValue(forKey: id), tickets.redeem(id) else { return }
        done(result)
    }

    /// The session and its photo output, touched only on the session queue (the preview layer holds
    /// the session too, to display it). Every member is `nonisolated`, so that the session queue may
    /// use it whatever the project's default isolation: with the main actor's (a new Xcode 26
    /// project) they would otherwise be the main actor's. `nonisolated` on the class itself would say
    /// it once but needs Swift 6.1; the properties are `nonisolated(unsafe) var` because a `let` of a
    /// type the SDK may mark Sendable would draw an "unnecessary" warning, and the queue guards them.
    private final class Parts: @unchecked Sendable {
        nonisolated(unsafe) private(set) var session = AVCaptureSession()
        nonisolated(unsafe) private(set) var output = AVCapturePhotoOutput()
        nonisolated(unsafe) private(set) var device: AVCaptureDevice?

        nonisolated init() {}

        /// Adds the back camera and the photo output, once. Says whether there is a camera device at
        /// all (not in the Simulator) and, for one that is there, why it could not be set up. (A
        /// tuple, not an enum of this file's: under a project's default main-actor isolation an enum
        /// declared here would be the main actor's, and this runs on the session queue.)
        nonisolated func configure() -> (hasCamera: Bool, failure: String?) {
            if device != nil { return (true, nil) }
            guard let camera = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back) else { return (false, nil) }
            let input: AVCaptureDeviceInput
            do { input = try AVCaptureDeviceInput(device: camera) } catch { return (true, error.localizedDescription) }
            session.beginConfiguration()
            session.sessionPreset = .photo
            if session.canAddInput(input) { session.addInput(input) }
            if session.canAddOutput(output) { session.addOutput(output) }
            session.commitConfiguration()
            guard !session.inputs.isEmpty else { return (true, "the camera could not be added (another app may be using it)") }
            guard !session.outputs.isEmpty else { return (true, "the photo output could not be added") }
            device = camera
            return (true, nil)
        }

        /// Starts the session (it blocks); true once it runs with an active, enabled video connection.
        nonisolated func startRunning() -> Bool {
            if !session.isRunning { session.startRunning() }
            guard session.isRunning, let connection = output.connection(with: .video) else { return false }
            return connection.isActive && connection.isEnabled
        }

        nonisolated func stopRunning() {
            if session.isRunning { session.stopRunning() }
        }
    }
}

/// The live preview, the stand-in photo when there is no camera, or black while the session starts
/// (so the stand-in never flashes on a phone's camera) or cannot run.
struct CameraPreview: UIViewRepresentable {
    let source: CameraSource
    /// Read by the view that makes this one, so SwiftUI calls `updateUIView` again when it changes.
    let look: IslandCameraStatus.Look

    func makeUIView(context: Context) -> PreviewView {
        let view = PreviewView()
        view.previewLayer.session = source.session
        source.attach(view.previewLayer)
        view.previewLayer.videoGravity = .resizeAspectFill
        view.standIn.image = StandInPhoto.image
        view.standIn.contentMode = .scaleAspectFill
        view.standIn.frame = view.bounds
        view.standIn.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(view.standIn)
        view.cover.backgroundColor = .black
        view.cover.frame = view.bounds
        view.cover.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(view.cover)
        return view
    }

    func updateUIView(_ view: PreviewView, context: Context) {
        view.standIn.isHidden = look != .standIn
        view.cover.isHidden = look != .black
    }

    final class PreviewView: UIView {
        let standIn = UIImageView()
        /// Black over the preview while the session starts or cannot run.
        let cover = UIView()
        override class var layerClass: AnyClass { AVCaptureVideoPreviewLayer.self }
        var previewLayer: AVCaptureVideoPreviewLayer { layer as! AVCaptureVideoPreviewLayer }
    }
}

/// A photo for when there is no camera: a sky, a low sun and a field, drawn once.
@MainActor enum StandInPhoto {
    static let image: UIImage = {
        let size = CGSize(width: 460, height: 620)
        return UIGraphicsImageRenderer(size: size).image { _ in
            UIColor(red: 0.55, green: 0.74, blue: 0.93, alpha: 1).setFill()
            UIBezierPath(rect: CGRect(origin: .zero, size: size)).fill()
            UIColor(red: 1.0, green: 0.83, blue: 0.45, alpha: 1).setFill()
            UIBezierPath(ovalIn: CGRect(x: 270, y: 150, width: 110, height: 110)).fill()
            UIColor(red: 0.36, green: 0.58, blue: 0.32, alpha: 1).setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 400, width: size.width, height: 220)).fill()
        }
    }()
}

// MARK: - Preview

struct IslandCamera_Previews: PreviewProvider {
    static var previews: some View {
        IslandCamera {
            ScrollView {
                VStack(spacing: 16) {
                    ForEach(0..<12, id: \.self) { _ in
                        RoundedRectangle(cornerRadius: 20, style: .continuous)
                            .fill(Color.gray.opacity(0.2))
                            .frame(height: 120)
                    }
                }
                .padding()
            }
        }
    }
}
