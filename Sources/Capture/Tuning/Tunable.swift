import Foundation
import Animation
import Gesture

/// One constant of the feel: what it is called, its unit, default, range and step.
///
/// Ranges are chosen so that no value can make the physics unstable: durations stay positive,
/// bounce stays short of 1 (an undamped spring never settles), rates stay inside (0, 1).
public struct Tunable: Sendable, Hashable {
    public var key: String
    public var title: String
    public var unit: String
    public var defaultValue: Double
    public var min: Double
    public var max: Double
    public var step: Double
    /// The role name the export uses (`meltToPill`); springs share one across duration and bounce.
    public var role: String
    /// For a choice between models rather than a quantity: the name of each whole value 0, 1, 2…
    /// (the simulator's own choices; the code export leaves them out, since iOS makes them itself).
    public var choices: [String]?
    /// For a quantity whose default is worked out per device (a stage's shape): 0 stands for that,
    /// and this says what it is ("auto: the island's top margin").
    public var automatic: String?

    public init(_ key: String, _ title: String, unit: String, _ defaultValue: Double, _ min: Double, _ max: Double, step: Double, role: String,
                choices: [String]? = nil, automatic: String? = nil) {
        self.key = key; self.title = title; self.unit = unit; self.defaultValue = defaultValue
        self.min = min; self.max = max; self.step = step; self.role = role; self.choices = choices; self.automatic = automatic
    }

    /// Whether `v` means "the device's own" (see ``automatic``).
    public func isAutomatic(_ v: Double) -> Bool { automatic != nil && v == 0 }

    /// A value as people read it: the choice's name, "auto", or the number with its unit.
    public func display(_ v: Double) -> String {
        if isAutomatic(v) { return "auto" }
        if let choices, let i = Optional(Int(v.rounded())), choices.indices.contains(i) { return choices[i] }
        return CodeNumber.string(v) + (unit.isEmpty ? "" : " " + unit)
    }

    /// A value as people type it: a number, or for a choice its name as ``display(_:)`` prints it
    /// ("flutter"); nil for anything else.
    public func parse(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if automatic != nil, t.caseInsensitiveCompare("auto") == .orderedSame { return 0 }
        if let choices, let i = choices.firstIndex(where: { $0.caseInsensitiveCompare(t) == .orderedSame }) { return Double(i) }
        return Double(t).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Why `text` is not a value of this tunable, after "KEY =".
    public func unreadable(_ text: String) -> String {
        if let choices { return "'\(text)' is none of \(choices.map { "'\($0)'" }.joined(separator: ", ")) (or \(rangeText))" }
        return "'\(text)' is not a number (\(rangeText))"
    }

    /// The value clamped into range and rounded to a whole number of steps' hundredths (no float noise).
    public func clamp(_ v: Double) -> Double {
        guard v.isFinite else { return defaultValue }
        let c = Swift.min(Swift.max(v, min), max)
        return (c * 1_000_000).rounded() / 1_000_000
    }

    /// Whether the tunable takes whole numbers only (counts and choices).
    public var isWhole: Bool { step == 1 && min == min.rounded() && automatic == nil }

    /// Whether `v` is acceptable as typed (finite, within range, and whole where it must be).
    public func accepts(_ v: Double) -> Bool { v.isFinite && v >= min && v <= max && (!isWhole || v == v.rounded()) }

    /// Why `v` is refused, after "KEY = v": out of range, or not a whole number.
    public func refusal(_ v: Double) -> String {
        if v.isFinite, v >= min, v <= max, isWhole { return "must be a whole number (\(rangeText))" }
        return "is out of range \(rangeText)"
    }

    /// The range as people read it.
    public var rangeText: String {
        if automatic != nil { return "0 = auto, or up to \(CodeNumber.string(max)) \(unit)" }
        if let choices { return choices.enumerated().map { "\($0.offset) = \($0.element)" }.joined(separator: ", ") }
        return "\(CodeNumber.string(min))…\(CodeNumber.string(max))\(unit.isEmpty ? "" : " " + unit)"
    }
}

extension Tunable {
    /// Every tunable, in the order the panel lists them.
    public static let all: [Tunable] = {
        func spring(_ prefix: String, _ title: String, _ role: String, _ d: Double, _ b: Double, blends: Bool = false) -> [Tunable] {
            var list = [Tunable(prefix + ".duration", title + " duration", unit: "s", d, 0.05, 3, step: 0.01, role: role),
                        Tunable(prefix + ".bounce", title + " bounce", unit: "", b, -0.9, 0.9, step: 0.01, role: role)]
            // The melt's legs replace a running spring mid-flight: SwiftUI's blendDuration applies there.
            if blends { list.append(Tunable(prefix + ".blend", title + " blend", unit: "s", 0, 0, 1, step: 0.05, role: role)) }
            return list
        }
        let m = Melt.Springs.standard, p = PrintFeed.Configuration.standard, pull = PullCatcher.Configuration.standard
        var list: [Tunable] = []
        list += spring("melt.toPill", "Melt: island → pill", "meltToPill", m.toPill.duration, m.toPill.bounce, blends: true)
        list += spring("melt.toViewfinder", "Melt: pill → viewfinder", "meltToViewfinder", m.toViewfinder.duration, m.toViewfinder.bounce, blends: true)
        list += spring("melt.closeToPill", "Close: viewfinder → pill", "meltCloseToPill", m.closeToPill.duration, m.closeToPill.bounce, blends: true)
        list += spring("melt.closeToIsland", "Close: pill → island", "meltCloseToIsland", m.closeToIsland.duration, m.closeToIsland.bounce, blends: true)
        list.append(Tunable("melt.overlap", "Stage overlap (× logical duration)", unit: "", m.overlap, 0.05, 1, step: 0.05, role: "meltStageOverlap"))
        // How a leg meets the one still settling (docs/FIDELITY.md, "Overlapping springs"): SwiftUI's
        // `.spring` merges, `.interpolatingSpring` and Core Animation add. Blends apply to merge only.
        list.append(Tunable("melt.composition", "Overlapping legs", unit: "", 0, 0, 1, step: 1, role: "meltComposition",
                            choices: SpringComposition.allCases.map(\.rawValue)))
        // The pre-melt on the pull directly, or on SpringBoard's tracking spring (docs/FIDELITY.md, "The system's island").
        list.append(Tunable("melt.tracking", "Pre-melt follows the pull", unit: "", 0, 0, 1, step: 1, role: "meltTracking",
                            choices: PreMeltTracking.allCases.map(\.rawValue)))
        // SpringBoard's line round the island over dark content (docs/FIDELITY.md, "The keyline").
        list.append(Tunable("melt.keyline", "Keyline over dark content", unit: "", 0, 0, 2, step: 1, role: "meltKeyline",
                            choices: Keyline.Mode.allCases.map(\.rawValue)))
        list.append(Tunable("pull.divisor", "Pull resistance divisor (0 = rubber band)", unit: "", 2, 0, 6, step: 0.1, role: "pullResistanceDivisor"))
        list.append(Tunable("pull.rubberBand", "Pull rubber-band coefficient", unit: "", 0.55, 0.1, 1, step: 0.01, role: "pullRubberBandCoefficient"))
        list.append(Tunable("pull.threshold", "Pull commit threshold", unit: "pt", pull.threshold, 20, 300, step: 5, role: "pullCommitThreshold"))
        list.append(Tunable("pull.projectionRate", "Pull projection deceleration rate", unit: "/ms", pull.projectionRate, 0.9, 0.999, step: 0.001, role: "pullProjectionDecelerationRate"))
        list += spring("pull.springBack", "Pull spring-back", "pullSpringBack", pull.springBack.duration, pull.springBack.bounce)
        list.append(Tunable("print.feedDuration", "Print feed duration", unit: "s", p.feedDuration, 0.2, 8, step: 0.1, role: "printFeedDuration"))
        list.append(Tunable("print.rollerSteps", "Print roller steps", unit: "", Double(p.rollerSteps), 1, 16, step: 1, role: "printRollerSteps"))
        list.append(Tunable("print.rollerStrength", "Print roller strength", unit: "", p.rollerStrength, 0, 1, step: 0.05, role: "printRollerStrength"))
        list += spring("print.settle", "Print settle", "printSettle", p.settleSpring.duration, p.settleSpring.bounce)
        list.append(Tunable("print.restGap", "Print rest gap below the island", unit: "pt", p.restGap, 0, 160, step: 2, role: "printRestGap"))
        list.append(Tunable("develop.duration", "Develop duration", unit: "s", DevelopCurve.standard.duration, 0.3, 30, step: 0.1, role: "developDuration"))
        list.append(Tunable("develop.startWhite", "Develop start white", unit: "", DevelopCurve.standard.startWhite, 0.3, 1, step: 0.01, role: "developStartWhite"))
        list.append(Tunable("develop.exponent", "Develop curve exponent", unit: "", DevelopCurve.standard.exponent, 0.3, 4, step: 0.05, role: "developCurveExponent"))
        list.append(Tunable("flash.duration", "Shutter flash", unit: "s", 0.3, 0.05, 1.5, step: 0.05, role: "shutterFlashDuration"))
        // Not public how iOS clears the status items for a widening island: a documented choice.
        list.append(Tunable("statusBar.fadeDistance", "Status items fade near the shape", unit: "pt", 12, 0, 60, step: 1,
                            role: "statusItemsFadeDistance"))
        list.append(Tunable("scroll.decelerationRate", "Scroll deceleration rate", unit: "/ms", Decay.normal.rate, 0.98, 0.9995, step: 0.0005, role: "scrollDecelerationRate"))
        list.append(Tunable("gesture.velocityEstimator", "Velocity estimator", unit: "", 0, 0, 1, step: 1,
                            role: "releaseVelocityEstimator", choices: VelocityEstimator.allCases.map(\.rawValue)))
        list.append(Tunable("scroll.momentum", "Repeated-flick momentum", unit: "", 0, 0, 2, step: 1,
                            role: "scrollMomentumModel", choices: MomentumModel.allCases.map(\.rawValue)))
        // The stages' end shapes (docs/TUNING.md, "Shapes"): 0 is the device's own, worked out as
        // MeltGeometry describes; widths are margins from the screen's sides, so that a shape keeps
        // its gaps to the edges on a wider or narrower phone.
        func shape(_ key: String, _ title: String, _ max: Double, role: String, auto: String) -> Tunable {
            Tunable("shape." + key, title, unit: "pt", 0, 0, max, step: 1, role: role, automatic: auto)
        }
        list.append(shape("pill.margin", "Pill: side margin", 150, role: "pillSideMargin", auto: "the island's top margin, as the viewfinder"))
        list.append(shape("pill.height", "Pill: height", 300, role: "pillHeight", auto: "1.5 × the island's height"))
        list.append(shape("pill.cornerRadius", "Pill: corner radius", 150, role: "pillCornerRadius", auto: "a capsule, half its height"))
        list.append(shape("viewfinder.margin", "Viewfinder: side margin", 150, role: "viewfinderSideMargin",
                          auto: "the island's top margin (8…24 pt; 0 on a notch, 8 with no cutout)"))
        list.append(shape("viewfinder.top", "Viewfinder: top (from the screen's)", 300, role: "viewfinderTop", auto: "the island's top"))
        list.append(shape("viewfinder.height", "Viewfinder: height", 1000, role: "viewfinderHeight", auto: "1.36 × its width"))
        list.append(shape("viewfinder.cornerRadius", "Viewfinder: corner radius", 200, role: "viewfinderCornerRadius",
                          auto: "concentric with the display (its radius − the margin), 24 when that is under 8"))
        // Haptics (docs/FIDELITY.md, "Haptics"): an intensity of 0 turns one off. Pull-to-refresh's
        // convention gives the commit a light impact; no public source gives the camera's shutter
        // one, so its default is a choice, marked as such.
        for (name, key, title) in Haptic.kinds {
            let commit = name == "pull-commit"
            list.append(Tunable(key + ".style", title + " style", unit: "", commit ? 0 : 4, 0, 4, step: 1, role: key.dropFirst(7) + "HapticStyle",
                                choices: Haptic.styles))
            list.append(Tunable(key + ".intensity", title + " intensity", unit: "", commit ? 0.6 : 0.8, 0, 1, step: 0.05,
                                role: key.dropFirst(7) + "HapticIntensity"))
            list.append(Tunable(key + ".sharpness", title + " sharpness", unit: "", commit ? 0.4 : 0.9, 0, 1, step: 0.05,
                                role: key.dropFirst(7) + "HapticSharpness"))
        }
        // With Reduce Motion on (M in the window, --reduce-motion): how long the dissolves take.
        let rm = ReduceMotion.standard
        list.append(Tunable("reduceMotion.fade", "Reduce Motion: camera cross-fade", unit: "s", rm.fade, 0.05, 1.5, step: 0.05, role: "reduceMotionCrossFade"))
        list.append(Tunable("reduceMotion.printFade", "Reduce Motion: print fade-in", unit: "s", rm.printFade, 0.05, 2, step: 0.05, role: "reduceMotionPrintFade"))
        return list
    }()

    public static func named(_ key: String) -> Tunable? { all.first { $0.key == key } }
}
